import { and, eq, gt, isNull, lte, sql, tables, type Database } from '@ona/db';

const { users, authTokens, passwordResets, loginFailures } = tables;

export const TOKEN_IDLE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** Writing last_used_at on every request would turn reads into writes; once a minute is enough. */
const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

/**
 * Counts a login attempt before its password is checked, and answers how many attempts of this
 * e-mail fall in the window, this one included. Counting first and recording after the ~100 ms
 * password check would let a burst of parallel guesses all pass the limit. Rows older than the
 * window are dropped on the way, so the table does not grow.
 */
export async function recordLoginAttempt(db: Database, email: string, since: Date): Promise<{ id: number; attempts: number }> {
  const address = email.toLowerCase();
  await db.delete(loginFailures).where(and(eq(loginFailures.email, address), lte(loginFailures.failedAt, since)));
  const [row] = await db.insert(loginFailures).values({ email: address }).returning({ id: loginFailures.id });
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, address), gt(loginFailures.failedAt, since)));
  return { id: row?.id ?? 0, attempts: count?.n ?? 0 };
}

/** An attempt that was refused before its password was checked does not count against the user. */
export async function forgetLoginAttempt(db: Database, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

export async function insertAuthToken(db: Database, userId: number, tokenHash: string): Promise<void> {
  await db.insert(authTokens).values({ userId, tokenHash });
}

/** The live token's user, or nothing when the token is unknown, revoked or idle for too long. */
export async function findUserByTokenHash(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)))
    .limit(1);
  if (!row || !row.user.isActive) return undefined;
  if (now.getTime() - row.token.lastUsedAt.getTime() > TOKEN_IDLE_LIFETIME_MS) return undefined;
  if (now.getTime() - row.token.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
    await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, row.token.id));
  }
  return { user: row.user, tokenId: row.token.id };
}

export async function revokeToken(db: Database, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeAllTokensOfUser(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function insertPasswordReset(db: Database, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

export async function findUsablePasswordReset(db: Database, userId: number, tokenHash: string, now: Date) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return reset;
}

/** Marks the link used and sets the password in one transaction, so a link can never work twice. */
export async function completePasswordReset(db: Database, resetId: number, userId: number, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) return false;
    // Other links still open (an invitation and its reminders each carry one) must not change the
    // password the user has just chosen.
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
    return true;
  });
}
