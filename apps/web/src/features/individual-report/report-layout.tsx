import { Alert, Anchor, Badge, Group, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TIndividualReport } from '@ona/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagementId } from '../engagements/use-engagement.ts';
import { useIndividualReport } from './individual-report-api.ts';
import { parseReportId, REPORT_PAGE_LABEL_KEYS, REPORT_PAGES, reportListPath, reportPagePath, type TReportPage } from './report-pages.ts';
import { useReportErrorTexts } from './use-report-error-texts.ts';
import { RouteTabPanel } from '../../shared/ui/route-tab-panel.tsx';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';
import { PersonCoverageNote } from '../confidence/person-coverage-note.tsx';

type TReportLayoutProps = { page: TReportPage; children: (report: TIndividualReport) => ReactNode };

/**
 * The frame of the four report pages: the employee, their unit and hierarchy level, a menu between
 * the pages, and links back to the list and to the engagement.
 */
export function ReportLayout({ page, children }: TReportLayoutProps) {
  const { t, i18n } = useTranslation(['individualReport', 'common']);
  const path = useRoutePath();
  const navigate = useNavigate();
  const engagementId = useEngagementId();
  const reportId = parseReportId(useParams().individualReportId);
  const report = useIndividualReport(engagementId, reportId, i18n.language);
  const errorTexts = useReportErrorTexts();
  const name = report.data?.employee.name;
  useDocumentTitle(t('common:documentTitle', { page: `${t(REPORT_PAGE_LABEL_KEYS[page])} · ${name ?? t('title')}` }));

  if (engagementId === null || reportId === null) return <NotFoundContent homePath="engagements/list.html" />;

  const subtitle = report.data && (
    <Group gap="xs" wrap="wrap" data-testid="individual-report-identity">
      <Text fz="sm" c="dimmed" component="span">
        {t('title')}
      </Text>
      <Text fz="sm" component="span" data-testid="individual-report-unit">
        {report.data.unit?.name ?? t('list.noUnit')}
      </Text>
      <Badge variant="light" color="brand" style={{ textTransform: 'none' }} data-testid="individual-report-level" data-level={report.data.hierarchy_level}>
        {t('header.hierarchyLevel')}: {t(`hierarchyLevels.${report.data.hierarchy_level}`)}
      </Badge>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={name ?? t('title')}
        subtitle={subtitle}
        back={{ to: path(reportListPath(engagementId)), label: t('nav.backToList') }}
        actions={
          <Anchor component={Link} to={path(`engagements/${engagementId}.html`)} fz="sm" data-testid="individual-report-back-to-journey">
            <Group gap={4} wrap="nowrap">
              <Icon name="arrowLeft" size={16} />
              {t('common:nav.backToJourney')}
            </Group>
          </Anchor>
        }
      />
      <ConfidenceBar engagementId={engagementId} module="individual_reports">
        <PersonCoverageNote engagementId={engagementId} employeeId={reportId} module="individual_reports" />
      </ConfidenceBar>
      <Tabs id="individual-report-menu"
        value={page}
        onChange={(next) => {
          const target = REPORT_PAGES.find((candidate) => candidate === next);
          if (target && target !== page) void navigate(path(reportPagePath(engagementId, reportId, target)));
        }}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('nav.menu')} style={{ flexWrap: 'wrap' }}>
          {REPORT_PAGES.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`individual-report-tab-${key}`}>
              {t(REPORT_PAGE_LABEL_KEYS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RouteTabPanel tabsId="individual-report-menu" value={page}>
      {report.isError && <AnalyticsLoadProblem error={report.error} onRetry={() => void report.refetch()} texts={errorTexts} />}
      {!report.isError && !report.data && <CenteredLoader label={t('loadingReport')} />}
      {report.data && (
        <>
          {!report.data.has_answered && (
            <Alert color="gray" variant="light" mb="lg" data-testid="individual-report-not-answered">
              <Text fz="sm">{t('header.notAnswered')}</Text>
            </Alert>
          )}
          {children(report.data)}
        </>
      )}
      </RouteTabPanel>
    </>
  );
}
