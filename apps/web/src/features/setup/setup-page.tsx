import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { fetchSetupStatus, setupStatusQueryKey } from './setup-api.ts';
import { SetupForm } from './setup-form.tsx';

/**
 * First run (issue 15): `setup.html?token=…`, the link the server prints on a database without
 * users. Creates the first organisation and administrator and signs in; without a token, or once
 * the installation is set up, it says so and points to the sign-in page.
 */
export function SetupPage() {
  const { t } = useTranslation(['setup', 'common']);
  const path = useRoutePath();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const status = useQuery({ queryKey: setupStatusQueryKey, queryFn: ({ signal }) => fetchSetupStatus(signal) });
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  const loginPath = path('auth/login.html');

  const notice = (testId: string, title: string, body: string) => (
    <Stack gap="lg" data-testid={testId}>
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Alert color="yellow" variant="light" role="alert">
        {body}
      </Alert>
      <Button component={Link} to={loginPath} variant="light">
        {t('signIn')}
      </Button>
    </Stack>
  );

  let content;
  if (status.isPending) content = <CenteredLoader label={t('loading')} />;
  else if (status.isError) content = <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  else if (!status.data.needed) content = notice('setup-done', t('done.title'), t('done.body'));
  else if (!token) content = notice('setup-missing-token', t('missingToken.title'), t('missingToken.body'));
  else {
    content = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            {t('title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('subtitle')}
          </Text>
        </Stack>
        <SetupForm token={token} target={path('engagements/list.html')} loginPath={loginPath} />
      </Stack>
    );
  }
  return <AuthLayout>{content}</AuthLayout>;
}
