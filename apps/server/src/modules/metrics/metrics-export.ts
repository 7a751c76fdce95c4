import ExcelJS from 'exceljs';
import type { TLocale, TMetricDefinition, TMetricsRow, TNetworkLevel } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import { addFormattedTable as table, NUMBER_FORMATS } from '../analytics-shared/workbook-table.ts';

/**
 * The Metrics table as the page shows it (same filters, sort, withheld cells left empty), with
 * labels instead of codes, names beside ids, number formats per metric; the network figures and
 * the E-I index per unit on their own sheets.
 */
export function metricsWorkbook(locale: TLocale, network: TNetworkLevel, metrics: readonly TMetricDefinition[], rows: readonly TMetricsRow[]): ExcelJS.Workbook {
  const t = (key: Parameters<typeof translate>[1]): string => translate(locale, key);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA';
  table(
    workbook,
    t('metrics.export.sheet_metrics'),
    [
      { header: t('metrics.export.col_employee'), width: 28 },
      { header: t('metrics.export.col_employee_id'), width: 12, format: '0' },
      { header: t('metrics.export.col_unit'), width: 24 },
      { header: t('metrics.export.col_unit_id'), width: 10, format: '0' },
      ...metrics.map((metric) => ({ header: metric.label, width: Math.min(24, Math.max(12, metric.label.length + 2)), format: NUMBER_FORMATS[metric.format] })),
    ],
    rows.map((row) => [row.employee.name, row.employee.id, row.unit?.name ?? null, row.unit?.id ?? null, ...metrics.map((metric) => row.values[metric.id] ?? null)]),
    1,
  );
  const figures = table(
    workbook,
    t('metrics.export.sheet_network'),
    [
      { header: t('metrics.export.col_figure'), width: 34 },
      { header: t('metrics.export.col_value'), width: 14 },
      { header: t('metrics.export.col_description'), width: 90 },
    ],
    [[t('metrics.export.network'), network.label, null], ...network.figures.map((figure) => [figure.label, figure.value ?? (network.withheld ? t('metrics.export.withheld') : null), figure.description])],
  );
  network.figures.forEach((figure, i) => {
    figures.getCell(i + 3, 2).numFmt = NUMBER_FORMATS[figure.format];
  });
  table(
    workbook,
    t('metrics.export.sheet_units'),
    [
      { header: t('metrics.export.col_unit'), width: 28 },
      { header: t('metrics.export.col_unit_id'), width: 10, format: '0' },
      { header: t('metrics.export.col_members'), width: 12, format: '0' },
      { header: t('metrics.export.col_respondents'), width: 12, format: '0' },
      { header: t('metrics.export.col_internal'), width: 14, format: '0' },
      { header: t('metrics.export.col_external'), width: 14, format: '0' },
      { header: translate(locale, 'metrics.network_figures.ei_index.label'), width: 12, format: '0.000' },
    ],
    network.ei_by_unit.map((entry) => [entry.unit.name, entry.unit.id, entry.members, entry.respondents, entry.internal, entry.external, entry.withheld ? t('metrics.export.withheld') : entry.ei]),
  );
  return workbook;
}
