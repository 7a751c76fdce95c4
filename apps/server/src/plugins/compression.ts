import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Text answers worth compressing: HTML, CSS, JavaScript, JSON (the zod serializer's string output
 * included), XML and SVG. Spreadsheets, PDFs, images and archives are compressed already, so they
 * pass untouched (mime-db also marks them incompressible, which the plugin consults as well).
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || /[/+]json$/.test(type) || /[/+]xml$/.test(type) || type === 'application/javascript' || type === 'image/svg+xml';
}

/**
 * Brotli or gzip by the caller's Accept-Encoding, for every answer of 1 KB or more (smaller ones
 * would not gain a packet). Request bodies are not inflated: a compressed upload could otherwise
 * grow past the body limits the routes rely on. Files that @fastify/static sends precompressed
 * already carry their Content-Encoding and pass through.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: isCompressibleType,
  });
});
