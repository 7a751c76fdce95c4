import ExcelJS from 'exceljs';

/**
 * How a column's cells are shown. Numbers stay numbers (a share is 0.374 shown as 37.4 %, a date
 * a real date cell), so that a reader can sort, filter and compute with them.
 */
export type TColumnKind = 'text' | 'long_text' | 'integer' | 'decimal' | 'percent' | 'date';

export interface TableColumn {
  header: string;
  kind?: TColumnKind;
  /** Characters; by default from the longest of the header and the first rows. */
  width?: number;
  /** Places after the decimal point of a decimal column (3 unless told). */
  decimals?: number;
  /** An explicit Excel number format where no kind fits, e.g. a signed change `+0;-0;0`. */
  numFmt?: string;
}

export type TableCell = string | number | Date | null;

/** Excel's number formats per kind; percent cells hold the share (0.374) and show 37.4 %. */
export function numberFormat(kind: TColumnKind, decimals = 3): string | undefined {
  switch (kind) {
    case 'integer':
      return '0';
    case 'decimal':
      return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
    case 'percent':
      return '0.0%';
    case 'date':
      return 'yyyy-mm-dd';
    default:
      return undefined;
  }
}

/** A real date cell from the API's `YYYY-MM-DD` (or ISO timestamp); empty for none or nonsense. */
export function dateCell(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Excel allows 31 characters and none of []:*?/\ in a sheet name. */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ONA platform';
  workbook.created = new Date();
  return workbook;
}

const asColumn = (column: string | TableColumn): TableColumn => (typeof column === 'string' ? { header: column } : column);

const cellLength = (cell: TableCell): number => (cell instanceof Date ? 10 : typeof cell === 'number' ? String(Math.round(cell * 1000) / 1000).length : String(cell ?? '').length);

/**
 * The one table layout of every export: a bold, wrapped header row that stays frozen (with the
 * first `freezeColumns` columns), an autofilter over the whole table, number formats per column,
 * and a landscape page set-up that prints one page wide with the header on every page.
 */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  title: string,
  columns: readonly (string | TableColumn)[],
  rows: readonly (readonly TableCell[])[],
  options: { freezeColumns?: number } = {},
): ExcelJS.Worksheet {
  const specs = columns.map(asColumn);
  const sheet = workbook.addWorksheet(sheetName(title), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: options.freezeColumns ?? 0 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
  });
  const header = sheet.addRow(specs.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  for (const row of rows) sheet.addRow([...row]);
  specs.forEach((spec, i) => {
    const column = sheet.getColumn(i + 1);
    const kind = spec.kind ?? 'text';
    const longest = Math.max(Math.min(spec.header.length, 30), ...rows.slice(0, 200).map((r) => cellLength(r[i] ?? null)));
    column.width = spec.width ?? (kind === 'long_text' ? 80 : Math.min(60, Math.max(10, longest + 2)));
    const format = spec.numFmt ?? numberFormat(kind, spec.decimals);
    // Per cell below the header: a column style would also give the header a number format.
    column.eachCell({ includeEmpty: false }, (cell, rowNumber) => {
      if (rowNumber === 1) return;
      if (format) cell.numFmt = format;
      if (kind === 'long_text') cell.alignment = { wrapText: true, vertical: 'top' };
    });
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + rows.length, column: Math.max(1, specs.length) } };
  return sheet;
}
