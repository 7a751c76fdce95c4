import { Anchor, Button, Table } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useServerListState } from '../../shared/ui/report-list/list-state.ts';
import { PagedReportList } from '../../shared/ui/report-list/paged-report-list.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { useReport360List, type TReport360SortKey } from './analytics-360-api.ts';
import { analytics360PagePath } from './dimensions-360.ts';
import { useAnalytics360ProblemTexts } from './use-problem-texts.ts';

/** list.html: the leaders with a 360 report the caller may see, a page at a time. */
export function Analytics360ListPage() {
  const { t } = useTranslation(['analytics360', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const state = useServerListState<TReport360SortKey>('name');
  const reports = useReport360List(engagementId, state.params);
  const problemTexts = useAnalytics360ProblemTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('list.title') }));
  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  return (
    <PagedReportList
      header={{ title: t('list.title'), subtitle: engagement?.name, back: { to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') } }}
      list={reports}
      state={state}
      problemTexts={problemTexts}
      texts={{ loading: t('list.loading'), empty: t('list.empty'), intro: t('list.intro') }}
      columns={[{ label: t('list.leader'), sortKey: 'name' }, { label: t('list.level'), sortKey: 'level' }, { label: '' }]}
      testId="a360-reports"
      minWidth={420}
      row={(report) => {
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
      }}
    />
  );
}
