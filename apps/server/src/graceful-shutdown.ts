import type { FastifyInstance } from 'fastify';

/** Close code 1012 ("service restart", RFC 6455 registry): the client reconnects, to this or another instance. */
export const CLOSE_SERVICE_RESTART = 1012;

interface LiveSocketServer {
  clients: Set<{ close(code?: number, reason?: string): void }>;
}

/**
 * Stops the instance the way a rolling deploy needs it (SIGTERM, SIGINT): refuse new requests with
 * 503, stop accepting connections, close live sockets with a reconnect hint, let the requests in
 * flight finish (at most `deadlineMs`, then their connections are cut), and only then close the
 * app with its database pool, Redis connections and job pollers. 'deadline' when requests were cut.
 */
export async function shutDownGracefully(app: FastifyInstance, options: { deadlineMs: number }): Promise<'drained' | 'deadline'> {
  app.draining.begin();
  const websockets = (app as FastifyInstance & { websocketServer?: LiveSocketServer }).websocketServer;
  for (const socket of websockets?.clients ?? []) socket.close(CLOSE_SERVICE_RESTART, 'service restart');
  if (app.server.listening) {
    // No new connections; kept-alive idle ones are closed now, busy ones after their answer.
    app.server.close();
    app.server.closeIdleConnections();
  }
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    app.draining.idle().then(() => 'drained' as const),
    new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), options.deadlineMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'deadline') app.log.warn({ inFlight: app.draining.inFlight }, 'shutdown deadline passed; cutting the requests still in flight');
  app.server.closeAllConnections();
  await app.close();
  return outcome;
}
