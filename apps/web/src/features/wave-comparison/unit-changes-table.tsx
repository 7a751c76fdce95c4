import { Badge, Stack, Text } from '@mantine/core';
import type { TComparedUnit } from '@ona/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableTable, type TColumn } from '../../shared/ui/sortable-table.tsx';
import { unitRows, type TThenNow, type TUnitRow } from './comparison-rows.ts';
import { formatChange, formatThenNow, type TFigureFormat } from './then-now.ts';

type TUnitColumn = 'name' | 'status' | 'membersNow' | 'densityChange' | 'reciprocityChange' | 'eiChange' | 'atRiskChange';
const COLUMNS: readonly TColumn<TUnitColumn>[] = [
  { column: 'name', numeric: false },
  { column: 'status', numeric: false },
  { column: 'membersNow', numeric: true, nowrap: true },
  { column: 'densityChange', numeric: true, nowrap: true },
  { column: 'reciprocityChange', numeric: true, nowrap: true },
  { column: 'eiChange', numeric: true, nowrap: true },
  { column: 'atRiskChange', numeric: true, nowrap: true },
];
const STATUS_COLORS = { matched: 'gray', new: 'teal', gone: 'red' } as const;

/** One figure then → now, its change under it. */
function ThenNowCell({ figure, format }: { figure: TThenNow; format: TFigureFormat }) {
  const { t, i18n } = useTranslation('waveComparison');
  return (
    <Stack gap={0} align="flex-end">
      <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatThenNow(figure.then, figure.now, format, i18n.language)}
      </Text>
      {figure.change !== null && (
        <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatChange(figure.change, format, i18n.language, t('points'))}
        </Text>
      )}
    </Stack>
  );
}

/** Each unit's density, reciprocity, E-I index and share at risk then and now; sorted by a change. */
export function UnitChangesTable({ units }: { units: readonly TComparedUnit[] }) {
  const { t, i18n } = useTranslation('waveComparison');
  const rows = useMemo(() => unitRows(units), [units]);
  return (
    <SortableTable<TUnitRow, TUnitColumn>
      title={t('units.title')}
      caption={t('units.caption')}
      rows={rows}
      columns={COLUMNS}
      label={(column) => t(`units.${column}`)}
      initialSort={{ column: 'name', direction: 'asc' }}
      tieBreak={['name']}
      language={i18n.language}
      pagesLabel={t('pages', { table: t('units.title') })}
      rowKey={(row) => row.key}
      rowProps={(row) => ({ 'data-unit-status': row.status, 'data-unit': row.path })}
      testId="compare-units-table"
      empty={t('units.empty')}
      cells={(row) => [
        <span title={row.path}>{row.name}</span>,
        <Badge color={STATUS_COLORS[row.status]} variant="light" data-testid="compare-unit-status">
          {t(`units.statuses.${row.status}`)}
        </Badge>,
        row.withheld && row.members.then === null && row.members.now === null ? t('units.withheld') : <ThenNowCell figure={row.members} format="count" />,
        <ThenNowCell figure={row.density} format="index" />,
        <ThenNowCell figure={row.reciprocity} format="share" />,
        <ThenNowCell figure={row.ei} format="index" />,
        <ThenNowCell figure={row.atRisk} format="share" />,
      ]}
    />
  );
}
