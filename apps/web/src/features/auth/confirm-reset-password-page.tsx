import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loginAfterPasswordReset, NEXT_PARAM, safeReturnTarget } from '../../shared/routing/return-target.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { InvalidResetLink } from './invalid-reset-link.tsx';
import { ResetConfirmForm } from './reset-confirm-form.tsx';

/**
 * The target of the reset e-mail: `auth/confirm-reset-password.html?uid=…&token=…`. A survey
 * invitation's personal link adds `next=…` (the survey intro), where the login leads on to; an
 * organisation's invitation adds `purpose=invitation` ("Set your password").
 */
export function ConfirmResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const path = useRoutePath();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid');
  const token = searchParams.get('token');
  useDocumentTitle(t('common:documentTitle', { page: t('confirm.title') }));
  const requestResetPath = path('auth/reset-password.html');
  const loginPath = path('auth/login.html');
  const next = searchParams.get(NEXT_PARAM);
  return (
    <AuthLayout>
      {uid && token ? (
        <ResetConfirmForm
          uid={uid}
          token={token}
          loginPath={loginPath}
          afterResetPath={loginAfterPasswordReset(loginPath, next)}
          firstPassword={safeReturnTarget(next, '') !== ''}
          invitation={searchParams.get('purpose') === 'invitation'}
          requestResetPath={requestResetPath}
        />
      ) : (
        <InvalidResetLink requestResetPath={requestResetPath} />
      )}
    </AuthLayout>
  );
}
