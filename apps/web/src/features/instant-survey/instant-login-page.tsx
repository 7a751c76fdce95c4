import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { LoginForm } from '../auth/login-form.tsx';
import { SurveyCodeForm } from './survey-code-form.tsx';

/** Two doors on one page: participants join by code, hosts sign in. */
export function InstantLoginPage() {
  const { t } = useTranslation(['instantSurvey', 'common']);
  const path = useRoutePath();
  useDocumentTitle(t('common:documentTitle', { page: t('login.title') }));
  return (
    <AuthLayout wide>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={26}>
          {t('login.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'xl', sm: 48 }}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {t('code.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('code.hint')}
            </Text>
          </div>
          <SurveyCodeForm />
        </Stack>
        <Stack gap="md">
          <Divider hiddenFrom="sm" label={t('login.or')} labelPosition="center" />
          <div>
            <Title order={2} fz="lg">
              {t('login.hostTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('login.hostHint')}
            </Text>
          </div>
          <LoginForm defaultTarget={path('surveys/list.html')} forgotPasswordPath={path('password-reset.html')} origin="instant_survey" />
        </Stack>
      </SimpleGrid>
    </AuthLayout>
  );
}
