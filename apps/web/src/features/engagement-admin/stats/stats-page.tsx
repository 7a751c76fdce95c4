import { Alert, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { Icon, type TIconName } from '../../../shared/ui/icon.tsx';
import { formatRate, isBelowReliable } from '../../survey-statistics/response-rate.ts';
import { useSurveyStatistics } from '../../survey-statistics/statistics-api.ts';
import { AdminFrame } from '../admin-frame.tsx';
import classes from '../admin-menu-page.module.css';

const LINKS: { page: 'overview' | 'progress' | 'org-chart'; icon: TIconName; label: 'tabs.overview' | 'tabs.progress' | 'tabs.orgChart' }[] = [
  { page: 'overview', icon: 'statistics', label: 'tabs.overview' },
  { page: 'progress', icon: 'calendar', label: 'tabs.progress' },
  { page: 'org-chart', icon: 'tree', label: 'tabs.orgChart' },
];

function Stats({ engagementId }: { engagementId: number }) {
  const { t, i18n } = useTranslation(['admin', 'surveyStatistics']);
  const path = useRoutePath();
  const statistics = useSurveyStatistics(engagementId);
  const rate = statistics.data?.fill_statistics.response_rate ?? null;
  return (
    <Stack gap="md">
      {statistics.data && (
        <Text data-testid="stats-response-rate">
          {t('stats.responseRate', { rate: formatRate(rate, i18n.language) })}
        </Text>
      )}
      {isBelowReliable(rate) && (
        <Alert color="yellow" variant="light" role="alert" data-testid="reliability-warning">
          {t('surveyStatistics:warning.title')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {LINKS.map((link) => (
          <Link key={link.page} to={path(`engagements/${engagementId}/survey-statistics/${link.page}.html`)} className={classes.link} data-testid={`stats-link-${link.page}`}>
            <ThemeIcon size={38} radius="md" variant="light">
              <Icon name={link.icon} size={20} />
            </ThemeIcon>
            <Text fw={600}>{t(`surveyStatistics:${link.label}`)}</Text>
          </Link>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Text fz="sm" c="dimmed">
          {t('stats.hint')}
        </Text>
      </Paper>
    </Stack>
  );
}

/** stats.html: the way to the survey statistics, with the headline figure. */
export function StatsPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.stats.title')}>{(engagement) => <Stats engagementId={engagement.id} />}</AdminFrame>;
}
