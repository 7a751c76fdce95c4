import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { EngagementFacts } from './engagement-facts.tsx';
import { visibleTiles } from './engagement-modules.ts';
import { ModuleTile } from './module-tile.tsx';
import { JourneyStateBadge } from '../journeys/journey-state-badge.tsx';
import { PreviousWaveLine } from '../journeys/previous-wave-line.tsx';
import { JourneyScheduleSection } from '../journeys/schedule/journey-schedule-section.tsx';
import { useEngagement } from './use-engagement.ts';

export function EngagementDetailsPage() {
  const { t } = useTranslation(['engagements', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement, error, isError, refetch } = useEngagement();
  useDocumentTitle(t('common:documentTitle', { page: engagement?.name ?? t('details.title') }));
  const back = { to: path('engagements/list.html'), label: t('common:nav.journeys') };

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  // Another organisation's id answers 404 too (DECISIONS.md): both read as "no such page".
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
  if (isError) {
    return (
      <>
        <PageHeader title={t('details.title')} back={back} />
        <ErrorState error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!engagement) return <CenteredLoader label={t('details.loading')} />;

  const tiles = visibleTiles(engagement);
  return (
    <>
      <PageHeader
        title={engagement.name}
        subtitle={engagement.previous_engagement_id !== null ? <PreviousWaveLine previousId={engagement.previous_engagement_id} /> : undefined}
        back={back}
        actions={<JourneyStateBadge journey={engagement} />}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="xl">
        <EngagementFacts engagement={engagement} />
      </Paper>
      {/* The schedule and its timeline are the engagement administrators' (issue 31); others never see them. */}
      {engagement.is_admin && <JourneyScheduleSection journey={engagement} />}
      <Title order={2} fz="lg" mb="md">
        {t('details.modules')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" data-testid="module-tiles">
        {tiles.map(({ tile, state }) => (
          <ModuleTile
            key={tile.module}
            testId={`tile-${tile.module}`}
            icon={tile.icon}
            title={t(`modules.${tile.module}.title`)}
            description={t(`modules.${tile.module}.description`)}
            {...(state === 'enabled' ? { to: path(tile.route(engagement.id)) } : {})}
          />
        ))}
        {engagement.is_admin && (
          <ModuleTile
            testId="tile-admin"
            variant="admin"
            icon="admin"
            title={t('modules.admin.title')}
            description={t('modules.admin.description')}
            to={path(`engagements/${engagement.id}/admin.html`)}
          />
        )}
      </SimpleGrid>
      {tiles.length === 0 && !engagement.is_admin && (
        <Paper withBorder radius="lg" p="xl" ta="center" c="dimmed">
          {t('details.noModules')}
        </Paper>
      )}
    </>
  );
}
