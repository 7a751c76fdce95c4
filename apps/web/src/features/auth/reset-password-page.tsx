import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const path = useRoutePath();
  useDocumentTitle(t('common:documentTitle', { page: t('reset.title') }));
  return (
    <AuthLayout>
      <ResetRequestForm loginPath={path('auth/login.html')} />
    </AuthLayout>
  );
}
