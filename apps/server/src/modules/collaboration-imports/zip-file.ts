import { open, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import {
  END_OF_DIRECTORY_SEARCH_BYTES,
  entryDataStart,
  LOCAL_HEADER,
  LOCAL_HEADER_BYTES,
  locateDirectory,
  readDirectoryEntries,
  STORED,
  ZipDirectoryRefused,
  type ZipEntry,
  type ZipLimits,
} from '../uploads/zip-central-directory.ts';

export { ZipDirectoryRefused as ZipRefused, type ZipEntry as ZipFileEntry, type ZipLimits, type ZipProblem } from '../uploads/zip-central-directory.ts';

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * A zip archive on disk read entry by entry, never whole into memory: the central directory from
 * the end of the file (the workbook reader's parser, uploads/zip-central-directory.ts), each entry
 * streamed and inflated on its own, because a Slack export may be far larger than a workbook. The
 * declared sizes are refused before anything is unpacked when over the limits, and the bytes
 * actually inflated are counted, so an entry that lies about its size stops at the limit. A file
 * cut short (its directory missing or pointing past its end): `truncated`.
 */
export class ZipFile {
  private constructor(
    private readonly path: string,
    private readonly file: FileHandle,
    readonly entries: ZipEntry[],
  ) {}

  static async open(path: string, limits: ZipLimits): Promise<ZipFile> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const head = await readAt(file, 0, 4);
      if (head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipDirectoryRefused('not_a_zip');
      const tailLength = Math.min(size, END_OF_DIRECTORY_SEARCH_BYTES);
      // A zip's directory sits at its very end: a download or upload cut short has none.
      const end = locateDirectory(await readAt(file, size - tailLength, tailLength), size, limits);
      const entries = readDirectoryEntries(await readAt(file, end.start, end.size), end.count, size, limits);
      return new ZipFile(path, file, entries);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** The entry's bytes, unpacked, at most its declared size (an entry of a few MB: a day of one channel). */
  async read(entry: ZipEntry): Promise<Buffer> {
    const start = entryDataStart(await readAt(this.file, entry.localHeaderOffset, LOCAL_HEADER_BYTES), entry);
    if (entry.compressedSize === 0) return Buffer.alloc(0);
    const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1 });
    const stream = entry.method === STORED ? raw : raw.pipe(createInflateRaw());
    const chunks: Buffer[] = [];
    let unpacked = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > entry.declaredSize) throw new ZipDirectoryRefused('too_large');
        chunks.push(chunk);
      }
    } catch (error) {
      raw.destroy();
      if (error instanceof ZipDirectoryRefused) throw error;
      // Inflating stopped before the entry's end: the data itself is cut or damaged.
      throw new ZipDirectoryRefused('truncated');
    }
    if (unpacked !== entry.declaredSize) throw new ZipDirectoryRefused('truncated');
    return Buffer.concat(chunks);
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}
