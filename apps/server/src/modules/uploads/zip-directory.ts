import { WorkbookRefused, type WorkbookLimits } from './workbook-limits.ts';
import { END_OF_DIRECTORY_SEARCH_BYTES, entryDataStart, findEndOfDirectory, LOCAL_HEADER, readDirectoryEntries, STORED, ZipDirectoryRefused, type ZipEntry } from './zip-central-directory.ts';

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
  const end = findEndOfDirectory(buffer.subarray(Math.max(0, buffer.length - END_OF_DIRECTORY_SEARCH_BYTES)));
  if (!end) throw new WorkbookRefused('not_a_workbook');
  let entries: ZipEntry[];
  try {
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
