import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SCIM_SCHEMA, SCIM_TOKEN_PREFIX, ZScimError, ZScimListQuery, ZScimListResponse, ZScimPatchRequest, ZScimResource } from '@ona/contracts';
import { publicBase } from '../../http/public-base.ts';
import { createGroup, deleteGroup, findGroup, GROUP_FILTER_ATTRIBUTES, listGroups, toScimGroup, updateGroup, type TGroupFields } from './directory-groups.ts';
import { provisionAccessFromDirectory } from '../directory-journeys/provisioned-users.ts';
import { syncOpenJourneysFromDirectory } from '../directory-journeys/journey-people-sync.ts';
import { createPerson, deletePerson, findPerson, listPeople, updatePerson } from './directory-people.ts';
import { MAX_PAGE_SIZE, scimResourceTypes, scimSchemas, serviceProviderConfig } from './scim-discovery.ts';
import { ScimError, scimErrorBody } from './scim-error.ts';
import { scimFilterSql } from './scim-filter.ts';
import { applyScimPatch } from './scim-patch.ts';
import { findScimTokenOrganization } from './scim-tokens.ts';
import { ScimGate } from './scim-gate.ts';
import { attribute, etagOf, readScimUser, toScimUser, USER_FILTER_ATTRIBUTES } from './user-resource.ts';

export const SCIM_PREFIX = '/scim/v2';
const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** A group with a few thousand members still fits; a storm of bigger bodies is refused before it is read. */
const SCIM_BODY_LIMIT = 1024 * 1024;
/**
 * Per token, not per address: an identity provider's provisioning cycle comes from few addresses
 * in bursts (Entra ID sends up to a few requests a second per application). Beyond it, SCIM's
 * 429 with Retry-After, which both Entra ID and Okta honour.
 */
const SCIM_RATE_LIMIT = { max: 3000, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `scim:${request.headers.authorization ?? request.ip}` };

declare module 'fastify' {
  interface FastifyRequest {
    scimOrganizationId: number | null;
  }
}

const USER_SCHEMAS = [SCIM_SCHEMA.user, SCIM_SCHEMA.enterpriseUser, SCIM_SCHEMA.directoryUser] as const;
const GROUP_SCHEMAS = [SCIM_SCHEMA.group] as const;
const ZResourceParams = z.object({ id: z.string().max(200) });
const errors = { 400: ZScimError, 401: ZScimError, 404: ZScimError, 409: ZScimError, 412: ZScimError };

function organizationOf(request: FastifyRequest): number {
  if (request.scimOrganizationId === null) throw new ScimError(401, 'A SCIM bearer token is required');
  return request.scimOrganizationId;
}

/** startIndex from 1 and count (RFC 7644 §3.4.2.4): out-of-range values are read as the nearest allowed. */
function paging(query: z.infer<typeof ZScimListQuery>): { startIndex: number; count: number } {
  const parse = (value: string | undefined, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number)) throw new ScimError(400, 'startIndex and count must be whole numbers', 'invalidValue');
    return number;
  };
  return { startIndex: Math.max(1, parse(query.startIndex, 1)), count: Math.min(MAX_PAGE_SIZE, Math.max(0, parse(query.count, 100))) };
}

const listResponse = (resources: Record<string, unknown>[], total: number, startIndex: number) => ({
  schemas: [SCIM_SCHEMA.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

const excludesMembers = (query: Record<string, unknown>) => String(query['excludedAttributes'] ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');

function withEtag(reply: FastifyReply, version: string): FastifyReply {
  return reply.header('etag', version);
}

/** The SCIM 2.0 service (RFC 7643/7644) of docs/directory-and-scim.md, its own plugin under /scim/v2. */
export const scimRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined }> = async (app, options) => {
  const baseOf = (request: FastifyRequest) => `${publicBase(options.publicUrl, request)}${SCIM_PREFIX}`;
  app.decorateRequest('scimOrganizationId', null);
  // Two at a time leaves the rest of the pool (DATABASE_POOL_SIZE) to the product's own requests.
  const gate = new ScimGate(2, 2000);

  /**
   * After the directory change has committed, the organisation's open directory journeys follow it
   * (docs/directory-journeys.md). The identity provider's change stands even when this fails: the
   * failure is logged, and the next change or a full sync brings the journeys up to date.
   */
  const followDirectory = async (request: FastifyRequest, organizationId: number, personId: number | null) => {
    try {
      if (personId !== null) await syncOpenJourneysFromDirectory(app.db, organizationId, { personIds: [personId] });
      // Group memberships carry access rights (the SSO group mapping): people who hold some become users.
      await provisionAccessFromDirectory(app, organizationId, personId === null ? null : [personId], publicBase(options.publicUrl, request));
    } catch (error) {
      request.log.error({ err: error, organizationId, personId }, 'open journeys or users did not follow a directory change');
    }
  };

  // SCIM clients send application/scim+json (and some application/json); both are JSON here.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (!token || !token.startsWith(SCIM_TOKEN_PREFIX)) throw new ScimError(401, 'A valid SCIM bearer token is required');
    const found = await gate.run(() => findScimTokenOrganization(app.db, token, new Date()));
    if (!found) throw new ScimError(401, 'The SCIM bearer token is unknown or revoked');
    request.scimOrganizationId = found.organizationId;
    request.scimTokenId = found.tokenId;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (payload !== null && payload !== undefined && payload !== '') reply.header('content-type', SCIM_CONTENT_TYPE);
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).header('content-type', SCIM_CONTENT_TYPE).send(scimErrorBody(404, `No SCIM endpoint ${request.method} ${request.url}`));
  });
  app.setErrorHandler((error: FastifyError | ScimError, request, reply) => {
    const send = (status: number, detail: string, scimType?: string) => {
      if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
      return reply.status(status).header('content-type', SCIM_CONTENT_TYPE).send(scimErrorBody(status, detail, scimType));
    };
    if ((error instanceof ScimError ? error.status : error.statusCode) === 429) reply.header('retry-after', '5');
    if (error instanceof ScimError) return send(error.status, error.message, error.scimType);
    if (hasZodFastifySchemaValidationErrors(error)) return send(400, `The request does not have the SCIM shape: ${error.message}`, 'invalidSyntax');
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, 'The body is not JSON', 'invalidSyntax');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(413, `The body is larger than ${SCIM_BODY_LIMIT} bytes`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(415, 'Send application/scim+json');
      default:
        break;
    }
    if (error.statusCode === 429) return send(429, 'Too many requests; retry after the time in Retry-After');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(error.statusCode, error.message);
    request.log.error({ err: error }, 'SCIM request failed');
    return send(500, 'The server could not complete the request');
  });

  const config = { rateLimit: SCIM_RATE_LIMIT };
  const hide = true;

  app.get('/ServiceProviderConfig', { config, schema: { hide, response: { 200: ZScimResource, ...errors } } }, async (request) => serviceProviderConfig(baseOf(request)));
  app.get('/ResourceTypes', { config, schema: { hide, response: { 200: ZScimListResponse, ...errors } } }, async (request) => gate.run(async () => {
    const types = scimResourceTypes(baseOf(request));
    return listResponse(types, types.length, 1);
  }));
  app.get('/ResourceTypes/:id', { config, schema: { hide, params: ZResourceParams, response: { 200: ZScimResource, ...errors } } }, async (request) => gate.run(async () => {
    const found = scimResourceTypes(baseOf(request)).find((t) => t['id'] === request.params.id);
    if (!found) throw new ScimError(404, `Resource type ${request.params.id} not found`);
    return found;
  }));
  app.get('/Schemas', { config, schema: { hide, response: { 200: ZScimListResponse, ...errors } } }, async (request) => gate.run(async () => {
    const schemas = scimSchemas(baseOf(request));
    return listResponse(schemas, schemas.length, 1);
  }));
  app.get('/Schemas/:id', { config, schema: { hide, params: ZResourceParams, response: { 200: ZScimResource, ...errors } } }, async (request) => gate.run(async () => {
    const found = scimSchemas(baseOf(request)).find((s) => s['id'] === request.params.id);
    if (!found) throw new ScimError(404, `Schema ${request.params.id} not found`);
    return found;
  }));

  // Users
  app.get('/Users', { config, schema: { hide, querystring: ZScimListQuery, response: { 200: ZScimListResponse, ...errors } } }, async (request) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const { startIndex, count } = paging(request.query);
    const filter = request.query.filter ? scimFilterSql(request.query.filter, USER_FILTER_ATTRIBUTES, SCIM_SCHEMA.user) : null;
    const page = await listPeople(app.db, organizationId, filter, startIndex - 1, count);
    const base = baseOf(request);
    return listResponse(page.people.map((p) => toScimUser(p.person, p.managerId, base)), page.total, startIndex);
  }));
  app.get('/Users/:id', { config, schema: { hide, params: ZResourceParams, response: { 200: ZScimResource, 304: z.null(), ...errors } } }, async (request, reply) => gate.run(async () => {
    const found = await findPerson(app.db, organizationOf(request), request.params.id);
    if (!found) throw new ScimError(404, `User ${request.params.id} not found`);
    const etag = etagOf(found.person.version);
    if (request.headers['if-none-match'] === etag) return withEtag(reply, etag).status(304).send(null);
    return withEtag(reply, etag).send(toScimUser(found.person, found.managerId, baseOf(request)));
  }));
  app.post('/Users', { config, schema: { hide, body: ZScimResource, response: { 201: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const created = await app.audit.change(request, (tx) => createPerson(tx, organizationId, readScimUser(request.body, true), new Date()));
    await followDirectory(request, organizationId, created.person.id);
    const resource = toScimUser(created.person, created.managerId, baseOf(request));
    return withEtag(reply, etagOf(created.person.version)).header('location', `${baseOf(request)}/Users/${created.person.resourceId}`).status(201).send(resource);
  }));
  app.put('/Users/:id', { config, schema: { hide, params: ZResourceParams, body: ZScimResource, response: { 200: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const updated = await app.audit.change(request, (tx) => updatePerson(tx, organizationId, request.params.id, request.headers['if-match'], new Date(), (current) => {
      const sentId = attribute(request.body, 'id');
      if (sentId !== undefined && sentId !== current.person.resourceId) throw new ScimError(400, 'id cannot be changed', 'mutability');
      return readScimUser(request.body, false);
    }));
    await followDirectory(request, organizationId, updated.person.id);
    return withEtag(reply, etagOf(updated.person.version)).send(toScimUser(updated.person, updated.managerId, baseOf(request)));
  }));
  app.patch('/Users/:id', { config, schema: { hide, params: ZResourceParams, body: ZScimPatchRequest, response: { 200: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const base = baseOf(request);
    const updated = await app.audit.change(request, (tx) => updatePerson(tx, organizationId, request.params.id, request.headers['if-match'], new Date(), (current) => {
      const before = toScimUser(current.person, current.managerId, base);
      const patched = applyScimPatch(before, request.body.Operations, USER_SCHEMAS, SCIM_SCHEMA.user);
      if (attribute(patched, 'id') !== current.person.resourceId) throw new ScimError(400, 'id cannot be changed', 'mutability');
      return readScimUser(patched, false);
    }));
    await followDirectory(request, organizationId, updated.person.id);
    return withEtag(reply, etagOf(updated.person.version)).send(toScimUser(updated.person, updated.managerId, base));
  }));
  app.delete('/Users/:id', { config, schema: { hide, params: ZResourceParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const personId = await app.audit.change(request, (tx) => deletePerson(tx, organizationId, request.params.id, request.headers['if-match'], new Date()));
    await followDirectory(request, organizationId, personId);
    return reply.status(204).send(null);
  }));

  // Groups
  const readGroup = (body: Record<string, unknown>): TGroupFields => {
    const displayName = attribute(body, 'displayName');
    if (typeof displayName !== 'string' || displayName.trim() === '') throw new ScimError(400, 'displayName is required', 'invalidValue');
    if (displayName.length > 300) throw new ScimError(400, 'displayName is longer than 300 characters', 'invalidValue');
    const externalId = attribute(body, 'externalId');
    const memberList = attribute(body, 'members') ?? [];
    if (!Array.isArray(memberList)) throw new ScimError(400, 'members must be a list', 'invalidValue');
    const memberIds = memberList.map((m) => {
      const value = typeof m === 'object' && m !== null ? attribute(m as Record<string, unknown>, 'value') : undefined;
      if (typeof value !== 'string') throw new ScimError(400, 'Every member needs a value (the user’s id)', 'invalidValue');
      return value;
    });
    return { displayName: displayName.trim(), externalId: typeof externalId === 'string' && externalId !== '' ? externalId : null, memberIds };
  };

  app.get('/Groups', { config, schema: { hide, querystring: ZScimListQuery, response: { 200: ZScimListResponse, ...errors } } }, async (request) => gate.run(async () => {
    const organizationId = organizationOf(request);
    const { startIndex, count } = paging(request.query);
    const filter = request.query.filter ? scimFilterSql(request.query.filter, GROUP_FILTER_ATTRIBUTES, SCIM_SCHEMA.group) : null;
    const includeMembers = !excludesMembers(request.query);
    const page = await listGroups(app.db, organizationId, filter, startIndex - 1, count, includeMembers);
    const base = baseOf(request);
    return listResponse(page.groups.map((g) => toScimGroup(g, base, includeMembers)), page.total, startIndex);
  }));
  app.get('/Groups/:id', { config, schema: { hide, params: ZResourceParams, response: { 200: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const found = await findGroup(app.db, organizationOf(request), request.params.id);
    if (!found) throw new ScimError(404, `Group ${request.params.id} not found`);
    return withEtag(reply, etagOf(found.group.version)).send(toScimGroup(found, baseOf(request), !excludesMembers(request.query as Record<string, unknown>)));
  }));
  app.post('/Groups', { config, schema: { hide, body: ZScimResource, response: { 201: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const created = await app.audit.change(request, (tx) => createGroup(tx, organizationOf(request), readGroup(request.body), new Date()));
    await followDirectory(request, organizationOf(request), null);
    return withEtag(reply, etagOf(created.group.version)).header('location', `${baseOf(request)}/Groups/${created.group.resourceId}`).status(201).send(toScimGroup(created, baseOf(request)));
  }));
  app.put('/Groups/:id', { config, schema: { hide, params: ZResourceParams, body: ZScimResource, response: { 200: ZScimResource, ...errors } } }, async (request, reply) => gate.run(async () => {
    const updated = await app.audit.change(request, (tx) => updateGroup(tx, organizationOf(request), request.params.id, request.headers['if-match'], new Date(), () => readGroup(request.body)));
    await followDirectory(request, organizationOf(request), null);
    return withEtag(reply, etagOf(updated.group.version)).send(toScimGroup(updated, baseOf(request)));
  }));
  app.patch('/Groups/:id', { config, schema: { hide, params: ZResourceParams, body: ZScimPatchRequest, response: { 200: ZScimResource, 204: z.null(), ...errors } } }, async (request, reply) => gate.run(async () => {
    const base = baseOf(request);
    const updated = await app.audit.change(request, (tx) => updateGroup(tx, organizationOf(request), request.params.id, request.headers['if-match'], new Date(), (current) => {
      const patched = applyScimPatch(toScimGroup(current, base), request.body.Operations, GROUP_SCHEMAS, SCIM_SCHEMA.group);
      if (attribute(patched, 'id') !== current.group.resourceId) throw new ScimError(400, 'id cannot be changed', 'mutability');
      return readGroup(patched);
    }));
    await followDirectory(request, organizationOf(request), null);
    return withEtag(reply, etagOf(updated.group.version)).send(toScimGroup(updated, base));
  }));
  app.delete('/Groups/:id', { config, schema: { hide, params: ZResourceParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => gate.run(async () => {
    await app.audit.change(request, (tx) => deleteGroup(tx, organizationOf(request), request.params.id, request.headers['if-match']));
    return reply.status(204).send(null);
  }));
};
