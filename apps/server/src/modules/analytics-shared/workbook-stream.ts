import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { neutraliseFormulaText } from './formula-cells.ts';
import { numberFormat, type FormattedCell, type TColumnKind, type TableCell, type TableSheet, type TableWorkbook } from './workbook-table.ts';

/** Rows written between two looks at the reply: small enough that little waits in exceljs's sheet buffer. */
const ROWS_PER_TURN = 500;
/** Rows a column's width is judged from (they are held until the width is written, before the first row). */
const WIDTH_SAMPLE_ROWS = 200;

const isFormatted = (cell: TableCell): cell is FormattedCell => cell !== null && typeof cell === 'object' && !(cell instanceof Date);

const cellLength = (cell: TableCell): number => {
  const value = isFormatted(cell) ? cell.value : cell;
  return value instanceof Date ? 10 : typeof value === 'number' ? String(Math.round(value * 1000) / 1000).length : String(value ?? '').length;
};

/** The value exceljs writes: texts that would start a formula get their apostrophe here, the one place every export passes. */
function cellValue(cell: TableCell): string | number | Date | null {
  const value = isFormatted(cell) ? cell.value : cell;
  return typeof value === 'string' ? neutraliseFormulaText(value) : value;
}

/** Waits while the reply is full, so that a slow reader holds the writer back rather than memory growing. */
async function roomInReply(output: Writable): Promise<void> {
  if (output.destroyed) throw new Error('the export stream was closed before the workbook was written');
  if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), once(output, 'close')]);
  // A turn of the event loop lets the zip archiver take what the sheet holds and compress it.
  await nextTurn();
  if (output.destroyed) throw new Error('the export stream was closed before the workbook was written');
}

async function* rowsOf(rows: TableSheet['rows']): AsyncGenerator<readonly TableCell[]> {
  for await (const row of rows) yield row;
}

/** Excel's rows per sheet (header included): beyond it a file does not open, so a longer table continues on a sheet of its own. */
export const EXCEL_MAX_ROWS = 1_048_576;

/** `Answers`, `Answers (2)`, …: a continuation's name within Excel's 31 characters. */
export function continuationTitle(title: string, part: number): string {
  if (part === 1) return title;
  const suffix = ` (${part})`;
  return `${title.slice(0, 31 - suffix.length)}${suffix}`;
}

interface SheetLayout {
  kinds: TColumnKind[];
  formats: (string | undefined)[];
  widths: number[];
}

function layoutOf(table: TableSheet, sample: readonly (readonly TableCell[])[]): SheetLayout {
  const kinds = table.columns.map((spec) => spec.kind ?? 'text');
  return {
    kinds,
    formats: table.columns.map((spec, i) => spec.numFmt ?? numberFormat(kinds[i] ?? 'text', spec.decimals)),
    widths: table.columns.map((spec, i) => {
      const longest = Math.max(Math.min(spec.header.length, 30), ...sample.map((r) => cellLength(r[i] ?? null)));
      return spec.width ?? (kinds[i] === 'long_text' ? 80 : Math.min(60, Math.max(10, longest + 2)));
    }),
  };
}

/** One sheet of the table (or a continuation of it) with its header row written. */
function openSheet(writer: ExcelJS.stream.xlsx.WorkbookWriter, table: TableSheet, layout: SheetLayout, part: number): ExcelJS.Worksheet {
  const sheet = writer.addWorksheet(continuationTitle(table.title, part), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: table.freezeColumns }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
  });
  sheet.columns = layout.widths.map((width) => ({ width }));
  // Headers too: the distance matrix is headed by people's names.
  const header = sheet.addRow(table.columns.map((c) => neutraliseFormulaText(c.header)));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  header.commit();
  return sheet;
}

function closeSheet(sheet: ExcelJS.Worksheet, rows: number, columns: number): void {
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + rows, column: Math.max(1, columns) } };
  sheet.commit();
}

async function writeSheet(writer: ExcelJS.stream.xlsx.WorkbookWriter, table: TableSheet, output: Writable, maxRows: number): Promise<void> {
  const source = rowsOf(table.rows);
  // Widths go to the file before the first row, so the first rows are read ahead to judge them.
  const sample: (readonly TableCell[])[] = [];
  for (let next = await source.next(); !next.done; next = sample.length < WIDTH_SAMPLE_ROWS ? await source.next() : { done: true, value: undefined }) sample.push(next.value);
  const layout = layoutOf(table, sample);
  let part = 1;
  let sheet = openSheet(writer, table, layout, part);
  let inSheet = 0;
  let written = 0;
  const write = async (cells: readonly TableCell[]) => {
    if (inSheet === maxRows - 1) {
      closeSheet(sheet, inSheet, table.columns.length);
      sheet = openSheet(writer, table, layout, ++part);
      inSheet = 0;
    }
    const row = sheet.addRow(cells.map(cellValue));
    // Every cell of a formatted column, empty ones too (a figure typed in later shows as its
    // neighbours), per cell below the header: a column style would also format the header.
    layout.formats.forEach((columnFormat, i) => {
      const cell = cells[i] ?? null;
      const format = cell !== null && isFormatted(cell) ? cell.numFmt : columnFormat;
      if (format) row.getCell(i + 1).numFmt = format;
      if (layout.kinds[i] === 'long_text') row.getCell(i + 1).alignment = { wrapText: true, vertical: 'top' };
    });
    row.commit();
    inSheet += 1;
    written += 1;
    if (written % ROWS_PER_TURN === 0) await roomInReply(output);
  };
  for (const cells of sample) await write(cells);
  sample.length = 0;
  for await (const cells of source) await write(cells);
  closeSheet(sheet, inSheet, table.columns.length);
}

/**
 * Writes a table workbook to `output` as it goes (exceljs's `stream.xlsx.WorkbookWriter`): each row
 * is committed and leaves through the zip archiver once written, and the writer waits while the
 * reply is full, so memory holds a few hundred rows of a sheet, not the workbook (issue 34, item 5).
 * Strings are written inline rather than shared: a shared-strings table is held whole until the end.
 * A table longer than a sheet (`maxRows`, Excel's 1,048,576) continues on `Title (2)`, `Title (3)`….
 */
export async function writeTableWorkbook(workbook: TableWorkbook, output: Writable, maxRows = EXCEL_MAX_ROWS): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  writer.creator = 'ONA platform';
  writer.created = new Date();
  for (const table of workbook.sheets) await writeSheet(writer, table, output, maxRows);
  await writer.commit();
}
