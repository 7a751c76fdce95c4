import { Anchor, Badge, Button, Group, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { searchState } from '../../shared/format/name-search.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { pageCount, PAGE_SIZE } from '../../shared/ui/page-slice.ts';
import { ScrolledTable } from '../../shared/ui/scrolled-table.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { individualReportsExportPath, useIndividualReports } from './individual-report-api.ts';
import { reportPagePath } from './report-pages.ts';
import { useReportErrorTexts } from './use-report-error-texts.ts';

/** engagements/{id}/individual-report/list.html: the reports the caller may see, searchable, with the export. */
export function ReportListPage() {
  const { t } = useTranslation(['individualReport', 'common']);
  const path = useRoutePath();
  const locale = activeLocale();
  const { engagementId, data: engagement } = useEngagement();
  const download = useDownload();
  const errorTexts = useReportErrorTexts();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  // The server searches, sorts and pages (by name here): the page holds one page of rows, never the list.
  // A term too short to search asks for the whole list, so typing it costs no request.
  const q = searchState(debounced) === 'active' ? debounced.trim() : '';
  const reports = useIndividualReports(engagementId, { page, pageSize: PAGE_SIZE, sort: 'name', q });
  useDocumentTitle(t('common:documentTitle', { page: t('listTitle') }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  const total = reports.data?.visible ?? 0;
  const shown = reports.data?.total ?? 0;
  const exportButton = reports.data && total > 0 && (
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
    <>
      <PageHeader
        title={t('listTitle')}
        subtitle={engagement?.name}
        back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
        actions={exportButton}
      />
      {reports.isError && <AnalyticsLoadProblem error={reports.error} onRetry={() => void reports.refetch()} texts={errorTexts} />}
      {!reports.isError && !reports.data && <CenteredLoader label={t('loading')} />}
      {reports.data && total === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="individual-reports-empty">
          {t('list.empty')}
        </Text>
      )}
      {reports.data && total > 0 && (
        <>
          {total > 1 ? (
            <TextInput
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              leftSection={<Icon name="search" size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              description={searchState(search) === 'tooShort' ? t('list.searchTooShort') : undefined}
              w={{ base: '100%', sm: 320 }}
              mb="md"
              data-testid="individual-reports-search"
            />
          ) : (
            <Text fz="sm" c="dimmed" mb="md">
              {t('list.ownOnly')}
            </Text>
          )}
          <Text fz="sm" c="dimmed" mb="xs" data-testid="individual-reports-count" data-shown={shown} data-total={total}>
            {t('list.shown', { shown: formatNumber(shown, locale), total: formatNumber(total, locale) })}
          </Text>
          <Paper withBorder radius="lg">
            <ScrolledTable
              highlightOnHover
              miw={520}
              aria-label={t('list.label')}
              data-testid="individual-reports-table"
              columns={[{ label: t('list.employee') }, { label: t('list.unit') }, { label: t('list.survey') }]}
            >
              {reports.data.data.map((report) => (
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
              ))}
            </ScrolledTable>
            {shown === 0 && (
              <Text ta="center" c="dimmed" py="xl" data-testid="individual-reports-no-results">
                {t('list.noSearchResults')}
              </Text>
            )}
          </Paper>
          {pageCount(shown) > 1 && (
            <Group justify="center" mt="md">
              <Pagination total={pageCount(shown)} value={reports.data.page} onChange={setPage} data-testid="individual-reports-pages" />
            </Group>
          )}
        </>
      )}
    </>
  );
}
