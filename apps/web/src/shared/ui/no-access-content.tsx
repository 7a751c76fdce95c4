import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useForbiddenStore } from '../auth/forbidden-store.ts';
import { useRoutePath } from '../routing/route-set-context.tsx';

/** A page the signed-in user may not open (403): say so, keep them signed in, offer the set's home. */
export function NoAccessContent({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const path = useRoutePath();
  useDocumentTitle(t('documentTitle', { page: t('noAccess.title') }));
  return (
    <Stack align="center" gap="md" py={64} ta="center" data-testid="no-access">
      <Text fz={56} fw={800} c="brand.6" lh={1} aria-hidden="true">
        403
      </Text>
      <Title order={1} fz={24}>
        {t('noAccess.title')}
      </Title>
      <Text c="dimmed" maw={460}>
        {t('noAccess.message')}
      </Text>
      <Button component={Link} to={path(homePath)} variant="light">
        {t('noAccess.home')}
      </Button>
    </Stack>
  );
}

/** A layout's page, or the "no access" page when the server refused this location's data. */
export function PageOrNoAccess({ homePath }: { homePath: string }) {
  const location = useLocation();
  const forbidden = useForbiddenStore((state) => state.forbiddenAt === location.key);
  return forbidden ? <NoAccessContent homePath={homePath} /> : <Outlet />;
}
