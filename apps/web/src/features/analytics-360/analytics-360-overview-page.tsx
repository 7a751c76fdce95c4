import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { Analytics360Layout } from './analytics-360-layout.tsx';
import { analytics360PagePath, summarizeReport } from './dimensions-360.ts';
import { ShareBar } from './share-bar.tsx';

/** index.html: the seven dimensions at a glance, the team's mean result beside the leader's own choices. */
export function Analytics360OverviewPage() {
  const { t } = useTranslation('analytics360');
  const path = useRoutePath();
  const engagementId = useEngagementId() ?? 0;
  return (
    <Analytics360Layout page="index">
      {(report) => (
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            {t('reading')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {summarizeReport(report).map((summary) => (
              <Paper key={summary.dimension} withBorder radius="lg" p="md" data-testid={`a360-dimension-${summary.dimension}`}>
                <Stack gap="sm" h="100%" justify="space-between">
                  <Stack gap="xs">
                    <Title order={2} fz="md">
                      {t(`pages.${summary.dimension}`)}
                    </Title>
                    <Text fz="xs" c="dimmed">
                      {t('overview.items', { total: summary.itemCount })}
                    </Text>
                    <Text fz="sm" fw={600}>
                      {t('overview.team')}
                    </Text>
                    <ShareBar share={summary.teamMean} label={t('overview.teamHint')} testId={`a360-team-mean-${summary.dimension}`} />
                    <Text fz="xs" c="dimmed">
                      {t('overview.teamHint')}
                    </Text>
                    <Text fz="sm">
                      <Text span fw={600} inherit>
                        {t('overview.own')}:
                      </Text>{' '}
                      <span data-testid={`a360-own-count-${summary.dimension}`}>{t('overview.ownCount', { selected: summary.ownSelected, total: summary.itemCount })}</span>
                    </Text>
                  </Stack>
                  <Button component={Link} to={path(analytics360PagePath(engagementId, report.id, summary.dimension))} variant="light" size="xs" w="fit-content">
                    {t('overview.open')}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Analytics360Layout>
  );
}
