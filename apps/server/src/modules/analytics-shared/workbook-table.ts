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

/** A figure with its own number format where its column has none (the Metrics export's figure column). */
export interface FormattedCell {
  value: string | number | null;
  numFmt: string;
}

export type TableCell = string | number | Date | FormattedCell | null;

/** A sheet's rows: an array for the small exports, an async source (pages of a query) for the large ones. */
export type TableRows = Iterable<readonly TableCell[]> | AsyncIterable<readonly TableCell[]>;

export interface TableSheet {
  title: string;
  columns: readonly TableColumn[];
  rows: TableRows;
  freezeColumns: number;
}

/**
 * An export as the sheets it will hold, written row by row to the reply by workbook-stream.ts
 * (exceljs's streaming writer), so that a sheet of a million rows is never one workbook in memory.
 */
export interface TableWorkbook {
  readonly sheets: TableSheet[];
}

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

export function newWorkbook(): TableWorkbook {
  return { sheets: [] };
}

const asColumn = (column: string | TableColumn): TableColumn => (typeof column === 'string' ? { header: column } : column);

/**
 * The one table layout of every export (written by workbook-stream.ts): a bold, wrapped header
 * row that stays frozen (with the first `freezeColumns` columns), an autofilter over the whole
 * table, number formats per column, and a landscape page set-up that prints one page wide with the
 * header on every page.
 */
export function addTableSheet(workbook: TableWorkbook, title: string, columns: readonly (string | TableColumn)[], rows: TableRows, options: { freezeColumns?: number } = {}): void {
  workbook.sheets.push({ title: sheetName(title), columns: columns.map(asColumn), rows, freezeColumns: options.freezeColumns ?? 0 });
}
