import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { ResetConfirmForm } from '../auth/reset-confirm-form.tsx';
import { ResetRequestForm } from '../auth/reset-request-form.tsx';

/**
 * One page for both halves of the reset: DECISIONS.md sends instant-survey admins' reset e-mails
 * to `password-reset.html?uid=…&token=…`; without them the page asks for the e-mail.
 */
export function InstantPasswordResetPage() {
  const { t } = useTranslation(['auth', 'common']);
  const path = useRoutePath();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid');
  const token = searchParams.get('token');
  const confirming = Boolean(uid && token);
  useDocumentTitle(t('common:documentTitle', { page: confirming ? t('confirm.title') : t('reset.title') }));
  return (
    <AuthLayout>
      {uid && token ? (
        <ResetConfirmForm uid={uid} token={token} loginPath={path('login.html')} requestResetPath={path('password-reset.html')} />
      ) : (
        <ResetRequestForm loginPath={path('login.html')} />
      )}
    </AuthLayout>
  );
}
