import { WorkbookRefused, type WorkbookLimits } from './workbook-limits.ts';

/** One file of a zip archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** zip64 marks sizes it moved elsewhere with all ones; no workbook under our limits needs zip64. */
const ZIP64_MARK = 0xffffffff;

function findEndOfDirectory(buffer: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let at = buffer.length - 22; at >= earliest; at--) if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
}

/**
 * Reads the central directory of an .xlsx (a zip archive) without unpacking anything, and refuses
 * the archive before any unpacking when what it declares is over the limits. Not a zip, a damaged
 * directory or parts a workbook must have missing: `not_a_workbook`.
 */
export function readZipDirectory(buffer: Buffer, limits: WorkbookLimits): ZipEntry[] {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== LOCAL_HEADER) throw new WorkbookRefused('not_a_workbook');
  const end = findEndOfDirectory(buffer);
  if (end < 0) throw new WorkbookRefused('not_a_workbook');
  const count = buffer.readUInt16LE(end + 10);
  const start = buffer.readUInt32LE(end + 16);
  if (count > limits.entries) throw new WorkbookRefused('unpacked_too_large');
  const entries: ZipEntry[] = [];
  let at = start;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new WorkbookRefused('not_a_workbook');
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const declaredSize = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localHeaderOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (method !== STORED && method !== DEFLATED) throw new WorkbookRefused('not_a_workbook');
    if (declaredSize === ZIP64_MARK || compressedSize === ZIP64_MARK || declaredSize > limits.entryBytes) throw new WorkbookRefused('unpacked_too_large');
    total += declaredSize;
    if (total > limits.unpackedBytes) throw new WorkbookRefused('unpacked_too_large');
    if (localHeaderOffset + 30 > buffer.length) throw new WorkbookRefused('not_a_workbook');
    entries.push({ name, method, compressedSize, declaredSize, localHeaderOffset });
  }
  const names = new Set(entries.map((e) => e.name));
  // exceljs finds the workbook at this fixed place; without it the file is some other zip (.docx, .zip).
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new WorkbookRefused('not_a_workbook');
  return entries;
}

/** The compressed bytes of an entry, located through its local header (whose lengths may differ). */
export function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (buffer.readUInt32LE(at) !== LOCAL_HEADER) throw new WorkbookRefused('not_a_workbook');
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw new WorkbookRefused('not_a_workbook');
  return buffer.subarray(start, start + entry.compressedSize);
}

export const isStored = (entry: ZipEntry) => entry.method === STORED;
