import fp from 'fastify-plugin';
import { ApiError } from '../errors/api-error.ts';

/**
 * What a graceful shutdown needs to know about the requests of this instance: whether it is
 * stopping, and when the last request in flight has been answered.
 */
export interface Draining {
  readonly stopping: boolean;
  readonly inFlight: number;
  /** From now on new requests answer 503 `service_restarting` and every answer closes its connection. */
  begin(): void;
  /** Resolves once no request is in flight (at once if none is). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/** Registered before every other hook, so that a request refused while stopping costs nothing else. */
export const drainingPlugin = fp(async (app) => {
  let stopping = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  app.decorate('draining', {
    get stopping() {
      return stopping;
    },
    get inFlight() {
      return inFlight;
    },
    begin() {
      stopping = true;
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
  } satisfies Draining);

  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise
  // and a microtask turn each (docs/benchmarks.md, request path).
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping) {
      // The load balancer (or the client's retry) takes the request to an instance that stays.
      reply.header('connection', 'close').header('retry-after', '1');
      done(new ApiError(503, 'service_restarting', 'operations.errors.service_restarting'));
      return;
    }
    // A websocket stays open for as long as the page does; it is closed with a reconnect hint instead.
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      inFlight += 1;
      // 'close' fires for every answered request and for every aborted one alike.
      reply.raw.once('close', () => {
        inFlight -= 1;
        settle();
      });
    }
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // Answers sent while stopping end their keep-alive connection, so no new request comes that way.
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
});
