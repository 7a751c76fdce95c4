import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/api-error.ts';
import { readSingleFile } from './single-file-upload.ts';
import { multipartChunks } from './multipart-test-bodies.ts';

const MAX_BYTES = 1024 * 1024;

let app: FastifyInstance;
let port: number;

/**
 * A bare server whose one route reads the upload with `readSingleFile` and answers the bytes'
 * length and hex digest of what it read, or the error's status and code.
 */
beforeAll(async () => {
  app = Fastify();
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1 } });
  app.post('/upload', async (req, reply) => {
    try {
      const content = await readSingleFile(req, { field: 'file', maxBytes: MAX_BYTES, missing: () => new ApiError(400, 'validation_error', 'errors.validation_failed') });
      return { length: content.length, hex: content.toString('hex') };
    } catch (error) {
      if (error instanceof ApiError) return reply.code(error.statusCode).send({ code: error.code });
      throw error;
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

/** Posts the body over a real socket, with its length declared or in chunked transfer, in the given pieces. */
function post(pieces: Buffer[], headers: Record<string, string>, transfer: 'declared' | 'chunked'): Promise<{ status: number; body: { length?: number; hex?: string; code?: string } }> {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: { ...headers, ...(transfer === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) as { length?: number; hex?: string; code?: string } }));
      },
    );
    req.on('error', reject);
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

/** The multipart body of one file, its content cut into pieces of `pieceBytes`. */
function bodyOf(content: Buffer, pieceBytes: number): { pieces: Buffer[]; headers: Record<string, string> } {
  const { chunks, headers } = multipartChunks([{ field: 'file', content }]);
  const [head, file, ...tail] = chunks;
  const pieces = [head!];
  for (let at = 0; at < file!.length; at += pieceBytes) pieces.push(file!.subarray(at, at + pieceBytes));
  return { pieces: [...pieces, ...tail], headers };
}

describe('reading the one file of an upload', () => {
  for (const transfer of ['declared', 'chunked'] as const) {
    it(`reads the file's bytes exactly, with the body's length ${transfer === 'declared' ? 'declared (one buffer of that size)' : 'not declared (chunked transfer)'}`, async () => {
      const content = randomBytes(300_000 + 17);
      const { pieces, headers } = bodyOf(content, 7_001);
      const answer = await post(pieces, headers, transfer);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBe(content.length);
      expect(answer.body.hex).toBe(content.toString('hex'));
    });

    it(`refuses a file one byte over the limit with 413 (${transfer})`, async () => {
      const { pieces, headers } = bodyOf(randomBytes(MAX_BYTES + 1), 64 * 1024);
      const answer = await post(pieces, headers, transfer);
      expect(answer.status).toBe(413);
      expect(answer.body.code).toBe('payload_too_large');
    });
  }

  it('takes a file exactly at the limit whole', async () => {
    const content = randomBytes(MAX_BYTES);
    const { pieces, headers } = bodyOf(content, 64 * 1024);
    const answer = await post(pieces, headers, 'declared');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(MAX_BYTES);
    expect(answer.body.hex).toBe(content.toString('hex'));
  });
});
