/**
 * A zip archive's central directory, read without unpacking anything: the one parser of the
 * workbook reader (an .xlsx in memory, zip-directory.ts) and of the collaboration imports (a Slack
 * export on disk, collaboration-imports/zip-file.ts). What an archive declares over the limits is
 * refused here, before a byte is inflated; each caller names the refusal in its own words.
 */

/** One file of a zip archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  entries: number;
  entryBytes: number;
  unpackedBytes: number;
  /** Largest declared size over compressed size of an entry above RATIO_CHECKED_BYTES (none: not checked). */
  ratio?: number;
}

/** Entries smaller than this are never a bomb whatever their ratio (a styles part of repeated tags). */
export const RATIO_CHECKED_BYTES = 1024 * 1024;

/** Not a zip we read; cut short or damaged; declaring more than the limits (a zip bomb). */
export type ZipProblem = 'not_a_zip' | 'truncated' | 'too_large';

export class ZipDirectoryRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

export const LOCAL_HEADER = 0x04034b50;
export const LOCAL_HEADER_BYTES = 30;
export const STORED = 0;
const DEFLATED = 8;
const END_OF_DIRECTORY = 0x06054b50;
const END_OF_DIRECTORY_BYTES = 22;
const DIRECTORY_ENTRY = 0x02014b50;
/** zip64 marks sizes it moved elsewhere with all ones; nothing under our limits needs zip64. */
const ZIP64_MARK = 0xffffffff;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end. */
export const END_OF_DIRECTORY_SEARCH_BYTES = END_OF_DIRECTORY_BYTES + 0xffff;

/** Where the central directory is, from the last END_OF_DIRECTORY_SEARCH_BYTES of the archive (or all of it). */
export function findEndOfDirectory(tail: Buffer): { count: number; size: number; start: number } | null {
  for (let at = tail.length - END_OF_DIRECTORY_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) return { count: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), start: tail.readUInt32LE(at + 16) };
  }
  return null;
}

/**
 * The directory's place from its end record, checked against the archive's length and the entry
 * limit: the one check of both readers (an archive cut short has no end record, or one that points
 * past its end). `tail` is the last END_OF_DIRECTORY_SEARCH_BYTES (or all) of the archive.
 */
export function locateDirectory(tail: Buffer, archiveBytes: number, limits: ZipLimits): { count: number; size: number; start: number } {
  const end = findEndOfDirectory(tail);
  if (!end) throw new ZipDirectoryRefused('truncated');
  if (end.count > limits.entries) throw new ZipDirectoryRefused('too_large');
  if (end.start + end.size > archiveBytes) throw new ZipDirectoryRefused('truncated');
  return end;
}

/** The `count` entries (within the limit: locateDirectory) of a central directory; `archiveBytes` is the whole archive's length. */
export function readDirectoryEntries(directory: Buffer, count: number, archiveBytes: number, limits: ZipLimits): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipDirectoryRefused('truncated');
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const declaredSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localHeaderOffset = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (method !== STORED && method !== DEFLATED) throw new ZipDirectoryRefused('not_a_zip');
    if (declaredSize === ZIP64_MARK || compressedSize === ZIP64_MARK || declaredSize > limits.entryBytes) throw new ZipDirectoryRefused('too_large');
    // A part that unpacks to hundreds of times its size is a bomb, not a sheet (real sheets: 5–30 times).
    if (limits.ratio !== undefined && declaredSize > RATIO_CHECKED_BYTES && declaredSize > compressedSize * limits.ratio) throw new ZipDirectoryRefused('too_large');
    total += declaredSize;
    if (total > limits.unpackedBytes) throw new ZipDirectoryRefused('too_large');
    // An entry whose data would run past the archive's end: the archive was cut short.
    if (localHeaderOffset + LOCAL_HEADER_BYTES + compressedSize > archiveBytes) throw new ZipDirectoryRefused('truncated');
    entries.push({ name, method, compressedSize, declaredSize, localHeaderOffset });
  }
  return entries;
}

/** Where an entry's compressed bytes begin, from its local header (whose lengths may differ from the directory's). */
export function entryDataStart(localHeader: Buffer, entry: ZipEntry): number {
  if (localHeader.length < LOCAL_HEADER_BYTES || localHeader.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipDirectoryRefused('truncated');
  return entry.localHeaderOffset + LOCAL_HEADER_BYTES + localHeader.readUInt16LE(26) + localHeader.readUInt16LE(28);
}
