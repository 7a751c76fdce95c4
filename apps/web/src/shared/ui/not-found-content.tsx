import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../routing/route-set-context.tsx';

/** An unknown path or id inside a route set: say so and offer the set's home. */
export function NotFoundContent({ homePath = '' }: { homePath?: string }) {
  const { t } = useTranslation();
  const path = useRoutePath();
  useDocumentTitle(t('documentTitle', { page: t('notFound.title') }));
  return (
    <Stack align="center" gap="md" py={64} ta="center" data-testid="not-found">
      <Text fz={56} fw={800} c="brand.6" lh={1}>
        404
      </Text>
      <Title order={1} fz={24}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.message')}
      </Text>
      <Button component={Link} to={path(homePath)} variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
