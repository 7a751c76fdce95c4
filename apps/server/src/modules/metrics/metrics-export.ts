import ExcelJS from 'exceljs';
import type { TBrokerageGroups, TLocale, TMetricDefinition, TMetricFormat, TMetricsRow, TNetworkLevel } from '@ona/contracts';
import { labeller } from '../analytics-shared/labels.ts';
import { translate } from '../../i18n/translate.ts';
import { sheetName } from '../analytics-shared/xlsx-reply.ts';

const NUMBER_FORMATS: Record<TMetricFormat, string> = { integer: '0', category: '0', decimal: '0.0000', percent: '0.0%' };

/** Bold header, frozen header row (and the name column), an autofilter over the table. */
function table(workbook: ExcelJS.Workbook, title: string, columns: { header: string; width: number; format?: string }[], rows: (string | number | null)[][], freezeColumns = 0): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1, xSplit: freezeColumns }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  for (const row of rows) sheet.addRow(row);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + rows.length, column: columns.length } };
  sheet.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  return sheet;
}

/**
 * The Metrics table as the page shows it (same filters, sort, withheld cells left empty), with
 * labels instead of codes, names beside ids, number formats per metric; the network figures and
 * the E-I index per unit on their own sheets.
 */
export function metricsWorkbook(locale: TLocale, network: TNetworkLevel, groups: TBrokerageGroups, metrics: readonly TMetricDefinition[], rows: readonly TMetricsRow[]): ExcelJS.Workbook {
  const t = (key: Parameters<typeof translate>[1]): string => translate(locale, key);
  const { groupRole } = labeller(locale);
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
    [[t('metrics.export.network'), network.label, null], [t('metrics.export.brokerage_groups'), groups.label, null], ...network.figures.map((figure) => [figure.label, figure.value ?? (network.withheld ? t('metrics.export.withheld') : null), figure.description])],
  );
  network.figures.forEach((figure, i) => {
    figures.getCell(i + 4, 2).numFmt = NUMBER_FORMATS[figure.format];
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
