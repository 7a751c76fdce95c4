import { and, eq, gt, isNull, lte, sql, tables, type Database } from '@ona/db';
import { takeCountedAttempt, type TAttempt } from '../../limits/counted-attempts.ts';

const { users, authTokens, passwordResets, loginFailures, passwordResetRequests } = tables;

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

/**
 * Takes one login attempt of this e-mail before its password is checked (atomically, see
 * takeCountedAttempt): of any number of parallel guesses exactly `limit` in the window are
 * recorded and checked, the rest refused. Rows older than the window are dropped on the way.
 */
export function takeLoginAttempt(db: Database, email: string, since: Date, limit: number): Promise<TAttempt> {
  const address = email.toLowerCase();
  return takeCountedAttempt(db, {
    lockKey: `login:${address}`,
    limit,
    prune: async (tx) => void (await tx.delete(loginFailures).where(and(eq(loginFailures.email, address), lte(loginFailures.failedAt, since)))),
    count: async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(loginFailures).where(and(eq(loginFailures.email, address), gt(loginFailures.failedAt, since))))[0]?.n ?? 0,
    record: async (tx) => (await tx.insert(loginFailures).values({ email: address }).returning({ id: loginFailures.id }))[0]?.id ?? 0,
  });
}

/**
 * Takes one password-reset request of this e-mail address, known or not (the same work either
 * way). Refused requests are not recorded, so the hour ends an hour after the last e-mail.
 */
export function takePasswordResetRequest(db: Database, email: string, since: Date, limit: number): Promise<TAttempt> {
  const address = email.trim().toLowerCase();
  return takeCountedAttempt(db, {
    lockKey: `password-reset:${address}`,
    limit,
    prune: async (tx) => void (await tx.delete(passwordResetRequests).where(and(eq(passwordResetRequests.email, address), lte(passwordResetRequests.requestedAt, since)))),
    count: async (tx) =>
      (await tx.select({ n: sql<number>`count(*)::int` }).from(passwordResetRequests).where(and(eq(passwordResetRequests.email, address), gt(passwordResetRequests.requestedAt, since))))[0]?.n ?? 0,
    record: async (tx) => (await tx.insert(passwordResetRequests).values({ email: address }).returning({ id: passwordResetRequests.id }))[0]?.id ?? 0,
  });
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
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
