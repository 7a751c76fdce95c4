import type ExcelJS from 'exceljs';
import { restoreNeutralisedText } from '../analytics-shared/formula-cells.ts';

/**
 * An uploaded workbook as plain data: what the worker that read it sends back (structured clone
 * keeps strings, numbers, dates and plain objects), so the main thread never holds exceljs's
 * heavy cell objects. Formulas arrive as their results; rich text and hyperlinks as exceljs gives
 * them. The parsers read it through the small part of the exceljs sheet API they always used.
 */
export type PlainCellValue = ExcelJS.CellValue;

export interface PlainSheetData {
  name: string;
  /** Rows with at least one value, in order: [row number, values by column (index 0 = column 1)]. */
  rows: [number, PlainCellValue[]][];
}

export interface UploadedCell {
  readonly value: PlainCellValue;
}

export interface UploadedRow {
  /** The highest column holding a cell, as exceljs counts it. */
  readonly cellCount: number;
  getCell(column: number): UploadedCell;
  eachCell(options: { includeEmpty: false }, callback: (cell: UploadedCell, column: number) => void): void;
}

export interface UploadedSheet {
  readonly name: string;
  getRow(rowNumber: number): UploadedRow;
  eachRow(options: { includeEmpty: false }, callback: (row: UploadedRow, rowNumber: number) => void): void;
  /** The rows with values in order, one at a time (a million-row answers sheet is not copied into a list). */
  rowsWithValues(): Iterable<[number, UploadedRow]>;
}

export interface UploadedWorkbook {
  readonly worksheets: readonly UploadedSheet[];
}

const isEmpty = (value: PlainCellValue | undefined) => value === null || value === undefined;

class PlainRow implements UploadedRow {
  constructor(private readonly values: readonly PlainCellValue[]) {}

  get cellCount(): number {
    return this.values.length;
  }

  getCell(column: number): UploadedCell {
    return { value: this.values[column - 1] ?? null };
  }

  eachCell(_options: { includeEmpty: false }, callback: (cell: UploadedCell, column: number) => void): void {
    this.values.forEach((value, i) => {
      if (!isEmpty(value)) callback({ value }, i + 1);
    });
  }
}

const EMPTY_ROW = new PlainRow([]);

class PlainSheet implements UploadedSheet {
  /** Rows by number, made only when a row other than the first is asked for by number. */
  private byNumber: Map<number, PlainRow> | null = null;

  constructor(
    readonly name: string,
    private readonly rows: [number, PlainCellValue[]][],
  ) {}

  getRow(rowNumber: number): UploadedRow {
    const first = this.rows[0];
    // The header is asked for by number on every sheet: no index of a million rows for it.
    if (first && first[0] === rowNumber) return new PlainRow(first[1]);
    this.byNumber ??= new Map(this.rows.map(([n, values]) => [n, new PlainRow(values)]));
    return this.byNumber.get(rowNumber) ?? EMPTY_ROW;
  }

  eachRow(_options: { includeEmpty: false }, callback: (row: UploadedRow, rowNumber: number) => void): void {
    for (const [n, row] of this.rowsWithValues()) callback(row, n);
  }

  *rowsWithValues(): Generator<[number, UploadedRow]> {
    for (const [n, values] of this.rows) yield [n, new PlainRow(values)];
  }
}

export function plainWorkbook(sheets: PlainSheetData[]): UploadedWorkbook {
  return { worksheets: sheets.map((s) => new PlainSheet(s.name, s.rows)) };
}

/** Formulas become their cached result; a neutralised text loses its apostrophe; everything else stays as exceljs read it. */
function plainValue(value: ExcelJS.CellValue): PlainCellValue {
  if (value && typeof value === 'object' && !(value instanceof Date) && ('formula' in value || 'sharedFormula' in value)) {
    return plainValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  if (value && typeof value === 'object' && !(value instanceof Date) && 'richText' in value) {
    return { richText: value.richText.map((part, i) => ({ text: i === 0 ? restoreNeutralisedText(part.text) : part.text })) };
  }
  // A text the product's own export neutralised ('=…) reads back as it was before.
  if (typeof value === 'string') return restoreNeutralisedText(value);
  return value ?? null;
}

/** One row's values by column (index 0 = column 1), as the reader hands them on. */
export function plainRowValues(row: ExcelJS.Row): PlainCellValue[] {
  const values: PlainCellValue[] = [];
  for (let column = 1; column <= row.cellCount; column++) values.push(plainValue(row.getCell(column).value));
  return values;
}

/** The plain data of a workbook exceljs has read whole; rows without values are left out, as exceljs's eachRow does. */
export function sheetsOf(workbook: ExcelJS.Workbook): PlainSheetData[] {
  return workbook.worksheets.map((sheet) => {
    const rows: [number, PlainCellValue[]][] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => rows.push([rowNumber, plainRowValues(row)]));
    return { name: sheet.name, rows };
  });
}
