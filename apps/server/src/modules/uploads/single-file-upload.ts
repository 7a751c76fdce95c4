import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.ts';

export const tooManyFiles = () => new ApiError(400, 'too_many_files', 'uploads.errors.too_many_files');

/** "10 MB", "512 KB": the limit as the messages show it. */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

export const fileTooLarge = (maxBytes: number) => new ApiError(413, 'payload_too_large', 'uploads.errors.file_too_large', undefined, { max: sizeLabel(maxBytes) });

const isFile = (part: Multipart): part is MultipartFile => part.type === 'file';

/**
 * The file's bytes in one buffer. When the request declares its length, the buffer is allocated
 * once at that size (the body holds the file, so the file fits) and the chunks are copied in as
 * they arrive: a 320 MB workbook then takes 320 MB, not a list of chunks plus their joined copy
 * (twice the file at the moment of the join). Without a declared length (chunked transfer), or
 * should a body outgrow what it declared, the chunks are joined at the end. A body that declares
 * more than it sends costs no memory for the part never written (the kernel commits pages on first
 * write), and uploads are few at once (upload-slots.ts).
 */
async function readCapped(part: MultipartFile, maxBytes: number, declaredBytes: number | null): Promise<Buffer> {
  const into = declaredBytes !== null && declaredBytes > 0 ? Buffer.allocUnsafe(Math.min(declaredBytes, maxBytes)) : null;
  let length = 0;
  let chunks: Buffer[] | null = into ? null : [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    // busboy marks the stream truncated when the size limit cuts it. Checked after every chunk
    // AND after the end: when the limit falls exactly on a chunk boundary nothing more arrives,
    // and a check inside the loop alone (as @fastify/multipart's toBuffer does) misses it, which
    // made a file just over the limit answer 413 or 415 depending on how the network split it.
    if (part.file.truncated) throw fileTooLarge(maxBytes);
    if (!chunks && into && length + chunk.length > into.length) chunks = [into.subarray(0, length)];
    if (chunks) chunks.push(chunk);
    else chunk.copy(into!, length);
    length += chunk.length;
  }
  if (part.file.truncated) throw fileTooLarge(maxBytes);
  return chunks ? Buffer.concat(chunks, length) : into!.subarray(0, length);
}

/** The request's declared body length, or null when it is absent or not a number. */
function declaredLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  const bytes = header === undefined ? NaN : Number(header);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/**
 * Walks the parts of a multipart request to their end and hands the one file of `field` to
 * `take`. The whole body is read, so a second file is noticed (400 `too_many_files`, never
 * silently ignored); a file in another field is skipped; busboy's own limits answer as ours. On
 * any refusal the rest of the body is left to upload-connection.ts, which drains it or closes.
 */
export async function takeSingleFile(request: FastifyRequest, options: { field: string; maxBytes: number }, take: (part: MultipartFile) => Promise<void>): Promise<void> {
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (!isFile(part)) continue;
      files++;
      if (files > 1) throw tooManyFiles();
      if (part.fieldname !== options.field) {
        part.file.resume();
        continue;
      }
      await take(part);
    }
  } catch (error) {
    // busboy's own file count limit (the scopes allow one file) ends the parts with this error.
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyFiles();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(options.maxBytes);
    throw error;
  }
}

/**
 * The one file of a multipart request, read to its end within `maxBytes` (the limit the scope's
 * multipart registration also sets); a file in another field, or none: `missing()`.
 */
export async function readSingleFile(request: FastifyRequest, options: { field: string; maxBytes: number; missing: () => ApiError; onFile?: (filename: string) => void }): Promise<Buffer> {
  let content: Buffer | undefined;
  await takeSingleFile(request, options, async (part) => {
    options.onFile?.(part.filename);
    content = await readCapped(part, options.maxBytes, declaredLength(request));
  });
  if (content === undefined || content.length === 0) throw options.missing();
  return content;
}
