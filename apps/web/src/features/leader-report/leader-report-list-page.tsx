import { Anchor, Button, Code, Table } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useServerListState } from '../../shared/ui/report-list/list-state.ts';
import { PagedReportList, type TReportListColumn } from '../../shared/ui/report-list/paged-report-list.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { leaderReportsExportPath, useLeaderReportList, type TLeaderReportSortKey } from './leader-report-api.ts';
import { leaderReportPagePath } from './leader-report-pages.ts';
import { useLeaderReportProblemTexts } from './use-problem-texts.ts';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';

/** list.html: the leader reports the caller may see, a page at a time; admins with all_access also see each code and the export. */
export function LeaderReportListPage() {
  const { t } = useTranslation(['leaderReport', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const state = useServerListState<TLeaderReportSortKey>('name');
  const reports = useLeaderReportList(engagementId, state.params);
  const download = useDownload();
  const problemTexts = useLeaderReportProblemTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  const locale = activeLocale();
  // The export bypasses the per-report codes, so the server gives it to all_access only.
  const canExport = engagement?.leader_reports.access_level === 'all_access' && (reports.data?.visible ?? 0) > 0;
  // The server sends codes to all_access admins only: then every row has one.
  const showsCodes = reports.data?.data.some((report) => report.authorization_code !== null) ?? false;
  const columns: TReportListColumn<TLeaderReportSortKey>[] = [
    { label: t('list.leader'), sortKey: 'name' },
    { label: t('list.unit'), sortKey: 'unit' },
    { label: t('list.teamSize'), sortKey: 'team_size', numeric: true },
    { label: t('list.respondents'), sortKey: 'respondents', numeric: true },
    ...(showsCodes ? [{ label: t('list.code') }] : []),
    { label: '' },
  ];

  return (
    <PagedReportList
      header={{
        title: t('list.title'),
        subtitle: engagement?.name,
        back: { to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') },
        actions: canExport && (
          <Button
            variant="default"
            leftSection={<Icon name="download" size={18} />}
            loading={download.isPending}
            onClick={() => download.mutate({ path: leaderReportsExportPath(engagementId), fallbackName: 'leader-reports.xlsx' })}
            data-testid="leader-reports-export"
          >
            {t('list.export')}
          </Button>
        ),
      }}
      banner={<ConfidenceBar engagementId={engagementId} module="leader_reports" />}
      list={reports}
      state={state}
      problemTexts={problemTexts}
      texts={{ loading: t('list.loading'), empty: t('list.empty'), intro: t('list.codeHint') }}
      columns={columns}
      testId="leader-reports"
      minWidth={560}
      row={(report) => {
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
            {showsCodes && <Table.Td>{report.authorization_code && <Code data-testid="leader-report-code">{report.authorization_code}</Code>}</Table.Td>}
            <Table.Td ta="right">
              <Button component={Link} to={to} size="xs" variant="light" rightSection={<Icon name="lock" size={14} />}>
                {t('list.open')}
              </Button>
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
