import type { TPasswordResetConfirm } from '@ona/contracts';
import { PASSWORD_MIN_LENGTH } from '@ona/contracts';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { checkNewPassword, type TPasswordProblem } from './password-rules.ts';
import { confirmPasswordReset } from './session-api.ts';

type TResetConfirmFormProps = {
  uid: string;
  token: string;
  loginPath: string;
  /** Where to go once the password is saved; the login page unless given. */
  afterResetPath?: string;
  /** The personal link of an invitation sets an account's first password rather than a new one. */
  firstPassword?: boolean;
  /** An organisation's invitation (`purpose=invitation`): the first password, with no survey waiting. */
  invitation?: boolean;
  requestResetPath: string;
};

const FIELD_NAMES = ['new_password1', 'new_password2'] as const;

export function ResetConfirmForm({ uid, token, loginPath, afterResetPath = loginPath, firstPassword = false, invitation = false, requestResetPath }: TResetConfirmFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { t: tOrg } = useTranslation('organizationAdmin');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const confirm = useMutation<void, ApiError, TPasswordResetConfirm>({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      notify('success', t('confirm.success'));
      void navigate(afterResetPath, { replace: true });
    },
  });

  const problems = touched ? checkNewPassword(password, repeat) : {};
  const problemText = (problem: TPasswordProblem | undefined): string | null => {
    if (problem === 'required') return t('common:validation.required');
    if (problem === 'tooShort') return t('confirm.tooShort', { min: PASSWORD_MIN_LENGTH });
    if (problem === 'mismatch') return t('confirm.mismatch');
    return null;
  };
  // Field messages of the server sit under their field; anything else (expired link…) on top.
  const serverField = (field: (typeof FIELD_NAMES)[number]) => confirm.error?.fieldErrors(field).join(' ') || null;
  const hasOnlyFieldErrors =
    confirm.error?.errors !== undefined &&
    Object.keys(confirm.error.errors).every((field) => (FIELD_NAMES as readonly string[]).includes(field));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const found = checkNewPassword(password, repeat);
    if (found.password || found.repeat) return;
    confirm.mutate({ uid, token, new_password1: password, new_password2: repeat });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {invitation ? tOrg('invitationPassword.title') : firstPassword ? t('confirm.firstPasswordTitle') : t('confirm.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {invitation
            ? tOrg('invitationPassword.subtitle', { min: PASSWORD_MIN_LENGTH })
            : firstPassword
              ? t('confirm.firstPasswordSubtitle', { min: PASSWORD_MIN_LENGTH })
              : t('confirm.subtitle', { min: PASSWORD_MIN_LENGTH })}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {confirm.error && !hasOnlyFieldErrors && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap={6}>
                <Text fz="sm">{errorMessage(confirm.error)}</Text>
                <Anchor component={Link} to={requestResetPath} fz="sm">
                  {t('confirm.requestNewLink')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <PasswordInput
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            value={password}
            error={problemText(problems.password) ?? serverField('new_password1')}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            required
            value={repeat}
            error={problemText(problems.repeat) ?? serverField('new_password2')}
            onChange={(event) => setRepeat(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" loading={confirm.isPending}>
            {t('confirm.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        <Anchor component={Link} to={loginPath} fz="sm">
          {t('reset.backToLogin')}
        </Anchor>
      </Group>
    </Stack>
  );
}
