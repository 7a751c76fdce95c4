import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { LeaderReportLayout } from './leader-report-layout.tsx';
import { enabledFactors, leaderReportPagePath } from './leader-report-pages.ts';
import { ScoreBar } from './score-bar.tsx';

/** index.html: the four factors at a glance, each leading to its own page. */
export function LeaderReportOverviewPage() {
  const { t } = useTranslation('leaderReport');
  const path = useRoutePath();
  const engagementId = useEngagementId() ?? 0;
  return (
    <LeaderReportLayout page="index">
      {(report) => (
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            {t('scale')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {enabledFactors(report.settings).map((factor) => (
              <Paper key={factor} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid={`leader-factor-${factor}`}>
                <Stack gap="sm" h="100%" justify="space-between">
                  <ScoreBar label={t(`pages.${factor}`)} score={report.result[factor].score} hint={t(`factors.${factor}`)} testId={`leader-score-${factor}`} size="lg" />
                  <Button component={Link} to={path(leaderReportPagePath(engagementId, report.id, factor))} variant="light" size="xs" w="fit-content">
                    {t('open')}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </LeaderReportLayout>
  );
}
