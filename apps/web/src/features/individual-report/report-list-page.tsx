import { Anchor, Badge, Button, Table } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useServerListState } from '../../shared/ui/report-list/list-state.ts';
import { PagedReportList } from '../../shared/ui/report-list/paged-report-list.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { individualReportsExportPath, useIndividualReports, type TReportListSortKey } from './individual-report-api.ts';
import { reportPagePath } from './report-pages.ts';
import { useReportErrorTexts } from './use-report-error-texts.ts';

/** engagements/{id}/individual-report/list.html: the reports the caller may see, a page at a time, searchable, with the export. */
export function ReportListPage() {
  const { t } = useTranslation(['individualReport', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const download = useDownload();
  const errorTexts = useReportErrorTexts();
  const state = useServerListState<TReportListSortKey>('name');
  const reports = useIndividualReports(engagementId, state.params);
  useDocumentTitle(t('common:documentTitle', { page: t('listTitle') }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  const exportButton = (reports.data?.visible ?? 0) > 0 && (
    <Button
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      loading={download.isPending}
      onClick={() => download.mutate({ path: individualReportsExportPath(engagementId), fallbackName: 'individual-reports.xlsx' })}
      data-testid="individual-reports-export"
    >
      {t('export')}
    </Button>
  );

  return (
    <PagedReportList
      header={{ title: t('listTitle'), subtitle: engagement?.name, back: { to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }, actions: exportButton }}
      list={reports}
      state={state}
      problemTexts={errorTexts}
      texts={{ loading: t('loading'), empty: t('list.empty'), onlyOne: t('list.ownOnly') }}
      columns={[
        { label: t('list.employee'), sortKey: 'name' },
        { label: t('list.unit'), sortKey: 'unit' },
        { label: t('list.survey'), sortKey: 'answered' },
      ]}
      testId="individual-reports"
      minWidth={520}
      row={(report) => (
        <Table.Tr key={report.id} data-testid="individual-report-row" data-report-id={report.id}>
          <Table.Td>
            <Anchor component={Link} to={path(reportPagePath(engagementId, report.id, 'index'))} fw={500} data-testid="individual-report-link">
              {report.employee.name}
            </Anchor>
          </Table.Td>
          <Table.Td c={report.unit ? undefined : 'dimmed'}>{report.unit?.name ?? t('list.noUnit')}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={report.has_answered ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
              {report.has_answered ? t('list.answered') : t('list.notAnswered')}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
