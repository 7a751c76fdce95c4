import { parse } from 'csv-parse/sync';
import { ApiError } from '../../errors/api-error.ts';
import { readWorkbookOffThread } from '../uploads/read-workbook.ts';
import { plainCellValue } from '../employees-import/sheet-table.ts';

/** The HR export as a table of texts: its header and its rows with their numbers in the file (header = 1). */
export interface HrTable {
  header: string[];
  rows: { row: number; cells: (string | null)[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const cellText = (value: ReturnType<typeof plainCellValue>): string | null => {
  if (value === null) return null;
  // Excel keeps dates as dates; the directory keeps days, so the UTC day is what the cell meant.
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim() || null;
};

/** The separator the export uses: the one of `,` `;` tab that the header line holds most of (Excel in Hungarian and German writes `;`). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function readCsv(buffer: Buffer): HrTable {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // `info` gives each record's line, so a refused row names the line the user sees in the file.
    records = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof records;
  } catch {
    throw new ApiError(400, 'invalid_hr_file', 'hrSync.errors.not_a_table');
  }
  const [header, ...rest] = records;
  return {
    header: (header?.record ?? []).map((h) => h.trim()),
    rows: rest.map(({ record, info }) => ({ row: info.lines, cells: record.map((c) => c.trim() || null) })).filter((r) => r.cells.some((c) => c !== null)),
  };
}

async function readXlsx(buffer: Buffer): Promise<HrTable> {
  const workbook = await readWorkbookOffThread(buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const header: string[] = [];
  const headerRow = sheet.getRow(1);
  for (let c = 1; c <= headerRow.cellCount; c++) header.push(cellText(plainCellValue(headerRow.getCell(c).value)) ?? '');
  const rows: HrTable['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: (string | null)[] = [];
    for (let c = 1; c <= header.length; c++) cells.push(cellText(plainCellValue(row.getCell(c).value)));
    if (cells.some((cell) => cell !== null)) rows.push({ row: rowNumber, cells });
  });
  return { header, rows };
}

/** An HR export as a table: XLSX by content (a zip), anything else read as CSV (UTF-8, `,` `;` or tab). */
export async function readHrFile(buffer: Buffer): Promise<HrTable> {
  return buffer.subarray(0, 4).equals(ZIP_MAGIC) ? readXlsx(buffer) : readCsv(buffer);
}
