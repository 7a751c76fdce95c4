import type { tables, Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { loadMembershipContext, requireUsableMembership, type MembershipContext } from '../users/membership.ts';
import { sessionLapsed } from './session-lifetime.ts';
import { findOpenSession, SESSION_TOUCH_INTERVAL_MS, touchSession } from './session-repository.ts';

export interface SessionCaller extends MembershipContext {
  user: typeof tables.users.$inferSelect;
  tokenId: number;
}

/**
 * The caller of a login token: its session must be open, its user active and working somewhere,
 * and the session within the idle time and the absolute lifetime of the user's strictest
 * organisation (checked against `now`, so that tests drive the clock). Otherwise 401.
 */
export async function loadSessionCaller(db: Database, tokenHash: string, now: Date): Promise<SessionCaller> {
  const found = await findOpenSession(db, tokenHash);
  if (!found || !found.user.isActive) throw new ApiError(401, 'invalid_token', 'errors.invalid_token');
  const membership = requireUsableMembership(await loadMembershipContext(db, found.user));
  if (sessionLapsed(found.session, membership.signInPolicy, now)) throw new ApiError(401, 'session_expired', 'sessions.errors.session_expired');
  if (now.getTime() - found.session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) await touchSession(db, found.session.id, now);
  return { user: found.user, tokenId: found.session.id, ...membership };
}
