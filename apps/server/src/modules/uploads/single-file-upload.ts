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

async function readCapped(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    // busboy marks the stream truncated when the size limit cuts it. Checked after every chunk
    // AND after the end: when the limit falls exactly on a chunk boundary nothing more arrives,
    // and a check inside the loop alone (as @fastify/multipart's toBuffer does) misses it, which
    // made a file just over the limit answer 413 or 415 depending on how the network split it.
    if (part.file.truncated) throw fileTooLarge(maxBytes);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw fileTooLarge(maxBytes);
  return Buffer.concat(chunks);
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
    content = await readCapped(part, options.maxBytes);
  });
  if (content === undefined || content.length === 0) throw options.missing();
  return content;
}
