import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LoginForm } from './login-form.tsx';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const path = useRoutePath();
  useDocumentTitle(t('common:documentTitle', { page: t('login.title') }));
  return (
    <AuthLayout>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={26}>
          {t('login.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <LoginForm defaultTarget={path('engagements/list.html')} forgotPasswordPath={path('auth/reset-password.html')} />
    </AuthLayout>
  );
}
