import { Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { EngagementFacts } from './engagement-facts.tsx';
import { engagementsQuery } from './engagements-api.ts';
import classes from './engagements.module.css';
import { PeriodBadge } from './period-badge.tsx';

export function EngagementsListPage() {
  const { t } = useTranslation(['engagements', 'common']);
  const path = useRoutePath();
  const organization = useAuthStore((state) => state.user?.organization);
  const engagements = useQuery({ ...engagementsQuery(organization?.id ?? 0), enabled: organization !== undefined });
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={organization?.name} />
      {engagements.isPending && (
        <Stack gap="md" aria-busy="true" aria-label={t('list.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={112} radius="lg" />
          ))}
        </Stack>
      )}
      {engagements.isError && <ErrorState error={engagements.error} onRetry={() => void engagements.refetch()} />}
      {engagements.data?.length === 0 && (
        <Paper withBorder radius="lg" p="xl" data-testid="engagements-empty">
          <Stack align="center" gap="sm" ta="center" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <Icon name="list" size={28} />
            </ThemeIcon>
            <Text fw={600}>{t('list.empty')}</Text>
          </Stack>
        </Paper>
      )}
      {engagements.data && engagements.data.length > 0 && (
        <Stack gap="md" component="ul" className={classes.list} aria-label={t('list.title')}>
          {engagements.data.map((engagement) => (
            <li key={engagement.id}>
              <Card
                component={Link}
                to={path(`engagements/${engagement.id}.html`)}
                withBorder
                radius="lg"
                padding="lg"
                className={classes.item}
                data-testid="engagement-item"
                data-engagement-id={engagement.id}
              >
                <Group justify="space-between" wrap="nowrap" mb="md" gap="sm">
                  <Title order={2} fz="lg" className={classes.itemName}>
                    {engagement.name}
                  </Title>
                  <PeriodBadge accessFrom={engagement.access_from} accessTill={engagement.access_till} />
                </Group>
                <EngagementFacts engagement={engagement} compact />
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}
