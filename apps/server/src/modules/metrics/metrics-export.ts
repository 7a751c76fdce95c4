import type { TBrokerageGroups, TLocale, TMetricDefinition, TMetricFormat, TMetricsRow, TNetworkLevel } from '@ona/contracts';
import { labeller } from '../analytics-shared/labels.ts';
import { translate } from '../../i18n/translate.ts';
import { addTableSheet, newWorkbook, numberFormat, type TColumnKind, type TableCell, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

const KINDS: Record<TMetricFormat, TColumnKind> = { integer: 'integer', category: 'integer', decimal: 'decimal', percent: 'percent' };
const DECIMALS = 4;

/**
 * The Metrics table as the page shows it (same filters, sort, withheld cells left empty), with
 * labels instead of codes, names beside ids, number formats per metric; the network figures and
 * the E-I index per unit on their own sheets.
 */
export function metricsWorkbook(locale: TLocale, network: TNetworkLevel, groups: TBrokerageGroups, metrics: readonly TMetricDefinition[], rows: readonly TMetricsRow[]): TableWorkbook {
  const { groupRole } = labeller(locale);
  const t = (key: Parameters<typeof translate>[1]): string => translate(locale, key);
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    t('metrics.export.sheet_metrics'),
    [
      { header: t('metrics.export.col_employee'), width: 28 },
      { header: t('metrics.export.col_employee_id'), width: 12, kind: 'integer' },
      { header: t('metrics.export.col_unit'), width: 24 },
      { header: t('metrics.export.col_unit_id'), width: 10, kind: 'integer' },
      ...metrics.map((metric) => ({ header: metric.label, width: Math.min(24, Math.max(12, metric.label.length + 2)), kind: KINDS[metric.format], decimals: DECIMALS })),
      { header: t('metrics.export.col_group'), width: 24 },
      { header: t('metrics.export.col_roles'), width: 28 },
    ],
    rows.map((row) => [
      row.employee.name,
      row.employee.id,
      row.unit?.name ?? null,
      row.unit?.id ?? null,
      ...metrics.map((metric) => row.values[metric.id] ?? null),
      row.group,
      row.brokerage_roles.map(groupRole).join(', ') || null,
    ]),
    { freezeColumns: 1 },
  );
  // Each figure has its own format (a share, a count, a decimal), so the value cell carries it.
  const figureValue = (figure: TNetworkLevel['figures'][number]): TableCell => {
    const value = figure.value ?? (network.withheld ? t('metrics.export.withheld') : null);
    const format = numberFormat(KINDS[figure.format], DECIMALS);
    return format ? { value, numFmt: format } : value;
  };
  addTableSheet(
    workbook,
    t('metrics.export.sheet_network'),
    [
      { header: t('metrics.export.col_figure'), width: 34 },
      { header: t('metrics.export.col_value'), width: 14 },
      { header: t('metrics.export.col_description'), kind: 'long_text', width: 90 },
    ],
    [[t('metrics.export.network'), network.label, null], [t('metrics.export.brokerage_groups'), groups.label, null], ...network.figures.map((figure) => [figure.label, figureValue(figure), figure.description])],
  );
  addTableSheet(
    workbook,
    t('metrics.export.sheet_units'),
    [
      { header: t('metrics.export.col_unit'), width: 28 },
      { header: t('metrics.export.col_unit_id'), width: 10, kind: 'integer' },
      { header: t('metrics.export.col_members'), width: 12, kind: 'integer' },
      { header: t('metrics.export.col_respondents'), width: 12, kind: 'integer' },
      { header: t('metrics.export.col_internal'), width: 14, kind: 'integer' },
      { header: t('metrics.export.col_external'), width: 14, kind: 'integer' },
      { header: translate(locale, 'metrics.network_figures.ei_index.label'), width: 12, kind: 'decimal' },
    ],
    network.ei_by_unit.map((entry) => [entry.unit.name, entry.unit.id, entry.members, entry.respondents, entry.internal, entry.external, entry.withheld ? t('metrics.export.withheld') : entry.ei]),
    { freezeColumns: 1 },
  );
  return workbook;
}
