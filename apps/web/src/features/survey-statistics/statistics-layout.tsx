import { Alert, Box, Button, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TSurveyStatistics } from '@ona/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error.ts';
import { useDownload } from '../../shared/api/use-download.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { formatRate, isBelowReliable, RELIABLE_RESPONSE_RATE } from './response-rate.ts';
import { statisticsExportPath, useSurveyStatistics } from './statistics-api.ts';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';

export const STATISTICS_TABS = ['overview', 'progress', 'org-chart'] as const;
export type TStatisticsTab = (typeof STATISTICS_TABS)[number];

const TAB_LABEL_KEYS = { overview: 'tabs.overview', progress: 'tabs.progress', 'org-chart': 'tabs.orgChart' } as const;

type TStatisticsLayoutProps = {
  tab: TStatisticsTab;
  children: (statistics: TSurveyStatistics, engagementId: number) => ReactNode;
};

/** The frame of the three statistics pages: title, tabs, export and the reliability warning. */
export function StatisticsLayout({ tab, children }: TStatisticsLayoutProps) {
  const { t, i18n } = useTranslation(['surveyStatistics', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const engagementId = useEngagementId();
  const { data, error, isError, refetch } = useSurveyStatistics(engagementId);
  const download = useDownload();
  useDocumentTitle(t('common:documentTitle', { page: `${t(TAB_LABEL_KEYS[tab])} · ${t('title')}` }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (isError && isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;

  const exportButton = (
    <Button
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      loading={download.isPending}
      onClick={() => download.mutate({ path: statisticsExportPath(engagementId), fallbackName: 'survey-statistics.xlsx' })}
      data-testid="statistics-export"
    >
      {t('export')}
    </Button>
  );
  const rate = data?.fill_statistics.response_rate ?? null;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={data?.engagement.name}
        back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
        actions={exportButton}
      />
      <Tabs id="statistics-menu"
        value={tab}
        onChange={(next) => {
          if (next && next !== tab) void navigate(path(`engagements/${engagementId}/survey-statistics/${next}.html`));
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List>
          {STATISTICS_TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`statistics-tab-${key}`}>
              {t(TAB_LABEL_KEYS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="statistics-menu" value={tab}>
      {isError && <ErrorState error={error} onRetry={() => void refetch()} />}
      {!isError && !data && <CenteredLoader label={t('loading')} />}
      {data && (
        <>
          {isBelowReliable(rate) && (
            <Alert color="yellow" variant="light" mb="lg" role="alert" data-testid="reliability-warning" title={t('warning.title')}>
              <Text fz="sm">
                {t('warning.message', {
                  rate: formatRate(rate, i18n.language),
                  threshold: formatRate(RELIABLE_RESPONSE_RATE, i18n.language),
                })}
              </Text>
            </Alert>
          )}
          <Box>{children(data, engagementId)}</Box>
        </>
      )}
      </RouteTabPanel>
    </>
  );
}
