import { parentPort, workerData } from 'node:worker_threads';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PlainWorkbookBuilder, plainRowCells, transferablesOf, type PlainWorkbookData } from './plain-workbook.ts';
import { WorkbookRefused, type WorkbookLimits, type WorkbookRefusal } from './workbook-limits.ts';
import { entryData, isStored, readZipDirectory, recordsForStreamReading, type ZipEntry } from './zip-directory.ts';

/**
 * A worker thread that reads one uploaded workbook (read-workbook.ts starts it): the archive is
 * unpacked part by part as a stream, each part's output capped at what the directory declared,
 * cells and rows of the sheets are counted, and only then does exceljs's streaming reader read it,
 * row by row. The result goes back as plain data and the worker ends, so its heap is returned whole.
 */
export type WorkbookWorkerMessage = { type: 'sheets'; workbook: PlainWorkbookData } | { type: 'refused'; reason: WorkbookRefusal } | { type: 'failed'; message: string };

export interface WorkbookWorkerInput {
  buffer: Uint8Array;
  limits: WorkbookLimits;
}

const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
/** Compressed bytes handed to the inflater at a time. */
const PACKED_PIECE_BYTES = 64 * 1024;

/**
 * Counts an element's start tags (`<c ` or `<c>` …) over a stream of pieces: a tag split between
 * two pieces is counted once, in the piece where its name ends.
 */
class StartTagCounter {
  count = 0;
  private readonly open: Buffer;
  private carry: Buffer = Buffer.alloc(0);

  constructor(tag: string) {
    this.open = Buffer.from(`<${tag}`);
  }

  add(piece: Buffer): void {
    const text = this.carry.length > 0 ? Buffer.concat([this.carry, piece]) : piece;
    const open = this.open;
    let at = text.indexOf(open);
    while (at >= 0 && at + open.length < text.length) {
      const next = text[at + open.length];
      // space, '>' or '/' end the name; anything else is a longer name (<col, <row vs <rowBreaks…).
      if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) this.count++;
      at = text.indexOf(open, at + open.length);
    }
    // The last bytes may begin a tag whose name ends in the next piece.
    this.carry = Buffer.from(text.subarray(Math.max(0, text.length - open.length)));
  }
}

/** Inflates one part piece by piece, never more than it declared, handing each piece on; the output is not kept. */
async function unpackEach(buffer: Buffer, entry: ZipEntry, take: (piece: Buffer) => void): Promise<void> {
  const data = entryData(buffer, entry);
  if (isStored(entry)) {
    if (data.length > entry.declaredSize) throw new WorkbookRefused('unpacked_too_large');
    take(data);
    return;
  }
  const inflater = createInflateRaw();
  let unpacked = 0;
  let refusal: WorkbookRefusal | null = null;
  inflater.on('data', (piece: Buffer) => {
    unpacked += piece.length;
    // A part that lies about its size stops here, having cost one piece beyond what it declared.
    if (unpacked > entry.declaredSize) {
      refusal = 'unpacked_too_large';
      inflater.destroy();
      return;
    }
    try {
      take(piece);
    } catch (error) {
      // A count over its limit: thrown here it would escape the stream, so it ends the stream.
      if (!(error instanceof WorkbookRefused)) throw error;
      refusal = error.reason;
      inflater.destroy();
    }
  });
  const done = new Promise<void>((resolve, reject) => {
    inflater.once('end', resolve);
    inflater.once('close', resolve);
    inflater.once('error', reject);
  });
  try {
    for (let at = 0; at < data.length && refusal === null; at += PACKED_PIECE_BYTES) {
      if (!inflater.write(data.subarray(at, at + PACKED_PIECE_BYTES))) await Promise.race([once(inflater, 'drain'), done]);
    }
    if (refusal === null) inflater.end();
    await done;
  } catch {
    if (refusal === null) refusal = 'not_a_workbook';
  }
  if (refusal !== null) throw new WorkbookRefused(refusal);
}

/**
 * Unpacks every part as a stream within the limits and counts the sheets' cells and rows, keeping
 * none of it: memory holds one piece, whatever the part's size. Throws WorkbookRefused.
 */
export async function checkUnpacked(buffer: Buffer, limits: WorkbookLimits): Promise<void> {
  const entries = readZipDirectory(buffer, limits);
  let cells = 0;
  for (const entry of entries) {
    if (!SHEET_PART.test(entry.name)) {
      await unpackEach(buffer, entry, () => undefined);
      continue;
    }
    const rows = new StartTagCounter('row');
    const cellTags = new StartTagCounter('c');
    await unpackEach(buffer, entry, (piece) => {
      rows.add(piece);
      cellTags.add(piece);
      if (rows.count > limits.sheetRows) throw new WorkbookRefused('too_many_rows');
      if (cells + cellTags.count > limits.cells) throw new WorkbookRefused('too_many_cells');
    });
    cells += cellTags.count;
  }
}

/**
 * Reads the checked workbook with exceljs's streaming reader: rows arrive one at a time and go into
 * the compact plain form (plain-workbook.ts: each distinct value once, cells as typed arrays), so
 * memory holds about 6 bytes a cell plus the distinct values, never exceljs's model of the workbook
 * (about 0.7 KB a cell). The sheets come back in the workbook's order.
 */
async function readSheets(buffer: Buffer, limits: WorkbookLimits): Promise<PlainWorkbookData> {
  const records = recordsForStreamReading(buffer, readZipDirectory(buffer, limits));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(records), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  const builder = new PlainWorkbookBuilder();
  let cells = 0;
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name: string }).name;
    const target = builder.sheet(name);
    let rows = 0;
    for await (const row of sheet) {
      if (!row.hasValues) continue;
      if (rows >= limits.sheetRows) throw new WorkbookRefused('too_many_rows');
      // The filled cells kept (the tags counted before include empty ones, so this never refuses first).
      const kept = target.addRow(row.number, plainRowCells(row));
      cells += kept;
      if (cells > limits.cells) throw new WorkbookRefused('too_many_cells');
      if (kept > 0) rows++;
    }
  }
  const data = builder.finish();
  // exceljs meets the sheets in the archive's order; the workbook's own order is its sheet list.
  const order = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map((s) => s.name);
  const position = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  data.sheets.sort((a, b) => position(a.name) - position(b.name));
  return data;
}

async function read({ buffer: bytes, limits }: WorkbookWorkerInput): Promise<WorkbookWorkerMessage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    await checkUnpacked(buffer, limits);
    const workbook = await readSheets(buffer, limits);
    if (workbook.sheets.length === 0) return { type: 'refused', reason: 'not_a_workbook' };
    return { type: 'sheets', workbook };
  } catch (error) {
    if (error instanceof WorkbookRefused) return { type: 'refused', reason: error.reason };
    // A zip with a workbook's parts that exceljs still cannot read: damaged or not really a workbook.
    return { type: 'refused', reason: 'not_a_workbook' };
  }
}

if (parentPort) {
  const port = parentPort;
  read(workerData as WorkbookWorkerInput).then(
    // The cells' typed arrays move to the main thread without a copy.
    (message) => port.postMessage(message, message.type === 'sheets' ? transferablesOf(message.workbook) : []),
    (error: unknown) => port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkbookWorkerMessage),
  );
}
