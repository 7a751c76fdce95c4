import { Stack, Text } from '@mantine/core';
import type { TGraphVisualization } from '@ona/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { SortableTable, type TColumn } from '../../shared/ui/sortable-table.tsx';
import { personRows, tieRows, type TPeopleSortColumn, type TTiesSortColumn } from './graph-table-rows.ts';


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
        pagesLabel={t('table.pages', { table: t('table.people') })}
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
        pagesLabel={t('table.pages', { table: t('table.ties') })}
        rowKey={(row) => row.key}
        testId="graph-ties-table"
        empty={t('table.noTies')}
        cells={(row) => [row.source, row.target, row.questions, row.mutual ? t('table.yes') : t('table.no')]}
      />
    </Stack>
  );
}
