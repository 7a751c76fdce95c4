import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZHealth } from '@ona/contracts';
import { sql } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';

/**
 * For load balancers and orchestrators: 200 while this instance can serve, 503 while its database
 * does not answer, so traffic goes to an instance that can. Public, cheap and without data.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health/', {
    config: { rateLimit: false },
    schema: { tags: ['operations'], summary: 'Liveness with a database ping', response: { 200: ZHealth, 503: ZApiError } },
  }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      throw new ApiError(503, 'database_unavailable', 'errors.database_unavailable');
    }
    return { status: 'ok' as const, database: app.dbKind };
  });
};
