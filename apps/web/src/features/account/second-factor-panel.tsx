import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notifications/notify.ts';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState, useErrorMessage } from '../../shared/ui/error-state.tsx';
import { RecoveryCodesPanel, TotpEnrolmentPanel } from '../auth/totp-enrolment-panel.tsx';
import { beginTotp, confirmTotp, fetchSecondFactor, removeTotp, secondFactorQueryKey, sessionsQueryKey } from './account-api.ts';

/** Two-step sign-in with an authenticator app: set it up (QR code, first code, recovery codes) or remove it. */
export function SecondFactorPanel() {
  const { t } = useTranslation(['account', 'auth']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: secondFactorQueryKey, queryFn: fetchSecondFactor });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [removeCode, setRemoveCode] = useState('');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
    await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  };
  const begin = useMutation({ mutationFn: beginTotp, onError: (error) => notify('error', errorMessage(error)) });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: async ({ recovery_codes }) => {
      setRecoveryCodes(recovery_codes);
      begin.reset();
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: removeTotp,
    onSuccess: async (answer) => {
      notify('success', answer.detail);
      setRemoveCode('');
      await refresh();
    },
  });
  const submitRemove = (event: FormEvent) => {
    event.preventDefault();
    if (removeCode.trim()) remove.mutate(removeCode.trim());
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="second-factor-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('secondFactor.title')}
          </Title>
          {status.data && (
            // On with any second factor: the authenticator app here or a passkey (passkeys-panel.tsx).
            <Badge color={status.data.totp || status.data.passkeys > 0 ? 'teal' : 'gray'} variant="light" data-testid="second-factor-state">
              {status.data.totp || status.data.passkeys > 0 ? t('secondFactor.on') : t('secondFactor.off')}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('secondFactor.help')}
        </Text>
        {status.isPending && <CenteredLoader label={t('secondFactor.title')} />}
        {status.isError && <ErrorState error={status.error} onRetry={() => void status.refetch()} />}
        {recoveryCodes && <RecoveryCodesPanel codes={recoveryCodes} doneLabel={t('auth:secondFactor.continue')} onDone={() => setRecoveryCodes(null)} />}
        {!recoveryCodes && begin.data && (
          <TotpEnrolmentPanel enrolment={begin.data} pending={confirm.isPending} error={confirm.error ? errorMessage(confirm.error) : null} onConfirm={(code) => confirm.mutate(code)} />
        )}
        {!recoveryCodes && !begin.data && status.data && !status.data.totp && (
          <Group>
            <Button loading={begin.isPending} onClick={() => begin.mutate()} data-testid="totp-enrol-start">
              {t('auth:secondFactor.enrolStart')}
            </Button>
          </Group>
        )}
        {!recoveryCodes && status.data?.totp && (
          <Stack gap="sm">
            <Text fz="sm" data-testid="recovery-codes-left">
              {t('secondFactor.recoveryLeft', { count: status.data.recovery_codes_left })}
            </Text>
            {status.data.required && status.data.passkeys === 0 ? (
              <Alert color="blue" variant="light">
                {t('secondFactor.required')}
              </Alert>
            ) : (
              <form onSubmit={submitRemove} noValidate>
                <Group align="flex-end">
                  <TextInput label={t('secondFactor.removeCode')} autoComplete="one-time-code" value={removeCode} onChange={(event) => setRemoveCode(event.currentTarget.value)} error={remove.error ? errorMessage(remove.error) : null} />
                  <Button type="submit" variant="light" color="red" loading={remove.isPending} disabled={!removeCode.trim()}>
                    {t('secondFactor.remove')}
                  </Button>
                </Group>
              </form>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
