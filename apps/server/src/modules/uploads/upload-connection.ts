import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * A refused upload's unread rest is read and dropped up to this size; beyond it the connection
 * closes. Above the workbook uploads' 64 MB, so that a file just over that limit (an honest
 * mistake) keeps the connection.
 */
export const MAX_DRAIN_BYTES = 80 * 1024 * 1024;

/**
 * After an upload is answered before its body was read to the end (refused: too large, a second
 * file, not allowed…), the connection must stay usable. Node leaves a body that was piped into the
 * multipart parser and then unpiped paused for good, so the next request on that keep-alive
 * connection waited ~70 s and was reset. Here the rest is drained (read and dropped) when the
 * declared length is moderate, else the answer says `Connection: close` and the socket closes
 * after it.
 */
export function keepUploadConnectionsUsable(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return payload;
    const declared = Number(raw.headers['content-length']);
    raw.unpipe();
    if (Number.isFinite(declared) && declared <= MAX_DRAIN_BYTES) {
      raw.resume();
    } else {
      reply.header('connection', 'close');
      raw.resume();
    }
    return payload;
  });
}

/** Multipart parsing for one scope, with the file-size and count limits, and the connection hook. */
export async function registerUploads(app: FastifyInstance, limits: { fileSize: number; fields?: number }): Promise<void> {
  // A parent scope that already parses multipart keeps its own limits (the graph routes inside the admin scope).
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: limits.fileSize, files: 1, fields: limits.fields ?? 10, parts: (limits.fields ?? 10) + 2 } });
  }
  keepUploadConnectionsUsable(app);
}
