import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TSsoOrigin } from '@ona/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { discoverSignIn, goToIdentityProvider } from '../sso/sso-api.ts';
import { HavingTroubleLink } from './having-trouble-link.tsx';
import { needsSecondFactor } from './session-api.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useSignIn } from './use-sign-in.ts';

type TLoginFormProps = {
  defaultTarget: string;
  forgotPasswordPath: string;
  /** Which login page this is: the callback of a single sign-on comes back to the same route set. */
  origin?: TSsoOrigin;
};

/**
 * E-mail first (docs/single-sign-on.md): the address decides whether the person goes on to their
 * organisation's identity provider or to the password field here.
 */
export function LoginForm({ defaultTarget, forgotPasswordPath, origin = 'engagement' }: TLoginFormProps) {
  const { t } = useTranslation(['auth', 'common', 'sso']);
  const errorMessage = useErrorMessage();
  const signIn = useSignIn(defaultTarget);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'email' | 'password' | 'redirecting'>('email');
  const [touched, setTouched] = useState(false);
  const discover = useMutation<Awaited<ReturnType<typeof discoverSignIn>>, ApiError, string>({
    mutationFn: (address) => discoverSignIn(address, origin),
    onSuccess: (found) => {
      if (found.method === 'sso') {
        setStep('redirecting');
        goToIdentityProvider(found);
      } else {
        setTouched(false);
        setStep('password');
      }
    },
  });

  const emailError = touched && !email.trim() ? t('common:validation.required') : null;
  const passwordError = touched && step === 'password' && !password ? t('common:validation.required') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!email.trim()) return;
    if (step === 'email') {
      discover.mutate(email.trim());
      return;
    }
    if (!password) return;
    signIn.mutate({ email: email.trim(), password });
  };

  const changeEmail = () => {
    setStep('email');
    setPassword('');
    setTouched(false);
    signIn.reset();
  };

  const error = signIn.error ?? discover.error;

  // The password was right and a second factor follows (or its enrolment, when the organisation requires one).
  if (needsSecondFactor(signIn.data)) return <SecondFactorStep challenge={signIn.data} defaultTarget={defaultTarget} onRestart={changeEmail} />;

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {errorMessage(error)}
          </Alert>
        )}
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          error={emailError}
          readOnly={step !== 'email'}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {step === 'password' && (
          <>
            <Group justify="flex-end" mt={-10}>
              <Anchor component="button" type="button" fz="sm" onClick={changeEmail} data-testid="login-change-email">
                {t('sso:login.changeEmail')}
              </Anchor>
            </Group>
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              error={passwordError}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </>
        )}
        {step !== 'redirecting' && (
          // Shown from the start too: someone who knows they forgot their password need not type the address twice.
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={forgotPasswordPath} fz="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
        )}
        {step === 'redirecting' && (
          <Text fz="sm" c="dimmed" role="status" data-testid="login-redirecting">
            {t('sso:login.redirecting')}
          </Text>
        )}
        <Button type="submit" fullWidth size="md" loading={signIn.isPending || discover.isPending || step === 'redirecting'}>
          {step === 'password' ? t('login.submit') : t('sso:login.continue')}
        </Button>
        <Group justify="center">
          <HavingTroubleLink />
        </Group>
      </Stack>
    </form>
  );
}
