import type ExcelJS from 'exceljs';
import type { TMetricFormat } from '@ona/contracts';
import { sheetName } from './xlsx-reply.ts';

/** Excel number formats of the metric formats. */
export const NUMBER_FORMATS: Record<TMetricFormat, string> = { integer: '0', category: '0', decimal: '0.0000', percent: '0.0%' };

export interface TableColumn {
  header: string;
  width: number;
  format?: string;
}

/** Bold header, frozen header row (and the first `freezeColumns` columns), an autofilter over the table, landscape pages. */
export function addFormattedTable(workbook: ExcelJS.Workbook, title: string, columns: readonly TableColumn[], rows: readonly (string | number | null)[][], freezeColumns = 0): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1, xSplit: freezeColumns }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  for (const row of rows) sheet.addRow(row);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + rows.length, column: columns.length } };
  sheet.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  return sheet;
}
