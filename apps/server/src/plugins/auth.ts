import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { tables } from '@ona/db';
import { ApiError } from '../errors/api-error.ts';
import { hashSecretToken } from '../modules/auth/secret-token.ts';
import { API_KEY_PREFIX } from '@ona/contracts';
import { findApiKeyAuth } from '../modules/api-keys/repository.ts';
import { TOKEN_SECURITY } from './openapi/route-transform.ts';
import type { MembershipContext } from '../modules/users/membership.ts';
import { loadSessionCaller } from '../modules/sessions/session-caller.ts';

export interface AuthContext extends MembershipContext {
  user: typeof tables.users.$inferSelect;
  /** The login token of the request; null when it came with an API key. */
  tokenId: number | null;
  /** The personal API key of the request (it acts as its creator in its organisation); null for a login token. */
  apiKeyId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Reads `Authorization: Token <token>`; routes that need a user add `onRequest: app.authenticate`.
 * The caller of a login token comes from the caller cache when it is there (a few seconds,
 * dropped on every change that concerns it: plugins/caller-cache.ts, docs/request-path.md).
 * The token is a login token or a personal API key (`ona_…`, docs/api.md): a key acts as its
 * creator in the key's organisation, whatever organisation the creator has chosen in the web app.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Token\s+(\S+)$/.exec(header) : null;
    const token = match?.[1];
    if (!token) throw new ApiError(401, 'not_authenticated', 'errors.not_authenticated');
    const now = app.clock();
    if (token.startsWith(API_KEY_PREFIX)) {
      const key = await findApiKeyAuth(app.db, token, now);
      if (key) {
        request.auth = { ...key, tokenId: null };
        return;
      }
      // Not a live key: a login token may (very rarely) start with the same four characters.
    }
    const tokenHash = hashSecretToken(token);
    request.auth =
      app.callerCache.get(tokenHash) ??
      (await app.callerCache.remember(tokenHash, async () => ({ ...(await loadSessionCaller(app.db, tokenHash, now)), apiKeyId: null })));
  });
});

/**
 * What a person does for themselves, never a machine with their key: signing out, switching
 * organisation, managing API keys (a leaked key must not mint or revoke keys). API key: 403.
 */
export function requireLoginToken(auth: AuthContext): AuthContext & { tokenId: number } {
  if (auth.tokenId === null) throw new ApiError(403, 'api_key_not_allowed', 'apiKeys.errors.api_key_not_allowed');
  return { ...auth, tokenId: auth.tokenId };
}

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
