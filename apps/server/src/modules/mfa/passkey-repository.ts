import { and, asc, eq, gt, lt, or, sql, tables, type Database } from '@ona/db';

const { userPasskeys, webauthnChallenges } = tables;

export type ChallengePurpose = 'register' | 'authenticate';
export type StoredPasskey = typeof userPasskeys.$inferSelect;

export async function listPasskeys(db: Database, userId: number): Promise<StoredPasskey[]> {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
}

export async function countPasskeys(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return row?.n ?? 0;
}

/** By the credential id the browser names, whoever it belongs to (the caller checks the owner). */
export async function findPasskeyByCredentialId(db: Database, credentialId: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
  return row;
}

/** Stores a new passkey; undefined when its credential id is registered already (to anyone). */
export async function insertPasskey(db: Database, values: Omit<typeof userPasskeys.$inferInsert, 'id'>): Promise<StoredPasskey | undefined> {
  const [row] = await db.insert(userPasskeys).values(values).onConflictDoNothing({ target: userPasskeys.credentialId }).returning();
  return row;
}

/**
 * Records a use and its signature counter. Only a counter above the stored one is accepted (or 0
 * again for authenticators that keep none): of two requests with one signature only one wins, and
 * a cloned authenticator that reports an old counter is refused.
 */
export async function recordPasskeyUse(db: Database, id: number, counter: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(userPasskeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(userPasskeys.id, id), or(lt(userPasskeys.counter, counter), and(eq(userPasskeys.counter, 0), sql`${counter} = 0`))))
    .returning({ id: userPasskeys.id });
  return updated.length > 0;
}

export async function deletePasskey(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(userPasskeys).where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId))).returning({ id: userPasskeys.id });
  return deleted.length > 0;
}

/** A challenge handed out; expired ones of abandoned ceremonies are dropped on the way. */
export async function insertChallenge(db: Database, userId: number, challenge: string, purpose: ChallengePurpose, expiresAt: Date, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ userId, challenge, purpose, expiresAt, createdAt: now });
}

/**
 * Takes a challenge once: the row is deleted as it is read, so a replayed answer (or two racing
 * ones, on any instance) finds nothing. Only the user's own, of this purpose, not expired.
 */
export async function takeChallenge(db: Database, userId: number, challenge: string, purpose: ChallengePurpose, now: Date): Promise<boolean> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning({ id: webauthnChallenges.id });
  return taken.length > 0;
}
