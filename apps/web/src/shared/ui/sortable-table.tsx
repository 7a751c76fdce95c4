import { Group, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { pageCount, pageSlice } from './page-slice.ts';
import { SortHeader } from './sort-header.tsx';
import { nextSort, sortRows, type TTableSort } from './table-sort.ts';

/** `nowrap`: a name, kept on one line (the questions column takes the wrapping). */
export type TColumn<C extends string> = { column: C; numeric: boolean; nowrap?: boolean };

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
  /** The name of the table's page picker ("Pages of the table …"). */
  pagesLabel: string;
  /** Data attributes of a row (for example its status), so that tests and styles can find it. */
  rowProps?: (row: R) => Record<`data-${string}`, string>;
  /** The heading level of the title (2 by default). */
  titleOrder?: 2 | 3;
};

/**
 * One table sorted in the browser, with sortable headers (aria-sort) and pages of 50 rows, so
 * 50,000 ties stay quick: the graph's table view and the wave comparison's units and networks.
 * The first cell of a row is its header (a name).
 */
export function SortableTable<R, C extends keyof R & string>({ title, caption, rows, columns, label, initialSort, tieBreak, language, rowKey, cells, testId, empty, pagesLabel, rowProps, titleOrder = 2 }: TSortableTableProps<R, C>) {
  const [sort, setSort] = useState<TTableSort<C>>(initialSort);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortRows(rows, sort, tieBreak, language), [rows, sort, tieBreak, language]);
  const current = pageSlice(sorted, page);
  const pages = pageCount(sorted.length);
  return (
    <Stack gap="xs">
      <Title order={titleOrder} fz={titleOrder === 2 ? 'lg' : 'md'}>
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
                <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
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
          <Pagination total={pages} value={current.page} onChange={setPage} aria-label={pagesLabel} data-testid={`${testId}-pages`} />
        </Group>
      )}
    </Stack>
  );
}
