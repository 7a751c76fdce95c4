import { Button, Card, Group, Paper, Skeleton, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { JourneyStateBadge } from '../journeys/journey-state-badge.tsx';
import { archivedEngagementsQuery, canAdministerJourneys } from '../journeys/journeys-api.ts';

export function EngagementsListPage() {
  const { t } = useTranslation(['engagements', 'journeys', 'common']);
  const path = useRoutePath();
  const user = useAuthStore((state) => state.user);
  const organization = user?.organization;
  // The profile's permission, not a journey's is_admin: an empty list has no journey to ask.
  const isAdmin = canAdministerJourneys(user);
  const [showArchived, setShowArchived] = useState(false);
  const current = useQuery({ ...engagementsQuery(organization?.id ?? 0), enabled: organization !== undefined && !showArchived });
  const archived = useQuery({ ...archivedEngagementsQuery(organization?.id ?? 0), enabled: organization !== undefined && isAdmin && showArchived });
  const engagements = showArchived ? archived : current;
  const emptyCurrent = !showArchived && engagements.data?.length === 0;
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));
  const newJourney = (
    <Button component={Link} to={path('engagements/new.html')} data-testid="new-journey">
      {t('journeys:list.newJourney')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={organization?.name} actions={isAdmin && !emptyCurrent ? newJourney : undefined} />
      {isAdmin && (
        <Group justify="flex-end" mb="md">
          <Switch label={t('journeys:list.showArchived')} checked={showArchived} onChange={(event) => setShowArchived(event.currentTarget.checked)} data-testid="show-archived" />
        </Group>
      )}
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
            <Text fw={600}>{showArchived ? t('journeys:list.archivedEmpty') : t('list.empty')}</Text>
            {emptyCurrent && isAdmin && (
              <>
                <Text fz="sm" c="dimmed">
                  {t('journeys:list.emptyHint')}
                </Text>
                {newJourney}
              </>
            )}
          </Stack>
        </Paper>
      )}
      {engagements.data && engagements.data.length > 0 && (
        <Stack gap="md" component="ul" className={classes.list} aria-label={showArchived ? t('journeys:list.archivedTitle') : t('list.title')}>
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
                  <JourneyStateBadge journey={engagement} />
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
