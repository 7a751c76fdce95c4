import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { tables } from '@ona/db';
import { ApiError } from '../errors/api-error.ts';
import { findUserByTokenHash } from '../modules/auth/repository.ts';
import { hashSecretToken } from '../modules/auth/secret-token.ts';
import { TOKEN_SECURITY } from './openapi/route-transform.ts';
import { loadMembershipContext, requireUsableMembership, type MembershipContext } from '../modules/users/membership.ts';

export interface AuthContext extends MembershipContext {
  user: typeof tables.users.$inferSelect;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Reads `Authorization: Token <token>`; routes that need a user add `onRequest: app.authenticate`. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Token\s+(\S+)$/.exec(header) : null;
    if (!match?.[1]) throw new ApiError(401, 'not_authenticated', 'errors.not_authenticated');
    const found = await findUserByTokenHash(app.db, hashSecretToken(match[1]), new Date());
    if (!found) throw new ApiError(401, 'invalid_token', 'errors.invalid_token');
    const membership = requireUsableMembership(await loadMembershipContext(app.db, found.user));
    request.auth = { user: found.user, tokenId: found.tokenId, ...membership };
  });
});

/** The signed-in user of a route guarded by `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'not_authenticated', 'errors.not_authenticated');
  return request.auth;
}

/**
 * Guards every route of this scope with `app.authenticate` and says so in the OpenAPI document
 * (a scope-wide hook is invisible to the per-route document transform).
 */
export function authenticateEveryRoute(app: FastifyInstance): void {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    if (route.schema && !route.schema.security) route.schema.security = TOKEN_SECURITY;
  });
}
