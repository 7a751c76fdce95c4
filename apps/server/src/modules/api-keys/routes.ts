import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZApiKey, ZApiKeyCreate, ZApiKeyCreated, ZIdParams } from '@ona/contracts';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './repository.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const onlySignedIn = 'For organisation administrators signed in with a login token (an API key cannot manage keys: 403 `api_key_not_allowed`).';

/** Personal API keys of the current organisation (organization_admin); see docs/api.md. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organization/api-keys/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The live API keys of the current organisation, newest first (never the keys themselves)', description: onlySignedIn, response: { 200: z.array(ZApiKey), ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    return listApiKeys(app.db, auth.organizationId);
  });

  app.post('/organization/api-keys/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create an API key that acts as the caller in the current organisation',
      description: `${onlySignedIn} The answer carries the key in full (\`key\`, starting with \`ona_\`); only its hash is stored, so it is shown this once. Use it as \`Authorization: Token <key>\`.`,
      body: ZApiKeyCreate,
      response: { 201: ZApiKeyCreated, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    return reply.status(201).send(await app.audit.change(request, (tx) => createApiKey(tx, auth.organizationId, auth.user.id, request.body.name)));
  });

  app.delete('/organization/api-keys/:id/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Revoke an API key at once (another organisation’s or an already revoked one: 404)', description: onlySignedIn, params: ZIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    await app.audit.change(request, async (tx) => {
      if (!(await revokeApiKey(tx, auth.organizationId, request.params.id, new Date()))) throw notFound();
    });
    return reply.status(204).send(null);
  });
};
