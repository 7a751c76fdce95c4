import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sheetsOf, type PlainSheetData } from './plain-workbook.ts';
import { WorkbookRefused, type WorkbookLimits, type WorkbookRefusal } from './workbook-limits.ts';
import { entryData, isStored, readZipDirectory, type ZipEntry } from './zip-directory.ts';

/**
 * A worker thread that reads one uploaded workbook (read-workbook.ts starts it): the archive is
 * unpacked part by part with each part's output capped at what the directory declared, cells and
 * rows of the sheets are counted, and only then does exceljs read it. The result goes back as plain
 * data and the worker ends, so its heap (exceljs needs ~0.7 KB per cell) is returned whole.
 */
export type WorkbookWorkerMessage = { type: 'sheets'; sheets: PlainSheetData[] } | { type: 'refused'; reason: WorkbookRefusal } | { type: 'failed'; message: string };

export interface WorkbookWorkerInput {
  buffer: Uint8Array;
  limits: WorkbookLimits;
}

const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;

/** Occurrences of an element's start tag (`<c ` or `<c>` …), counted on the raw bytes. */
function countStartTags(xml: Buffer, tag: string): number {
  const open = Buffer.from(`<${tag}`);
  let count = 0;
  let at = xml.indexOf(open);
  while (at >= 0) {
    const next = xml[at + open.length];
    // space, '>' or '/' end the name; anything else is a longer name (<col, <row vs <rowBreaks…).
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) count++;
    at = xml.indexOf(open, at + open.length);
  }
  return count;
}

function unpack(buffer: Buffer, entry: ZipEntry): Buffer {
  const data = entryData(buffer, entry);
  if (isStored(entry)) {
    if (data.length > entry.declaredSize) throw new WorkbookRefused('unpacked_too_large');
    return data;
  }
  try {
    // The output may not exceed the declared size (itself within the limits): a part that lies
    // about its size stops here, with at most that much memory spent.
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.declaredSize) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new WorkbookRefused('unpacked_too_large');
    throw new WorkbookRefused('not_a_workbook');
  }
}

/** Unpacks every part within the limits and counts the sheets' cells and rows; throws WorkbookRefused. */
export function checkUnpacked(buffer: Buffer, limits: WorkbookLimits): void {
  const entries = readZipDirectory(buffer, limits);
  let cells = 0;
  for (const entry of entries) {
    const content = unpack(buffer, entry);
    if (!SHEET_PART.test(entry.name)) continue;
    if (countStartTags(content, 'row') > limits.sheetRows) throw new WorkbookRefused('too_many_rows');
    cells += countStartTags(content, 'c');
    if (cells > limits.cells) throw new WorkbookRefused('too_many_cells');
  }
}

async function read({ buffer: bytes, limits }: WorkbookWorkerInput): Promise<WorkbookWorkerMessage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    checkUnpacked(buffer, limits);
  } catch (error) {
    if (error instanceof WorkbookRefused) return { type: 'refused', reason: error.reason };
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    // A zip with a workbook's parts that exceljs still cannot read: damaged or not really a workbook.
    return { type: 'refused', reason: 'not_a_workbook' };
  }
  if (workbook.worksheets.length === 0) return { type: 'refused', reason: 'not_a_workbook' };
  return { type: 'sheets', sheets: sheetsOf(workbook) };
}

if (parentPort) {
  const port = parentPort;
  read(workerData as WorkbookWorkerInput).then(
    (message) => port.postMessage(message),
    (error: unknown) => port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkbookWorkerMessage),
  );
}
