import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { HavingTroubleLink } from './having-trouble-link.tsx';
import { needsSecondFactor } from './session-api.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useSignIn } from './use-sign-in.ts';

type TLoginFormProps = {
  defaultTarget: string;
  forgotPasswordPath: string;
};

export function LoginForm({ defaultTarget, forgotPasswordPath }: TLoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const errorMessage = useErrorMessage();
  const signIn = useSignIn(defaultTarget);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);

  const emailError = touched && !email.trim() ? t('common:validation.required') : null;
  const passwordError = touched && !password ? t('common:validation.required') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    signIn.mutate({ email: email.trim(), password });
  };

  // The password was right and a second factor follows (or its enrolment, when the organisation requires one).
  if (needsSecondFactor(signIn.data)) return <SecondFactorStep challenge={signIn.data} defaultTarget={defaultTarget} onRestart={() => signIn.reset()} />;

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {signIn.error && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {errorMessage(signIn.error)}
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
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={forgotPasswordPath} fz="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
          {t('login.submit')}
        </Button>
        <Group justify="center">
          <HavingTroubleLink />
        </Group>
      </Stack>
    </form>
  );
}
