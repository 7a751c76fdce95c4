import type { TSessionMethod } from '@ona/contracts';
import { and, desc, eq, inArray, isNull, ne, tables, type Database } from '@ona/db';

const { authTokens, users } = tables;

/** Writing last_used_at on every request would turn reads into writes; once a minute is enough. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface NewSession {
  userId: number;
  tokenHash: string;
  method: TSessionMethod;
  device: string;
  ipAddress: string;
  now: Date;
}

export async function insertSession(db: Database, session: NewSession): Promise<number> {
  const [row] = await db
    .insert(authTokens)
    .values({ userId: session.userId, tokenHash: session.tokenHash, method: session.method, device: session.device, ipAddress: session.ipAddress, createdAt: session.now, lastUsedAt: session.now })
    .returning({ id: authTokens.id });
  if (!row) throw new Error('the session was not stored');
  return row.id;
}

/** The session of a token that was not ended, with its user (whether it lapsed is the caller's judgement). */
export async function findOpenSession(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ session: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function touchSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, sessionId));
}

/** Sessions not ended, newest use first (lapsed ones are filtered by the caller, who knows the policy). */
export async function listOpenSessions(db: Database, userId: number) {
  return db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
}

/** Ends one session of the user; false when it is not theirs or ended already. */
export async function endSession(db: Database, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, sessionId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return ended.length > 0;
}

/**
 * Ends every open session of the users, but `keep` (the session of the request, when it is to
 * stay); with `methods`, only the sessions opened in one of those ways.
 */
export async function endSessionsOfUsers(db: Database, userIds: number[], now: Date, keep?: number, methods?: TSessionMethod[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(authTokens.userId, userIds),
        isNull(authTokens.revokedAt),
        ...(keep === undefined ? [] : [ne(authTokens.id, keep)]),
        ...(methods === undefined ? [] : [inArray(authTokens.method, methods)]),
      ),
    )
    .returning({ id: authTokens.id });
  return ended.length;
}
