import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZDirectoryPeoplePage, ZDirectoryPeopleQuery, ZIdParams, ZScimToken, ZScimTokenCreate, ZScimTokenCreated } from '@ona/contracts';
import { notFound } from '../../errors/api-error.ts';
import { publicBase } from '../../http/public-base.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { SCIM_PREFIX } from '../scim/scim-routes.ts';
import { createScimToken, listScimTokens, revokeScimToken } from '../scim/scim-tokens.ts';
import { listDirectoryPeople } from './repository.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const onlySignedIn = 'For organisation administrators signed in with a login token.';

/** The organisation's directory and its SCIM tokens (docs/directory-and-scim.md). */
export const directoryRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined }> = async (app, options) => {
  app.get('/organization/directory/people/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The people of the organisation’s directory, paged, with their active or leaver state', querystring: ZDirectoryPeopleQuery, response: { 200: ZDirectoryPeoplePage, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return listDirectoryPeople(app.db, auth.organizationId, request.query);
  });

  app.get('/organization/scim-tokens/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The live SCIM tokens of the current organisation (never the tokens themselves)', description: onlySignedIn, response: { 200: z.array(ZScimToken), ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    return listScimTokens(app.db, auth.organizationId);
  });

  app.post('/organization/scim-tokens/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create a SCIM bearer token for an identity provider',
      description: `${onlySignedIn} The answer carries the token in full (\`token\`, starting with \`scim_\`) and the SCIM base URL; only the token's hash is stored, so it is shown this once.`,
      body: ZScimTokenCreate,
      response: { 201: ZScimTokenCreated, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    const created = await app.audit.change(request, (tx) => createScimToken(tx, auth.organizationId, auth.user.id, request.body.name));
    return reply.status(201).send({ ...created, scim_base_url: `${publicBase(options.publicUrl, request)}${SCIM_PREFIX}` });
  });

  app.delete('/organization/scim-tokens/:id/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Revoke a SCIM token at once (another organisation’s or an already revoked one: 404)', description: onlySignedIn, params: ZIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    await app.audit.change(request, async (tx) => {
      if (!(await revokeScimToken(tx, auth.organizationId, request.params.id, new Date()))) throw notFound();
    });
    return reply.status(204).send(null);
  });
};
