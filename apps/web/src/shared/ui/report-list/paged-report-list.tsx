import { Group, Pagination, Paper, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../format/format-date.ts';
import { searchState } from '../../format/name-search.ts';
import { activeLocale } from '../../i18n/i18n.ts';
import { AnalyticsLoadProblem, type TAnalyticsProblemTexts } from '../analytics-load-problem.tsx';
import { CenteredLoader } from '../centered-loader.tsx';
import { Icon } from '../icon.tsx';
import { PageHeader } from '../page-header.tsx';
import { pageCount } from '../page-slice.ts';
import { SortHeader } from '../sort-header.tsx';
import { nextServerSort, sortOf, type TServerListState } from './list-state.ts';

/** A page of a report list as the server answers it. */
export type TReportListPage<R> = { data: R[]; total: number; visible: number; page: number };

/** A column head; with a sort key it sorts the list on the server. */
export type TReportListColumn<K extends string> = { label: string; sortKey?: K; numeric?: boolean };

type TPagedReportListProps<R, K extends string> = {
  header: { title: string; subtitle?: ReactNode; back: { to: string; label: string }; actions?: ReactNode };
  /** Shown under the header whatever the list's state (the confidence bar). */
  banner?: ReactNode;
  list: UseQueryResult<TReportListPage<R>>;
  state: TServerListState<K>;
  problemTexts: TAnalyticsProblemTexts;
  /** `intro` above the list; `onlyOne` in place of the search when the reader sees one report (their own). */
  texts: { loading: string; empty: string; intro?: string; onlyOne?: string };
  columns: readonly TReportListColumn<K>[];
  /** One row of the table (a `Table.Tr`). */
  row: (report: R) => ReactNode;
  /** Prefix of the test ids: `{testId}-table`, `-empty`, `-search`, `-count`, `-pages`, `-no-results`, `-sort-{key}`. */
  testId: string;
  minWidth: number;
};

/**
 * A report list paged, sorted and searched on the server (the leader, 360 and individual reports):
 * the page holds one page of rows, never the list. The search looks at names and units from the
 * third character on (spec §5); the count says how many of the reports the reader sees match.
 */
export function PagedReportList<R, K extends string>({ header, banner, list, state, problemTexts, texts, columns, row, testId, minWidth }: TPagedReportListProps<R, K>) {
  const { t } = useTranslation('common');
  const locale = activeLocale();
  const visible = list.data?.visible ?? 0;
  const shown = list.data?.total ?? 0;
  const sorted = sortOf(state.sort);
  return (
    <>
      <PageHeader {...header} />
      {banner}
      {list.isError && <AnalyticsLoadProblem error={list.error} texts={problemTexts} onRetry={() => void list.refetch()} />}
      {!list.isError && !list.data && <CenteredLoader label={texts.loading} />}
      {list.data && visible === 0 && (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center" data-testid={`${testId}-empty`}>
            {texts.empty}
          </Text>
        </Paper>
      )}
      {list.data && visible > 0 && (
        <>
          {texts.intro && (
            <Text c="dimmed" fz="sm" mb="md">
              {texts.intro}
            </Text>
          )}
          {visible === 1 && texts.onlyOne && (
            <Text fz="sm" c="dimmed" mb="md">
              {texts.onlyOne}
            </Text>
          )}
          {visible > 1 && (
            <TextInput
              label={t('reportList.search')}
              placeholder={t('reportList.searchPlaceholder')}
              leftSection={<Icon name="search" size={16} />}
              value={state.search}
              onChange={(event) => state.setSearch(event.currentTarget.value)}
              description={searchState(state.search) === 'tooShort' ? t('reportList.searchTooShort') : undefined}
              w={{ base: '100%', sm: 320 }}
              mb="md"
              data-testid={`${testId}-search`}
            />
          )}
          <Text fz="sm" c="dimmed" mb="xs" data-testid={`${testId}-count`} data-shown={shown} data-total={visible}>
            {t('reportList.shown', { shown: formatNumber(shown, locale), total: formatNumber(visible, locale) })}
          </Text>
          <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
            <ScrollArea type="auto">
              <Table striped highlightOnHover verticalSpacing="sm" miw={minWidth} aria-label={header.title} data-testid={`${testId}-table`}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column, index) =>
                      column.sortKey === undefined ? (
                        <Table.Th key={index} ta={column.numeric ? 'right' : undefined}>
                          {column.label}
                        </Table.Th>
                      ) : (
                        <SortHeader
                          key={index}
                          label={column.label}
                          numeric={column.numeric}
                          direction={sorted.key === column.sortKey ? sorted.direction : null}
                          onSort={() => column.sortKey !== undefined && state.setSort(nextServerSort(state.sort, column.sortKey, column.numeric ?? false))}
                          testId={`${testId}-sort-${column.sortKey}`}
                        />
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{list.data.data.map(row)}</Table.Tbody>
              </Table>
            </ScrollArea>
            {shown === 0 && (
              <Text ta="center" c="dimmed" py="xl" data-testid={`${testId}-no-results`}>
                {t('reportList.noSearchResults')}
              </Text>
            )}
          </Paper>
          {pageCount(shown) > 1 && (
            <Group justify="center" mt="md">
              <Pagination total={pageCount(shown)} value={list.data.page} onChange={state.setPage} aria-label={t('reportList.pages', { table: header.title })} data-testid={`${testId}-pages`} />
            </Group>
          )}
        </>
      )}
    </>
  );
}
