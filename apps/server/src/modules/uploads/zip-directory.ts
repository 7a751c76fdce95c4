import { crc32 } from 'node:zlib';
import { WorkbookRefused, type WorkbookLimits } from './workbook-limits.ts';
import { END_OF_DIRECTORY_SEARCH_BYTES, entryDataStart, LOCAL_HEADER, locateDirectory, readDirectoryEntries, STORED, ZipDirectoryRefused, type ZipEntry } from './zip-central-directory.ts';

export type { ZipEntry } from './zip-central-directory.ts';

/** A damaged or foreign archive is "not a workbook"; one declaring too much is refused as a bomb. */
function asWorkbookRefusal(error: unknown): unknown {
  if (!(error instanceof ZipDirectoryRefused)) return error;
  return new WorkbookRefused(error.problem === 'too_large' ? 'unpacked_too_large' : 'not_a_workbook');
}

/**
 * Reads the central directory of an .xlsx (a zip archive) without unpacking anything, and refuses
 * the archive before any unpacking when what it declares is over the limits. Not a zip, a damaged
 * directory or parts a workbook must have missing: `not_a_workbook`.
 */
export function readZipDirectory(buffer: Buffer, limits: WorkbookLimits): ZipEntry[] {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== LOCAL_HEADER) throw new WorkbookRefused('not_a_workbook');
  let entries: ZipEntry[];
  try {
    const end = locateDirectory(buffer.subarray(Math.max(0, buffer.length - END_OF_DIRECTORY_SEARCH_BYTES)), buffer.length, limits);
    entries = readDirectoryEntries(buffer.subarray(end.start), end.count, buffer.length, limits);
  } catch (error) {
    throw asWorkbookRefusal(error);
  }
  const names = new Set(entries.map((e) => e.name));
  // exceljs finds the workbook at this fixed place; without it the file is some other zip (.docx, .zip).
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new WorkbookRefused('not_a_workbook');
  return entries;
}

/** The compressed bytes of an entry, located through its local header (whose lengths may differ). */
export function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  let start: number;
  try {
    start = entryDataStart(buffer.subarray(entry.localHeaderOffset), entry);
  } catch (error) {
    throw asWorkbookRefusal(error);
  }
  if (start + entry.compressedSize > buffer.length) throw new WorkbookRefused('not_a_workbook');
  return buffer.subarray(start, start + entry.compressedSize);
}

export const isStored = (entry: ZipEntry) => entry.method === STORED;

/** The parts exceljs's streaming reader must have met when a sheet arrives: else it parks the sheets in temporary files and loses what follows (names, styles, dates). */
const READ_BEFORE_SHEETS = ['_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x08;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const EMPTY_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/** One entry's whole local record: header, data and the data descriptor that may follow it. */
function entryRecord(buffer: Buffer, entry: ZipEntry): Buffer {
  const data = entryData(buffer, entry);
  let end = data.byteOffset - buffer.byteOffset + data.length;
  if (buffer.readUInt16LE(entry.localHeaderOffset + 6) & HAS_DATA_DESCRIPTOR) {
    end += end + 4 <= buffer.length && buffer.readUInt32LE(end) === DATA_DESCRIPTOR ? 16 : 12;
    if (end > buffer.length) throw new WorkbookRefused('not_a_workbook');
  }
  return buffer.subarray(entry.localHeaderOffset, end);
}

/** A stored entry built here: the empty shared strings of a workbook written with inline strings only. */
function storedRecord(name: string, content: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt32LE(crc32(content) >>> 0, 14);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, content]);
}

/**
 * The archive as exceljs's streaming reader should meet it: exactly the entries the directory
 * declared (which the checks counted; bytes between them are never handed on), the workbook's
 * relations, sheet list, styles and shared strings first, then the rest in their order. An archive
 * without shared strings (inline strings only, as the product's own exports) gets an empty part,
 * so the sheets are read as they come rather than parked on disk.
 */
export function recordsForStreamReading(buffer: Buffer, entries: readonly ZipEntry[]): Buffer[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const first = READ_BEFORE_SHEETS.flatMap((name) => {
    const entry = byName.get(name);
    if (entry) return [entryRecord(buffer, entry)];
    return name === SHARED_STRINGS ? [storedRecord(SHARED_STRINGS, EMPTY_SHARED_STRINGS)] : [];
  });
  const rest = entries.filter((e) => !READ_BEFORE_SHEETS.includes(e.name)).map((e) => entryRecord(buffer, e));
  return [...first, ...rest];
}
