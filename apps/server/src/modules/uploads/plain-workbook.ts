import type ExcelJS from 'exceljs';
import { restoreNeutralisedText } from '../analytics-shared/formula-cells.ts';

/**
 * An uploaded workbook as plain data: what the worker that read it sends back, so the main thread
 * never holds exceljs's heavy cell objects. Formulas arrive as their results; rich text and
 * hyperlinks as exceljs gives them. The parsers read it through the small part of the exceljs sheet
 * API they always used.
 *
 * The cells are kept compact (issue 34, item 5: a whole survey of 100,000 people is some 27 million
 * cells): every distinct value once in `values`, each cell a column number and an index into them in
 * typed arrays, rows as offsets into those (compressed sparse rows). Typed arrays are handed from the
 * worker to the main thread without a copy, and 27 million cells take 6 bytes each instead of a
 * JavaScript array slot and string each.
 */
export type PlainCellValue = ExcelJS.CellValue;

export interface PlainSheetData {
  name: string;
  /** The spreadsheet number of each row with at least one value, in the order read. */
  rowNumbers: Uint32Array;
  /** Row i's cells are `cellColumns`/`cellValues` from `rowStarts[i]` to `rowStarts[i + 1]`. */
  rowStarts: Uint32Array;
  /** Column of each cell (1 = A; Excel has 16,384 columns), ascending within a row. */
  cellColumns: Uint16Array;
  /** Index of each cell's value in the workbook's `values`. */
  cellValues: Uint32Array;
}

export interface PlainWorkbookData {
  /** Every distinct non-empty value of the workbook once. */
  values: PlainCellValue[];
  sheets: PlainSheetData[];
}

/** The buffers to transfer (not copy) when the data crosses to another thread. */
export function transferablesOf(data: PlainWorkbookData): ArrayBuffer[] {
  return data.sheets.flatMap((s) => [s.rowNumbers, s.rowStarts, s.cellColumns, s.cellValues].map((a) => a.buffer as ArrayBuffer));
}

export interface UploadedCell {
  readonly value: PlainCellValue;
}

export interface UploadedRow {
  /** The highest column holding a value. */
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
  /** Rows with values, for reading by position with rowNumberAt and valueIdAt. */
  readonly rowCount: number;
  rowNumberAt(index: number): number;
  /**
   * The value id of the cell at (row index, column): 0 when empty, else one more than its index in
   * the workbook's values. Equal ids are equal values, so a parser can judge each distinct value once.
   */
  valueIdAt(index: number, column: number): number;
}

export interface UploadedWorkbook {
  readonly worksheets: readonly UploadedSheet[];
  /** The value of a valueIdAt id (null for 0). */
  valueOf(id: number): PlainCellValue;
}

class PlainRow implements UploadedRow {
  constructor(
    private readonly sheet: PlainSheet,
    private readonly index: number,
  ) {}

  get cellCount(): number {
    return this.sheet.lastColumn(this.index);
  }

  getCell(column: number): UploadedCell {
    return { value: this.sheet.valueAt(this.index, column) };
  }

  eachCell(_options: { includeEmpty: false }, callback: (cell: UploadedCell, column: number) => void): void {
    this.sheet.eachCellOf(this.index, callback);
  }
}

const EMPTY_ROW: UploadedRow = { cellCount: 0, getCell: () => ({ value: null }), eachCell: () => undefined };

class PlainSheet implements UploadedSheet {
  /** Row index by number, made only when rows are not in ascending order (binary search otherwise). */
  private byNumber: Map<number, number> | null = null;
  private readonly ascending: boolean;

  constructor(
    private readonly data: PlainSheetData,
    private readonly values: readonly PlainCellValue[],
  ) {
    let ascending = true;
    for (let i = 1; i < data.rowNumbers.length && ascending; i++) ascending = (data.rowNumbers[i - 1] as number) < (data.rowNumbers[i] as number);
    this.ascending = ascending;
  }

  get name(): string {
    return this.data.name;
  }

  get rowCount(): number {
    return this.data.rowNumbers.length;
  }

  rowNumberAt(index: number): number {
    return this.data.rowNumbers[index] as number;
  }

  valueIdAt(index: number, column: number): number {
    const { rowStarts, cellColumns, cellValues } = this.data;
    const end = rowStarts[index + 1] as number;
    for (let at = rowStarts[index] as number; at < end; at++) {
      const c = cellColumns[at] as number;
      if (c === column) return (cellValues[at] as number) + 1;
      if (c > column) return 0;
    }
    return 0;
  }

  valueAt(index: number, column: number): PlainCellValue {
    const id = this.valueIdAt(index, column);
    return id === 0 ? null : (this.values[id - 1] ?? null);
  }

  lastColumn(index: number): number {
    const end = this.data.rowStarts[index + 1] as number;
    return end > (this.data.rowStarts[index] as number) ? (this.data.cellColumns[end - 1] as number) : 0;
  }

  eachCellOf(index: number, callback: (cell: UploadedCell, column: number) => void): void {
    const { rowStarts, cellColumns, cellValues } = this.data;
    const end = rowStarts[index + 1] as number;
    for (let at = rowStarts[index] as number; at < end; at++) callback({ value: this.values[cellValues[at] as number] ?? null }, cellColumns[at] as number);
  }

  private indexOf(rowNumber: number): number {
    const numbers = this.data.rowNumbers;
    if (!this.ascending) {
      if (!this.byNumber) {
        this.byNumber = new Map();
        for (let i = numbers.length - 1; i >= 0; i--) this.byNumber.set(numbers[i] as number, i);
      }
      return this.byNumber.get(rowNumber) ?? -1;
    }
    let low = 0;
    let high = numbers.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const n = numbers[middle] as number;
      if (n === rowNumber) return middle;
      if (n < rowNumber) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  getRow(rowNumber: number): UploadedRow {
    const index = this.indexOf(rowNumber);
    return index < 0 ? EMPTY_ROW : new PlainRow(this, index);
  }

  eachRow(_options: { includeEmpty: false }, callback: (row: UploadedRow, rowNumber: number) => void): void {
    for (const [n, row] of this.rowsWithValues()) callback(row, n);
  }

  *rowsWithValues(): Generator<[number, UploadedRow]> {
    for (let i = 0; i < this.rowCount; i++) yield [this.rowNumberAt(i), new PlainRow(this, i)];
  }
}

export function plainWorkbook(data: PlainWorkbookData): UploadedWorkbook {
  return {
    worksheets: data.sheets.map((s) => new PlainSheet(s, data.values)),
    valueOf: (id) => (id === 0 ? null : (data.values[id - 1] ?? null)),
  };
}

/** Excel's last column (XFD): a cell further right is not from a spreadsheet. */
export const MAX_SHEET_COLUMNS = 16_384;

/** A typed array that grows by doubling; `view()` is the filled part (same buffer, no copy). */
class Growing<A extends Uint32Array | Uint16Array> {
  length = 0;
  constructor(
    private array: A,
    private readonly make: (size: number) => A,
  ) {}

  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }

  view(): A {
    return this.array.subarray(0, this.length) as A;
  }
}

const uint32 = (size: number) => new Uint32Array(size);
const uint16 = (size: number) => new Uint16Array(size);

/** Sheet by sheet, row by row: what the reader fills and hands back as PlainWorkbookData. */
export class PlainWorkbookBuilder {
  private readonly values: PlainCellValue[] = [];
  private readonly ids = { text: new Map<string, number>(), number: new Map<number, number>(), date: new Map<number, number>(), other: new Map<string, number>() };
  private readonly sheets: PlainSheetData[] = [];
  /** Sets each sheet's arrays to what was filled (views, taken once at the end rather than per row). */
  private readonly closers: (() => void)[] = [];

  private idOf(value: Exclude<PlainCellValue, null | undefined>): number {
    const [map, key] =
      typeof value === 'string'
        ? ([this.ids.text, value] as const)
        : typeof value === 'number'
          ? ([this.ids.number, value] as const)
          : value instanceof Date
            ? ([this.ids.date, value.getTime()] as const)
            : ([this.ids.other, `${typeof value}:${JSON.stringify(value)}`] as const);
    const known = (map as Map<string | number, number>).get(key);
    if (known !== undefined) return known;
    this.values.push(value);
    (map as Map<string | number, number>).set(key, this.values.length - 1);
    return this.values.length - 1;
  }

  /** Starts a sheet; `addRow` fills it until `finish`. */
  sheet(name: string): { addRow(rowNumber: number, values: Iterable<[number, PlainCellValue]>): number } {
    const rowNumbers = new Growing(new Uint32Array(1024), uint32);
    const rowStarts = new Growing(new Uint32Array(1024), uint32);
    const cellColumns = new Growing(new Uint16Array(4096), uint16);
    const cellValues = new Growing(new Uint32Array(4096), uint32);
    rowStarts.push(0);
    const data: PlainSheetData = { name, rowNumbers: new Uint32Array(0), rowStarts: new Uint32Array([0]), cellColumns: new Uint16Array(0), cellValues: new Uint32Array(0) };
    this.sheets.push(data);
    const close = () => {
      data.rowNumbers = rowNumbers.view();
      data.rowStarts = rowStarts.view();
      data.cellColumns = cellColumns.view();
      data.cellValues = cellValues.view();
    };
    this.closers.push(close);
    return {
      /** Adds a row of (column, value) pairs in ascending columns, empty values left out; answers the cells kept. */
      addRow: (rowNumber, cells) => {
        let kept = 0;
        for (const [column, value] of cells) {
          if (value === null || value === undefined) continue;
          if (column < 1 || column > MAX_SHEET_COLUMNS) throw new RangeError(`column ${column} outside a sheet`);
          cellColumns.push(column);
          cellValues.push(this.idOf(value));
          kept++;
        }
        if (kept > 0) {
          rowNumbers.push(rowNumber);
          rowStarts.push(cellColumns.length);
        }
        return kept;
      },
    };
  }

  finish(): PlainWorkbookData {
    for (const close of this.closers) close();
    return { values: this.values, sheets: this.sheets };
  }
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

/** One row's values as (column, value), as the reader hands them on. */
export function* plainRowCells(row: ExcelJS.Row): Generator<[number, PlainCellValue]> {
  for (let column = 1; column <= row.cellCount; column++) yield [column, plainValue(row.getCell(column).value)];
}

/** The plain data of a workbook exceljs has read whole; rows without values are left out, as exceljs's eachRow does. */
export function sheetsOf(workbook: ExcelJS.Workbook): PlainWorkbookData {
  const builder = new PlainWorkbookBuilder();
  for (const sheet of workbook.worksheets) {
    const target = builder.sheet(sheet.name);
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => target.addRow(rowNumber, plainRowCells(row)));
  }
  return builder.finish();
}
