import { Anchor, Button, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { useReport360List } from './analytics-360-api.ts';
import { analytics360PagePath } from './dimensions-360.ts';
import { useAnalytics360ProblemTexts } from './use-problem-texts.ts';

/** list.html: the leaders with a 360 report the caller may see. */
export function Analytics360ListPage() {
  const { t } = useTranslation(['analytics360', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const reports = useReport360List(engagementId);
  const problemTexts = useAnalytics360ProblemTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={engagement?.name}
        back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
      />
      {reports.isError && <AnalyticsLoadProblem error={reports.error} texts={problemTexts} onRetry={() => void reports.refetch()} />}
      {!reports.isError && !reports.data && <CenteredLoader label={t('list.loading')} />}
      {reports.data && reports.data.length === 0 && (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center" data-testid="a360-reports-empty">
            {t('list.empty')}
          </Text>
        </Paper>
      )}
      {reports.data && reports.data.length > 0 && (
        <>
          <Text c="dimmed" fz="sm" mb="md">
            {t('list.intro')}
          </Text>
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            <ScrollArea type="auto">
              <Table striped highlightOnHover verticalSpacing="sm" miw={420} data-testid="a360-reports-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.leader')}</Table.Th>
                    <Table.Th>{t('list.level')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {reports.data.map((report) => {
                    const to = path(analytics360PagePath(engagementId, report.id, 'index'));
                    return (
                      <Table.Tr key={report.id} data-testid="a360-report-row" data-report-id={report.id}>
                        <Table.Td>
                          <Anchor component={Link} to={to} fw={600}>
                            {report.employee.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{t(`levels.${report.hierarchy_level}`)}</Table.Td>
                        <Table.Td ta="right">
                          <Button component={Link} to={to} size="xs" variant="light">
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
