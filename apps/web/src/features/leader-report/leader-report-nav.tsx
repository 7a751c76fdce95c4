import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { leaderReportListPath } from './leader-report-pages.ts';

/** The spec's two links of a report (§2): back to the reports list and back to the engagement. */
export function LeaderReportBackLinks({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation(['leaderReport', 'common']);
  const path = useRoutePath();
  const link = (to: string, label: string, testId: string) => (
    <Anchor component={Link} to={path(to)} fz="sm" c="dimmed" data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <Icon name="arrowLeft" size={16} />
        {label}
      </Group>
    </Anchor>
  );
  return (
    <Group gap="lg" mb="xs" wrap="wrap" data-print="hide">
      {link(leaderReportListPath(engagementId), t('nav.backToList'), 'leader-back-to-list')}
      {link(`engagements/${engagementId}.html`, t('common:nav.backToJourney'), 'leader-back-to-journey')}
    </Group>
  );
}
