import { PASSWORD_MIN_LENGTH } from '@ona/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { checkNewPassword, type TPasswordProblem } from '../auth/password-rules.ts';
import { useCompleteSetup } from './use-complete-setup.ts';

type TSetupFormProps = { token: string; target: string; loginPath: string };

const FIELD_NAMES = ['organization_name', 'name', 'email', 'password1', 'password2'] as const;
type TField = (typeof FIELD_NAMES)[number];

export function SetupForm({ token, target, loginPath }: TSetupFormProps) {
  const { t } = useTranslation(['setup', 'common']);
  const errorMessage = useErrorMessage();
  const setup = useCompleteSetup(target);
  const [organizationName, setOrganizationName] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);

  const required = (value: string) => (touched && !value.trim() ? t('common:validation.required') : null);
  const passwordProblems = touched ? checkNewPassword(password, repeat) : {};
  const problemText = (problem: TPasswordProblem | undefined): string | null => {
    if (problem === 'required') return t('common:validation.required');
    if (problem === 'tooShort') return t('tooShort', { min: PASSWORD_MIN_LENGTH });
    if (problem === 'mismatch') return t('mismatch');
    return null;
  };
  const serverField = (field: TField) => setup.error?.fieldErrors(field).join(' ') || null;
  // A wrong or used link, or an installation set up meanwhile, has no field: it goes on top.
  const hasOnlyFieldErrors =
    setup.error?.errors !== undefined && Object.keys(setup.error.errors).every((field) => (FIELD_NAMES as readonly string[]).includes(field));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const found = checkNewPassword(password, repeat);
    if (!organizationName.trim() || !name.trim() || !email.trim() || found.password || found.repeat) return;
    setup.mutate({ token, organization_name: organizationName.trim(), name: name.trim(), email: email.trim(), password1: password, password2: repeat });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')} data-testid="setup-form">
      <Stack gap="md">
        {setup.error && !hasOnlyFieldErrors && (
          <Alert color="red" variant="light" role="alert" data-testid="setup-error">
            <Stack gap={6}>
              <Text fz="sm">{errorMessage(setup.error)}</Text>
              {setup.error.code === 'setup_done' && (
                <Anchor component={Link} to={loginPath} fz="sm">
                  {t('signIn')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <TextInput
          label={t('fields.organizationName')}
          autoComplete="organization"
          required
          value={organizationName}
          error={required(organizationName) ?? serverField('organization_name')}
          onChange={(event) => setOrganizationName(event.currentTarget.value)}
        />
        <TextInput
          label={t('fields.name')}
          autoComplete="name"
          required
          value={name}
          error={required(name) ?? serverField('name')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          error={required(email) ?? serverField('email')}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('fields.password')}
          description={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          value={password}
          error={problemText(passwordProblems.password) ?? serverField('password1')}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('fields.repeatPassword')}
          autoComplete="new-password"
          required
          value={repeat}
          error={problemText(passwordProblems.repeat) ?? serverField('password2')}
          onChange={(event) => setRepeat(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" loading={setup.isPending}>
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
