import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';
import { fileTooLarge, takeSingleFile } from '../uploads/single-file-upload.ts';

/**
 * The one uploaded file of a multipart request, streamed to a private temporary folder instead of
 * memory (an export of a million rows is hundreds of MB), at most `maxBytes` (413 beyond, checked
 * by busboy's limit while it streams). `use` reads it there; the folder is removed afterwards
 * whatever happens, so the raw file is never kept (docs/collaboration-network.md).
 */
export async function withUploadedFile<T>(request: FastifyRequest, options: { field: string; maxBytes: number; missing: () => ApiError }, use: (path: string, bytes: number) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'ona-collaboration-'));
  try {
    const path = join(folder, 'upload');
    let bytes = 0;
    await takeSingleFile(request, options, async (part) => {
      await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw fileTooLarge(options.maxBytes);
      bytes = (await stat(path)).size;
    });
    if (bytes === 0) throw options.missing();
    return await use(path, bytes);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
