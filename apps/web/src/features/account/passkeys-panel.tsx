import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import type { TPasskey } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { createPasskey, PasskeyDialogError, passkeysSupported } from '../auth/passkey-ceremony.ts';
import { fetchPasskeys, passkeyOptions, passkeysQueryKey, registerPasskey, removePasskey, secondFactorQueryKey, sessionsQueryKey } from './account-api.ts';
import { useDateTime } from './sessions-panel.tsx';

/** Passkeys as the second step of sign-in: add one under a name (the browser's own dialog), list them, remove one. */
export function PasskeysPanel() {
  const { t } = useTranslation(['account', 'auth']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: fetchPasskeys });
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    await queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
    await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  };
  const add = useMutation({
    mutationFn: async (passkeyName: string) => registerPasskey({ name: passkeyName, response: await createPasskey(await passkeyOptions()) }),
    onSuccess: async (passkey) => {
      notify('success', t('passkeys.added', { name: passkey.name }));
      setName('');
      setTouched(false);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (passkey: TPasskey) => removePasskey(passkey.id),
    onSuccess: async (answer) => {
      notify('success', answer.detail);
      await refresh();
    },
    onError: (error) => notify('error', errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim()) add.mutate(name.trim());
  };
  const addError = add.error instanceof PasskeyDialogError ? t('auth:passkey.dialogFailed') : add.error ? errorMessage(add.error) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="passkeys-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('passkeys.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('passkeys.help')}
        </Text>
        {passkeys.isPending && <CenteredLoader label={t('passkeys.title')} />}
        {passkeys.isError && <ErrorState error={passkeys.error} onRetry={() => void passkeys.refetch()} />}
        {passkeys.data && passkeys.data.length === 0 && (
          <Text fz="sm" data-testid="passkeys-none">
            {t('passkeys.none')}
          </Text>
        )}
        {passkeys.data && passkeys.data.length > 0 && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('passkeys.name')}</Table.Th>
                <Table.Th>{t('passkeys.addedAt')}</Table.Th>
                <Table.Th>{t('passkeys.lastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {passkeys.data.map((passkey) => (
                <Table.Tr key={passkey.id} data-testid="passkey-row">
                  <Table.Td>{passkey.name}</Table.Td>
                  <Table.Td>{dateTime(passkey.created_at)}</Table.Td>
                  <Table.Td>{passkey.last_used_at ? dateTime(passkey.last_used_at) : t('passkeys.never')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" disabled={remove.isPending} onClick={() => remove.mutate(passkey)} aria-label={t('passkeys.removeNamed', { name: passkey.name })} data-testid="passkey-remove">
                      {t('passkeys.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {passkeysSupported() ? (
          <form onSubmit={submit} noValidate aria-label={t('passkeys.add')}>
            <Stack gap="sm">
              {addError && (
                <Alert color="red" variant="light" role="alert" data-testid="passkey-error">
                  {addError}
                </Alert>
              )}
              <Group align="flex-end">
                <TextInput
                  label={t('passkeys.name')}
                  description={t('passkeys.nameHint')}
                  maxLength={60}
                  required
                  value={name}
                  error={touched && !name.trim() ? t('passkeys.nameRequired') : null}
                  onChange={(event) => setName(event.currentTarget.value)}
                  data-testid="passkey-name"
                />
                <Button type="submit" loading={add.isPending} data-testid="passkey-add">
                  {t('passkeys.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Alert color="gray" variant="light">
            {t('auth:passkey.unsupported')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
