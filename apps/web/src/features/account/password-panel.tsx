import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@ona/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { changePassword, sessionsQueryKey } from './account-api.ts';

/** A new password; every other session ends with it. */
export function PasswordPanel() {
  const { t } = useTranslation(['account', 'auth']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useMutation({
    mutationFn: () => changePassword({ current_password: current, new_password1: next, new_password2: repeat }),
    onSuccess: async ({ ended }) => {
      notify('success', t('password.changed', { count: ended }));
      setCurrent('');
      setNext('');
      setRepeat('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const tooShort = touched && next.length < PASSWORD_MIN_LENGTH ? t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) : null;
  const mismatch = touched && repeat !== next ? t('password.mismatch') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (current && next.length >= PASSWORD_MIN_LENGTH && next === repeat) change.mutate();
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate data-testid="password-change-form">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('password.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('password.help')}
          </Text>
          <PasswordInput label={t('password.current')} autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.currentTarget.value)} />
          <PasswordInput label={t('auth:fields.newPassword')} autoComplete="new-password" required value={next} error={tooShort} onChange={(event) => setNext(event.currentTarget.value)} />
          <PasswordInput label={t('auth:fields.repeatPassword')} autoComplete="new-password" required value={repeat} error={mismatch} onChange={(event) => setRepeat(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
