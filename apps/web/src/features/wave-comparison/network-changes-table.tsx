import { Alert, Stack } from '@mantine/core';
import type { TNetworkChange } from '@ona/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableTable, type TColumn } from '../../shared/ui/sortable-table.tsx';
import { networkRows, type TNetworkRow } from './comparison-rows.ts';
import { formatFigure } from './then-now.ts';

type TNetworkColumn = 'label' | 'then' | 'now' | 'kept' | 'added' | 'lost' | 'isolates' | 'bridges';
const COLUMNS: readonly TColumn<TNetworkColumn>[] = [
  { column: 'label', numeric: false },
  { column: 'then', numeric: true },
  { column: 'now', numeric: true },
  { column: 'kept', numeric: true },
  { column: 'added', numeric: true },
  { column: 'lost', numeric: true },
  { column: 'isolates', numeric: true },
  { column: 'bridges', numeric: true },
];

/** Ties kept, added and lost per network (all work questions, then each question), new isolates and bridges lost. */
export function NetworkChangesTable({ networks }: { networks: readonly TNetworkChange[] }) {
  const { t, i18n } = useTranslation('waveComparison');
  const rows = useMemo(() => networkRows(networks), [networks]);
  const count = (value: number | null) => formatFigure(value, 'count', i18n.language);
  return (
    <Stack gap="xs">
      {rows.some((row) => row.withheld) && (
        <Alert color="gray" variant="light" data-testid="compare-networks-withheld">
          {t('networks.withheld')}
        </Alert>
      )}
      <SortableTable<TNetworkRow, TNetworkColumn>
        title={t('networks.title')}
        caption={t('networks.caption')}
        rows={rows}
        columns={COLUMNS}
        label={(column) => t(`networks.${column}`)}
        initialSort={{ column: 'label', direction: 'asc' }}
        tieBreak={['label']}
        language={i18n.language}
        pagesLabel={t('pages', { table: t('networks.title') })}
        rowKey={(row) => row.key}
        rowProps={(row) => ({ 'data-network': row.key })}
        testId="compare-networks-table"
        // "All work questions" first: the initial order is by name, the sum is worth seeing first.
        cells={(row) => [row.key === 'work' ? <strong>{row.label}</strong> : row.label, count(row.then), count(row.now), count(row.kept), count(row.added), count(row.lost), count(row.isolates), count(row.bridges)]}
      />
    </Stack>
  );
}
