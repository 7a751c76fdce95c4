import { Readable } from 'node:stream';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface TestFile {
  field: string;
  content: Buffer;
  filename?: string;
}

/** A multipart body with any number of files, as separate chunks: head, content, tail per file. */
export function multipartChunks(files: TestFile[], boundary = `----ona-upload-${Math.random().toString(16).slice(2)}`): { chunks: Buffer[]; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'file.xlsx'}"\r\nContent-Type: ${XLSX}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { chunks, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The body of one file as a stream whose content arrives in 64 KB pieces after a separate head, as
 * fetch's FormData sends it: a 10 MB limit then falls exactly on a piece boundary.
 */
export function chunkedMultipart(file: TestFile, pieceBytes = 64 * 1024): { payload: Readable; headers: Record<string, string> } {
  const { chunks, headers } = multipartChunks([file]);
  const [head, content, ...tail] = chunks;
  const pieces: Buffer[] = [head!];
  for (let at = 0; at < content!.length; at += pieceBytes) pieces.push(content!.subarray(at, at + pieceBytes));
  pieces.push(...tail);
  return { payload: Readable.from(pieces, { objectMode: false }), headers };
}

/** Content that starts like a zip (so only its size can refuse it) and is `bytes` long. */
export function zipLikeFile(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 7);
  file.writeUInt32LE(0x04034b50, 0);
  return file;
}

/** The smallest PNG signature plus padding to `bytes`. */
export function pngLikeFile(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
  return file;
}
