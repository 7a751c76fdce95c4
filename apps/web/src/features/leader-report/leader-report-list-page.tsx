import { Anchor, Button, Code, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { leaderReportsExportPath, useLeaderReportList } from './leader-report-api.ts';
import { leaderReportPagePath } from './leader-report-pages.ts';
import { useLeaderReportProblemTexts } from './use-problem-texts.ts';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';

/** list.html: the leader reports the caller may see; admins with all_access also see each code and the export. */
export function LeaderReportListPage() {
  const { t } = useTranslation(['leaderReport', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const reports = useLeaderReportList(engagementId);
  const download = useDownload();
  const problemTexts = useLeaderReportProblemTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  const locale = activeLocale();
  // The export bypasses the per-report codes, so the server gives it to all_access only.
  const canExport = engagement?.leader_reports.access_level === 'all_access' && (reports.data?.length ?? 0) > 0;
  const showsCodes = reports.data?.some((report) => report.authorization_code !== null) ?? false;
  const exportButton = canExport && (
    <Button
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      loading={download.isPending}
      onClick={() => download.mutate({ path: leaderReportsExportPath(engagementId), fallbackName: 'leader-reports.xlsx' })}
      data-testid="leader-reports-export"
    >
      {t('list.export')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={engagement?.name}
        back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
        actions={exportButton}
      />
      <ConfidenceBar engagementId={engagementId} module="leader_reports" />
      {reports.isError && <AnalyticsLoadProblem error={reports.error} texts={problemTexts} onRetry={() => void reports.refetch()} />}
      {!reports.isError && !reports.data && <CenteredLoader label={t('list.loading')} />}
      {reports.data && reports.data.length === 0 && (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center" data-testid="leader-reports-empty">
            {t('list.empty')}
          </Text>
        </Paper>
      )}
      {reports.data && reports.data.length > 0 && (
        <>
          <Text c="dimmed" fz="sm" mb="md">
            {t('list.codeHint')}
          </Text>
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            <ScrollArea type="auto">
              <Table striped highlightOnHover verticalSpacing="sm" miw={560} data-testid="leader-reports-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.leader')}</Table.Th>
                    <Table.Th>{t('list.unit')}</Table.Th>
                    <Table.Th ta="right">{t('list.teamSize')}</Table.Th>
                    <Table.Th ta="right">{t('list.respondents')}</Table.Th>
                    {showsCodes && <Table.Th>{t('list.code')}</Table.Th>}
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reports.data.map((report) => {
                    const to = path(leaderReportPagePath(engagementId, report.id, 'index'));
                    return (
                      <Table.Tr key={report.id} data-testid="leader-report-row" data-report-id={report.id}>
                        <Table.Td>
                          <Anchor component={Link} to={to} fw={600}>
                            {report.leader.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{report.unit?.name ?? t('list.noUnit')}</Table.Td>
                        <Table.Td ta="right">{formatNumber(report.team_size, locale)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(report.respondent_count, locale)}</Table.Td>
                        {showsCodes && (
                          <Table.Td>
                            {report.authorization_code && <Code data-testid="leader-report-code">{report.authorization_code}</Code>}
                          </Table.Td>
                        )}
                        <Table.Td ta="right">
                          <Button component={Link} to={to} size="xs" variant="light" rightSection={<Icon name="lock" size={14} />}>
                            {t('list.open')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
        </>
      )}
    </>
  );
}
