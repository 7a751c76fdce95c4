import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { neutraliseFormulaText } from './formula-cells.ts';
import { numberFormat, type FormattedCell, type TableCell, type TableSheet, type TableWorkbook } from './workbook-table.ts';

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

async function writeSheet(writer: ExcelJS.stream.xlsx.WorkbookWriter, table: TableSheet, output: Writable): Promise<void> {
  const specs = table.columns;
  const sheet = writer.addWorksheet(table.title, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: table.freezeColumns }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
  });
  const source = rowsOf(table.rows);
  // Widths go to the file before the first row, so the first rows are read ahead to judge them.
  const sample: (readonly TableCell[])[] = [];
  for (let next = await source.next(); !next.done; next = sample.length < WIDTH_SAMPLE_ROWS ? await source.next() : { done: true, value: undefined }) sample.push(next.value);
  const kinds = specs.map((spec) => spec.kind ?? 'text');
  const formats = specs.map((spec, i) => spec.numFmt ?? numberFormat(kinds[i] ?? 'text', spec.decimals));
  sheet.columns = specs.map((spec, i) => {
    const longest = Math.max(Math.min(spec.header.length, 30), ...sample.map((r) => cellLength(r[i] ?? null)));
    return { width: spec.width ?? (kinds[i] === 'long_text' ? 80 : Math.min(60, Math.max(10, longest + 2))) };
  });
  // Headers too: the distance matrix is headed by people's names.
  const header = sheet.addRow(specs.map((c) => neutraliseFormulaText(c.header)));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  header.commit();

  let written = 0;
  const write = async (cells: readonly TableCell[]) => {
    const row = sheet.addRow(cells.map(cellValue));
    cells.forEach((cell, i) => {
      if (cell === null || (isFormatted(cell) && cell.value === null)) return;
      const target = row.getCell(i + 1);
      // Per cell below the header: a column style would also give the header a number format.
      const format = isFormatted(cell) ? cell.numFmt : formats[i];
      if (format) target.numFmt = format;
      if (kinds[i] === 'long_text') target.alignment = { wrapText: true, vertical: 'top' };
    });
    row.commit();
    written += 1;
    if (written % ROWS_PER_TURN === 0) await roomInReply(output);
  };
  for (const cells of sample) await write(cells);
  sample.length = 0;
  for await (const cells of source) await write(cells);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + written, column: Math.max(1, specs.length) } };
  sheet.commit();
}

/**
 * Writes a table workbook to `output` as it goes (exceljs's `stream.xlsx.WorkbookWriter`): each row
 * is committed and leaves through the zip archiver once written, and the writer waits while the
 * reply is full, so memory holds a few hundred rows of a sheet, not the workbook (issue 34, item 5).
 * Strings are written inline rather than shared: a shared-strings table is held whole until the end.
 */
export async function writeTableWorkbook(workbook: TableWorkbook, output: Writable): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  writer.creator = 'ONA platform';
  writer.created = new Date();
  for (const table of workbook.sheets) await writeSheet(writer, table, output);
  await writer.commit();
}
