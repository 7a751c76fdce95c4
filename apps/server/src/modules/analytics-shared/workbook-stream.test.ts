import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addTableSheet, newWorkbook, type TableCell } from './workbook-table.ts';
import { continuationTitle, writeTableWorkbook } from './workbook-stream.ts';

async function written(workbook: ReturnType<typeof newWorkbook>, maxRows?: number): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const pieces: Buffer[] = [];
  out.on('data', (piece: Buffer) => pieces.push(piece));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeTableWorkbook(workbook, out, maxRows);
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(pieces) as unknown as ArrayBuffer);
  return book;
}

async function* pagedRows(count: number): AsyncGenerator<TableCell[]> {
  for (let i = 1; i <= count; i++) yield [`p${i}@x.test`, 'advice', i];
}

describe('writeTableWorkbook', () => {
  it('streams rows from an async source and reads back as written, with formats, filter and frozen header', async () => {
    const workbook = newWorkbook();
    addTableSheet(workbook, 'Answers', ['E-mail', 'Question', { header: 'N', kind: 'integer' }], pagedRows(1_200));
    const book = await written(workbook);
    const sheet = book.getWorksheet('Answers')!;
    expect(sheet.rowCount).toBe(1_201);
    expect(sheet.getRow(1).values).toEqual([undefined, 'E-mail', 'Question', 'N']);
    expect(sheet.getRow(1_201).values).toEqual([undefined, 'p1200@x.test', 'advice', 1_200]);
    expect(sheet.getCell('C2').numFmt).toBe('0');
    expect(sheet.autoFilter).toBe('A1:C1201');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('continues a table longer than a sheet on numbered sheets, each with the header, no row lost or repeated', async () => {
    const workbook = newWorkbook();
    addTableSheet(workbook, 'Answers', ['E-mail', 'Question', { header: 'N', kind: 'integer' }], pagedRows(7));
    // A sheet of 3 rows (the header and two) stands in for Excel's 1,048,576.
    const book = await written(workbook, 3);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Answers', 'Answers (2)', 'Answers (3)', 'Answers (4)']);
    const numbers = book.worksheets.flatMap((sheet) => {
      expect(sheet.getRow(1).values).toEqual([undefined, 'E-mail', 'Question', 'N']);
      return (sheet.getRows(2, sheet.rowCount - 1) ?? []).map((row) => row.getCell(3).value);
    });
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('names a continuation within Excel’s 31 characters', () => {
    expect(continuationTitle('Válaszok', 1)).toBe('Válaszok');
    expect(continuationTitle('A'.repeat(31), 12)).toBe(`${'A'.repeat(26)} (12)`);
  });
});
