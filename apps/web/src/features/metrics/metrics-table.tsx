import { Group, ScrollArea, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { TMetricDefinition, TMetricSort, TMetricsRow } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icon.tsx';
import { formatMetric } from './metric-format.ts';

type TMetricsTableProps = {
  metrics: readonly TMetricDefinition[];
  rows: readonly TMetricsRow[];
  /** Name of the brokerage groups (units or the chosen attribute), the header of the group column. */
  groupsLabel: string;
  sort: TMetricSort;
  onSort: (next: TMetricSort) => void;
  ownEmployeeId: number | null;
};

const STICKY: React.CSSProperties = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' };

/** Sorts by a column: a first click descending for figures (the largest are the interesting ones), ascending for names. */
function nextSort(current: TMetricSort, key: string, numeric: boolean): TMetricSort {
  if (current === key) return `-${key}` as TMetricSort;
  if (current === `-${key}`) return key as TMetricSort;
  return (numeric ? `-${key}` : key) as TMetricSort;
}

function SortableTh({ id, label, description, sort, onSort, numeric, sticky }: { id: string; label: string; description?: string; sort: TMetricSort; onSort: (next: TMetricSort) => void; numeric: boolean; sticky?: boolean }) {
  const { t } = useTranslation('metrics');
  const direction = sort === id ? 'ascending' : sort === `-${id}` ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={direction} data-testid={`metrics-th-${id}`} style={{ whiteSpace: 'nowrap', verticalAlign: 'bottom', ...(sticky ? { ...STICKY, zIndex: 2 } : {}) }}>
      <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
        <UnstyledButton onClick={() => onSort(nextSort(sort, id, numeric))} fw={600} fz="sm" data-testid={`metrics-sort-${id}`}>
          <Group gap={4} wrap="nowrap">
            {label}
            <span aria-hidden="true" style={{ opacity: direction === 'none' ? 0.3 : 1 }}>
              {direction === 'descending' ? '▼' : '▲'}
            </span>
          </Group>
        </UnstyledButton>
        {description && (
          <Tooltip label={description} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
            <span tabIndex={0} role="img" aria-label={`${t('table.explain')}: ${description}`} data-testid={`metrics-help-${id}`} style={{ display: 'inline-flex', color: 'var(--mantine-color-dimmed)', cursor: 'help' }}>
              <Icon name="help" size={14} />
            </span>
          </Tooltip>
        )}
      </Group>
    </Table.Th>
  );
}

/** The per-person table: sticky name column, every metric sortable and explained in its header. */
export function MetricsTable({ metrics, rows, groupsLabel, sort, onSort, ownEmployeeId }: TMetricsTableProps) {
  const { t, i18n } = useTranslation(['metrics', 'keyPeople']);
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="metrics-table-scroll">
      <Table striped highlightOnHover withTableBorder stickyHeader data-testid="metrics-table" style={{ minWidth: 'max-content' }}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh id="name" label={t('table.employee')} sort={sort} onSort={onSort} numeric={false} sticky />
            <SortableTh id="unit" label={t('table.unit')} sort={sort} onSort={onSort} numeric={false} />
            <Table.Th style={{ whiteSpace: 'nowrap', verticalAlign: 'bottom' }} data-testid="metrics-th-group">
              {t('table.group', { groups: groupsLabel })}
            </Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap', verticalAlign: 'bottom' }} data-testid="metrics-th-roles">
              {t('table.roles')}
            </Table.Th>
            {metrics.map((metric) => (
              <SortableTh key={metric.id} id={metric.id} label={metric.label} description={metric.description} sort={sort} onSort={onSort} numeric />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={metrics.length + 4}>
                <Text c="dimmed" fz="sm" data-testid="metrics-empty">
                  {t('table.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.employee.id} data-testid="metrics-row" data-employee-id={row.employee.id}>
              <Table.Th scope="row" style={{ ...STICKY, fontWeight: row.employee.id === ownEmployeeId ? 700 : 500, whiteSpace: 'nowrap' }}>
                {row.employee.name}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.unit?.name ?? '–'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-metric="group">
                {row.group ?? '–'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-metric="roles">
                {row.brokerage_roles.length > 0 ? row.brokerage_roles.map((role) => t(`keyPeople:groupRoles.${role}`)).join(', ') : '–'}
              </Table.Td>
              {metrics.map((metric) => {
                const value = row.values[metric.id] ?? null;
                const withheld = value === null && metric.withheld_for_others;
                return (
                  <Table.Td key={metric.id} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-metric={metric.id} title={withheld ? t('table.withheld') : undefined}>
                    {formatMetric(value, metric.format, i18n.language)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
