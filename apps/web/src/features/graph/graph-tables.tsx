import { Group, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { TGraphVisualization } from '@ona/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { pageCount, pageSlice } from '../../shared/ui/page-slice.ts';
import { SortHeader } from '../../shared/ui/sort-header.tsx';
import { nextSort, personRows, sortRows, tieRows, type TPeopleSortColumn, type TTableSort, type TTiesSortColumn } from './graph-table-rows.ts';

/** `nowrap`: a name, kept on one line (the questions column takes the wrapping). */
type TColumn<C extends string> = { column: C; numeric: boolean; nowrap?: boolean };

// Each column's header text is `table.<column>` in the graph namespace.
const PEOPLE_COLUMNS: readonly TColumn<TPeopleSortColumn>[] = [
  { column: 'name', numeric: false },
  { column: 'unit', numeric: false },
  { column: 'out', numeric: true },
  { column: 'in', numeric: true },
  { column: 'degree', numeric: true },
];
const TIES_COLUMNS: readonly TColumn<TTiesSortColumn>[] = [
  { column: 'source', numeric: false },
  { column: 'target', numeric: false, nowrap: true },
  { column: 'questions', numeric: false },
  { column: 'mutual', numeric: false },
];

/**
 * The table view of the graph, for screen readers and anyone who reads better in rows: the people
 * drawn with their unit and degree, and the ties drawn (who named whom, on which questions). The
 * same answer as the drawing feeds it, so the same scope, filters and confidentiality hold.
 */
export function GraphTables({ data }: { data: TGraphVisualization }) {
  const { t, i18n } = useTranslation('graph');
  const locale = activeLocale();
  const people = useMemo(() => personRows(data), [data]);
  const ties = useMemo(() => tieRows(data), [data]);
  return (
    <Stack gap="lg" data-testid="graph-tables">
      <Text fz="sm" c="dimmed">
        {t('table.note')}
      </Text>
      <SortableTable
        title={t('table.people')}
        caption={t('table.peopleCaption', { shown: formatNumber(people.length, locale) })}
        rows={people}
        columns={PEOPLE_COLUMNS}
        label={(column) => t(`table.${column}`)}
        initialSort={{ column: 'name', direction: 'asc' }}
        tieBreak={['name', 'unit']}
        language={i18n.language}
        rowKey={(row) => row.id}
        testId="graph-people-table"
        cells={(row) => [row.name, row.unit || t('table.noUnit'), formatNumber(row.out, locale), formatNumber(row.in, locale), formatNumber(row.degree, locale)]}
      />
      <SortableTable
        title={t('table.ties')}
        caption={t('table.tiesCaption', { shown: formatNumber(ties.length, locale) })}
        rows={ties}
        columns={TIES_COLUMNS}
        label={(column) => t(`table.${column}`)}
        initialSort={{ column: 'source', direction: 'asc' }}
        tieBreak={['source', 'target']}
        language={i18n.language}
        rowKey={(row) => row.key}
        testId="graph-ties-table"
        empty={t('table.noTies')}
        cells={(row) => [row.source, row.target, row.questions, row.mutual ? t('table.yes') : t('table.no')]}
      />
    </Stack>
  );
}

type TSortableTableProps<R, C extends keyof R & string> = {
  title: string;
  caption: string;
  rows: readonly R[];
  columns: readonly TColumn<C>[];
  label: (column: C) => string;
  initialSort: TTableSort<C>;
  tieBreak: readonly C[];
  language: string;
  rowKey: (row: R) => string | number;
  cells: (row: R) => ReactNode[];
  testId: string;
  empty?: string;
};

/** One table with sortable headers (aria-sort) and pages of 50 rows, so 50,000 ties stay quick. */
function SortableTable<R, C extends keyof R & string>({ title, caption, rows, columns, label, initialSort, tieBreak, language, rowKey, cells, testId, empty }: TSortableTableProps<R, C>) {
  const { t } = useTranslation('graph');
  const [sort, setSort] = useState<TTableSort<C>>(initialSort);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortRows(rows, sort, tieBreak, language), [rows, sort, tieBreak, language]);
  const current = pageSlice(sorted, page);
  const pages = pageCount(sorted.length);
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped verticalSpacing="xs" miw={560} captionSide="top" data-testid={testId} data-rows={rows.length}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map(({ column, numeric }) => (
                  <SortHeader
                    key={column}
                    label={label(column)}
                    numeric={numeric}
                    direction={sort.column === column ? sort.direction : null}
                    onSort={() => {
                      setSort(nextSort(sort, column, numeric));
                      setPage(1);
                    }}
                    testId={`${testId}-sort-${column}`}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {cells(row).map((cell, index) =>
                    index === 0 ? (
                      <Table.Th key={index} scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {cell}
                      </Table.Th>
                    ) : (
                      <Table.Td key={index} ta={columns[index]?.numeric ? 'right' : undefined} style={columns[index]?.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {cell}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {rows.length === 0 && empty && (
          <Text ta="center" c="dimmed" py="md">
            {empty}
          </Text>
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={current.page} onChange={setPage} aria-label={t('table.pages', { table: title })} data-testid={`${testId}-pages`} />
        </Group>
      )}
    </Stack>
  );
}
