import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. @fastify/helmet calls `helmet(options)` for every request,
 * which rebuilds every middleware and parses the Content-Security-Policy anew each time (7 % of
 * the server's busy CPU on a 304 answer, docs/benchmarks.md); the headers never differ between
 * requests here (no per-request nonces), so helmet runs once against a recording response.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Sets the security headers on every reply before its route runs, so a route may still replace
 * one (the organisation logo's stricter Content-Security-Policy).
 */
export const securityHeadersPlugin = fp<{ helmet: Readonly<HelmetOptions> }>(async (app, options) => {
  const headers = securityHeaders(options.helmet);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
