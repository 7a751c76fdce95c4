import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { requestPasswordReset } from './session-api.ts';

/** Asks for the reset e-mail; the answer never tells whether the account exists. */
export function ResetRequestForm({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = useMutation<void, ApiError, string>({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (email.trim()) reset.mutate(email.trim());
  };

  const backToLogin = (
    <Anchor component={Link} to={loginPath} fz="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <Icon name="arrowLeft" size={16} />
        {t('reset.backToLogin')}
      </Group>
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {t('reset.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('reset.subtitle')}
        </Text>
      </Stack>
      {reset.isSuccess ? (
        <Alert color="teal" variant="light" role="status" data-testid="reset-requested" icon={<Icon name="mail" />}>
          {t('reset.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {reset.error && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(reset.error)}
              </Alert>
            )}
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              error={touched && !email.trim() ? t('common:validation.required') : null}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth size="md" loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Group justify="center">{backToLogin}</Group>
    </Stack>
  );
}
