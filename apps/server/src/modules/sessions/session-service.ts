import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSession, TSessionMethod } from '@ona/contracts';
import { ZSessionMethod } from '@ona/contracts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import type { TEffectiveSignInPolicy } from './sign-in-policy.ts';
import { summariseDevice } from './device-summary.ts';
import { sessionLapsed } from './session-lifetime.ts';
import { recordSignIn } from '../audit/sign-in-audit.ts';
import { endSessionsOfUsers, insertSession, listOpenSessions } from './session-repository.ts';

/** Where a sign-in came from, as the sessions list shows it. */
export interface SignInClient {
  userAgent: string | undefined;
  ipAddress: string;
}

export const signInClientOf = (request: FastifyRequest): SignInClient => ({ userAgent: request.headers['user-agent'], ipAddress: request.ip });

/**
 * Opens a session (every sign-in: password, password and a second factor, OIDC, SAML) and answers
 * its token; only the token's hash is stored.
 */
export async function openSession(app: FastifyInstance, userId: number, method: TSessionMethod, client: SignInClient): Promise<string> {
  const token = newSecretToken();
  // The session and its sign-in entry of the audit log commit together (modules/audit).
  await app.db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, { userId, tokenHash: hashSecretToken(token), method, device: summariseDevice(client.userAgent), ipAddress: client.ipAddress, now: app.clock() });
    await recordSignIn(app, tx, userId, 'success', client, { method, sessionId });
  });
  return token;
}

/** The user's sessions still in use (not ended, not lapsed under their policy). */
export async function listLiveSessions(app: FastifyInstance, userId: number, policy: TEffectiveSignInPolicy, currentSessionId: number | null): Promise<TSession[]> {
  const now = app.clock();
  const rows = await listOpenSessions(app.db, userId);
  return rows
    .filter((row) => !sessionLapsed(row, policy, now))
    .map((row) => ({
      id: row.id,
      device: row.device,
      ip_address: row.ipAddress,
      method: ZSessionMethod.catch('password').parse(row.method),
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: row.id === currentSessionId,
    }));
}

/**
 * Ends the sessions of users (all of them, or all but `keep`) and drops their cached callers on
 * every instance before answering, so that the very next request anywhere is refused. What a new
 * password, a new second factor, an administrator's "end all sessions" and (for the single sign-on
 * work) "SSO now required" call. `methods` narrows it to the sessions opened in those ways
 * (SSO required ends the password sessions; a sign-in through the identity provider stays).
 */
export async function endSessions(app: FastifyInstance, userIds: number[], keep?: number, methods?: TSessionMethod[]): Promise<number> {
  const ended = await endSessionsOfUsers(app.db, userIds, app.clock(), keep, methods);
  await app.callerCache.forget({ users: userIds });
  return ended;
}
