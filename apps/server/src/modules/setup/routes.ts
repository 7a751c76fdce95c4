import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZSetupRequest, ZSetupResponse, ZSetupStatus } from '@ona/contracts';
import { toUserProfile } from '../users/profile.ts';
import { completeSetup } from './service.ts';
import { setupNeeded } from './setup-tokens.ts';

/** First run (issue 15): the set-up page's status and its one call; both public. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/setup/', {
    schema: {
      tags: ['setup'],
      summary: 'Whether the installation still waits for its first administrator',
      response: { 200: ZSetupStatus },
    },
  }, async () => ({ needed: await setupNeeded(app.db) }));

  app.post('/setup/', {
    // The token has 256 bits; the limit keeps a stranger from even trying many.
    config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    schema: {
      tags: ['setup'],
      summary: 'Create the first organisation and its administrator with the set-up link printed at start, and sign in',
      body: ZSetupRequest,
      response: { 201: ZSetupResponse, 400: ZApiError, 409: ZApiError, 429: ZApiError },
    },
  }, async (request, reply) => {
    const { token, user, membership } = await completeSetup(app.db, request.body, request.locale);
    return reply.status(201).send({ token, user: toUserProfile({ user, ...membership }) });
  });
};
