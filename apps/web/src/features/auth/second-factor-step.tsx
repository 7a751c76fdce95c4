import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TLoginResponse, TSecondFactorNeeded } from '@ona/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { createPasskey, PasskeyDialogError, passkeysSupported, signWithPasskey } from './passkey-ceremony.ts';
import { answerSecondFactor, answerWithPasskey, beginPendingEnrolment, confirmPendingEnrolment, enrolPendingPasskey, passkeySignInOptions, pendingPasskeyOptions } from './session-api.ts';
import { RecoveryCodesPanel, TotpEnrolmentPanel } from './totp-enrolment-panel.tsx';
import { useCompleteSignIn } from './use-sign-in.ts';

type TSecondFactorStepProps = { challenge: TSecondFactorNeeded; defaultTarget: string; onRestart: () => void };

/** After a right password: the code of the authenticator app (or a recovery code), or the enrolment the organisation requires. */
export function SecondFactorStep({ challenge, defaultTarget, onRestart }: TSecondFactorStepProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" data-testid="second-factor-step">
      <Title order={2} fz="lg">
        {challenge.second_factor === 'verify' ? t('secondFactor.verifyTitle') : t('secondFactor.enrolTitle')}
      </Title>
      {challenge.second_factor === 'verify' ? (
        <>
          {challenge.methods.includes('passkey') && <PasskeySignIn challenge={challenge} defaultTarget={defaultTarget} />}
          {challenge.methods.includes('totp') && <CodeForm challenge={challenge} defaultTarget={defaultTarget} />}
        </>
      ) : (
        <>
          {challenge.methods.includes('passkey') && passkeysSupported() && <PasskeyEnrolment challenge={challenge} defaultTarget={defaultTarget} />}
          <RequiredEnrolment challenge={challenge} defaultTarget={defaultTarget} alternative={challenge.methods.includes('passkey') && passkeysSupported()} />
        </>
      )}
      <Group justify="center">
        <Anchor component="button" type="button" fz="sm" onClick={onRestart} data-testid="second-factor-restart">
          {t('secondFactor.restart')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function CodeForm({ challenge, defaultTarget }: { challenge: TSecondFactorNeeded; defaultTarget: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const complete = useCompleteSignIn(defaultTarget);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const answer = useMutation({ mutationFn: (value: string) => answerSecondFactor(challenge.pending_token, value), onSuccess: complete });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (code.trim()) answer.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('secondFactor.verifyTitle')}>
      <Stack gap="md">
        <Text fz="sm">{t('secondFactor.verifyHelp')}</Text>
        {answer.error && (
          <Alert color="red" variant="light" role="alert" data-testid="second-factor-error">
            {errorMessage(answer.error)}
          </Alert>
        )}
        <TextInput
          label={t('secondFactor.codeLabel')}
          description={t('secondFactor.recoveryHint')}
          autoComplete="one-time-code"
          autoFocus={!challenge.methods.includes('passkey')}
          required
          value={code}
          error={touched && !code.trim() ? t('common:validation.required') : null}
          onChange={(event) => setCode(event.currentTarget.value)}
          data-testid="second-factor-code"
        />
        <Button type="submit" fullWidth size="md" loading={answer.isPending} data-testid="second-factor-submit">
          {t('secondFactor.verifySubmit')}
        </Button>
      </Stack>
    </form>
  );
}

function RequiredEnrolment({ challenge, defaultTarget, alternative }: { challenge: TSecondFactorNeeded; defaultTarget: string; alternative: boolean }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const complete = useCompleteSignIn(defaultTarget);
  const [signedIn, setSignedIn] = useState<(TLoginResponse & { recovery_codes: string[] }) | null>(null);
  const begin = useMutation({ mutationFn: () => beginPendingEnrolment(challenge.pending_token) });
  const confirm = useMutation({ mutationFn: (code: string) => confirmPendingEnrolment(challenge.pending_token, code), onSuccess: setSignedIn });
  if (signedIn) return <RecoveryCodesPanel codes={signedIn.recovery_codes} doneLabel={t('secondFactor.continue')} onDone={() => complete(signedIn)} />;
  if (begin.data) return <TotpEnrolmentPanel enrolment={begin.data} pending={confirm.isPending} error={confirm.error ? errorMessage(confirm.error) : null} onConfirm={(code) => confirm.mutate(code)} />;
  return (
    <Stack gap="md">
      <Text fz="sm">{alternative ? t('passkey.orAuthenticator') : t('secondFactor.enrolRequired')}</Text>
      {begin.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(begin.error)}
        </Alert>
      )}
      <Button fullWidth size="md" loading={begin.isPending} onClick={() => begin.mutate()} data-testid="second-factor-enrol-start">
        {t('secondFactor.enrolStart')}
      </Button>
    </Stack>
  );
}

/** The browser's dialog failed (closed, timed out, no authenticator), or the server refused the answer. */
function usePasskeyErrorText(): (error: Error | null) => string | null {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  return (error) => (error instanceof PasskeyDialogError ? t('passkey.dialogFailed') : error ? errorMessage(error) : null);
}

/** Sign in with one of the user's passkeys: options with a fresh challenge, the browser's dialog, the signature. */
function PasskeySignIn({ challenge, defaultTarget }: { challenge: TSecondFactorNeeded; defaultTarget: string }) {
  const { t } = useTranslation('auth');
  const errorText = usePasskeyErrorText();
  const complete = useCompleteSignIn(defaultTarget);
  const sign = useMutation({
    mutationFn: async () => answerWithPasskey(challenge.pending_token, await signWithPasskey(await passkeySignInOptions(challenge.pending_token))),
    onSuccess: complete,
  });
  const error = errorText(sign.error);
  return (
    <Stack gap="md">
      <Text fz="sm">{t('passkey.verifyHelp')}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="second-factor-error">
          {error}
        </Alert>
      )}
      <Button fullWidth size="md" loading={sign.isPending} onClick={() => sign.mutate()} disabled={!passkeysSupported()} data-testid="second-factor-passkey">
        {t('passkey.verifySubmit')}
      </Button>
    </Stack>
  );
}

/** The enrolment the organisation requires, with a passkey: a name, the browser's dialog, then on to the page. */
function PasskeyEnrolment({ challenge, defaultTarget }: { challenge: TSecondFactorNeeded; defaultTarget: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = usePasskeyErrorText();
  const complete = useCompleteSignIn(defaultTarget);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const enrol = useMutation({
    mutationFn: async (passkeyName: string) => enrolPendingPasskey(challenge.pending_token, passkeyName, await createPasskey(await pendingPasskeyOptions(challenge.pending_token))),
    onSuccess: complete,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (name.trim()) enrol.mutate(name.trim());
  };
  const error = errorText(enrol.error);
  return (
    <form onSubmit={submit} noValidate aria-label={t('passkey.enrolStart')}>
      <Stack gap="md">
        <Text fz="sm">{t('passkey.enrolHelp')}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="second-factor-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('passkey.nameLabel')}
          description={t('passkey.nameHint')}
          maxLength={60}
          required
          value={name}
          error={touched && !name.trim() ? t('common:validation.required') : null}
          onChange={(event) => setName(event.currentTarget.value)}
          data-testid="passkey-enrol-name"
        />
        <Button type="submit" fullWidth size="md" loading={enrol.isPending} data-testid="passkey-enrol-start">
          {t('passkey.enrolStart')}
        </Button>
      </Stack>
    </form>
  );
}
