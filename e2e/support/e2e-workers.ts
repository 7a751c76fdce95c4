import { inject } from 'vitest';
import type { TE2eServer } from './global-setup.ts';

/**
 * The server of the worker this file runs in. Vitest numbers its workers from 1 (VITEST_POOL_ID);
 * a file keeps its worker from start to end, so all its requests reach one server.
 */
export function e2eServer(): TE2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}
