import { open, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';

/**
 * A zip archive on disk read entry by entry, never whole into memory: the central directory from
 * the end of the file, each entry streamed and inflated on its own. The same checks as the
 * workbook reader's (modules/uploads/zip-directory.ts), but from a file, because a Slack export
 * may be far larger than a workbook: the declared sizes are refused before anything is unpacked
 * when over the limits, and the bytes actually inflated are counted, so an entry that lies about
 * its size stops at the limit. A file cut short (its directory missing or pointing past its end):
 * `truncated`.
 */
export interface ZipFileEntry {
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
}

export type ZipProblem = 'not_a_zip' | 'truncated' | 'too_large';

export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ZIP64_MARK = 0xffffffff;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export class ZipFile {
  private constructor(
    private readonly path: string,
    private readonly file: FileHandle,
    readonly entries: ZipFileEntry[],
  ) {}

  static async open(path: string, limits: ZipLimits): Promise<ZipFile> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const head = await readAt(file, 0, 4);
      if (head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipRefused('not_a_zip');
      const tailLength = Math.min(size, 22 + 0xffff);
      const tail = await readAt(file, size - tailLength, tailLength);
      let end = -1;
      for (let at = tail.length - 22; at >= 0; at--) if (tail.readUInt32LE(at) === END_OF_DIRECTORY) { end = at; break; }
      // A zip's directory sits at its very end: a download or upload cut short has none.
      if (end < 0) throw new ZipRefused('truncated');
      const count = tail.readUInt16LE(end + 10);
      const directorySize = tail.readUInt32LE(end + 12);
      const directoryStart = tail.readUInt32LE(end + 16);
      if (count > limits.entries) throw new ZipRefused('too_large');
      if (directoryStart + directorySize > size) throw new ZipRefused('truncated');
      const directory = await readAt(file, directoryStart, directorySize);
      const entries: ZipFileEntry[] = [];
      let at = 0;
      let total = 0;
      for (let i = 0; i < count; i++) {
        if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipRefused('truncated');
        const method = directory.readUInt16LE(at + 10);
        const compressedSize = directory.readUInt32LE(at + 20);
        const declaredSize = directory.readUInt32LE(at + 24);
        const nameLength = directory.readUInt16LE(at + 28);
        const extraLength = directory.readUInt16LE(at + 30);
        const commentLength = directory.readUInt16LE(at + 32);
        const localHeaderOffset = directory.readUInt32LE(at + 42);
        const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
        at += 46 + nameLength + extraLength + commentLength;
        if (method !== STORED && method !== DEFLATED) throw new ZipRefused('not_a_zip');
        if (declaredSize === ZIP64_MARK || compressedSize === ZIP64_MARK || declaredSize > limits.entryBytes) throw new ZipRefused('too_large');
        total += declaredSize;
        if (total > limits.unpackedBytes) throw new ZipRefused('too_large');
        if (localHeaderOffset + 30 + compressedSize > size) throw new ZipRefused('truncated');
        entries.push({ name, method, compressedSize, declaredSize, localHeaderOffset });
      }
      return new ZipFile(path, file, entries);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** The entry's bytes, unpacked, at most its declared size (an entry of a few MB: a day of one channel). */
  async read(entry: ZipFileEntry): Promise<Buffer> {
    const local = await readAt(this.file, entry.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipRefused('truncated');
    const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (entry.compressedSize === 0) return Buffer.alloc(0);
    const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1 });
    const stream = entry.method === STORED ? raw : raw.pipe(createInflateRaw());
    const chunks: Buffer[] = [];
    let unpacked = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > entry.declaredSize) throw new ZipRefused('too_large');
        chunks.push(chunk);
      }
    } catch (error) {
      raw.destroy();
      if (error instanceof ZipRefused) throw error;
      // Inflating stopped before the entry's end: the data itself is cut or damaged.
      throw new ZipRefused('truncated');
    }
    if (unpacked !== entry.declaredSize) throw new ZipRefused('truncated');
    return Buffer.concat(chunks);
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}
