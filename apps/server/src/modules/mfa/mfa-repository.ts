import { and, eq, gt, isNull, lt, lte, or, sql, tables, type Database } from '@ona/db';
import { takeCountedAttempt, type TAttempt } from '../../limits/counted-attempts.ts';

const { userTotp, userRecoveryCodes, pendingSignIns, secondFactorFailures } = tables;

export type PendingPurpose = 'verify' | 'enrol';

export async function findTotp(db: Database, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** A new unconfirmed authenticator replaces an unconfirmed one; a confirmed one stays (the caller checks first). */
export async function saveUnconfirmedTotp(db: Database, userId: number, sealedSecret: string, now: Date): Promise<void> {
  await db
    .insert(userTotp)
    .values({ userId, sealedSecret, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { sealedSecret, createdAt: now, lastUsedStep: null }, setWhere: isNull(userTotp.confirmedAt) });
}

/**
 * Records `step` as used, only when no later or equal step was used before: of two requests with
 * one code exactly one wins (the row update is atomic).
 */
export async function takeTimeStep(db: Database, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return taken.length > 0;
}

/** Confirms the authenticator and replaces the recovery codes, in one transaction. */
export async function confirmTotp(db: Database, userId: number, step: number, recoveryCodeHashes: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(userTotp).set({ confirmedAt: now, lastUsedStep: step }).where(eq(userTotp.userId, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  });
}

export async function removeTotp(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  });
}

/** Uses a recovery code once: true when it was the user's and still unused. */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertPendingSignIn(db: Database, userId: number, tokenHash: string, purpose: PendingPurpose, expiresAt: Date, now: Date): Promise<void> {
  await db.insert(pendingSignIns).values({ userId, tokenHash, purpose, expiresAt, createdAt: now });
}

export async function findPendingSignIn(db: Database, tokenHash: string, purpose: PendingPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, tokenHash), eq(pendingSignIns.purpose, purpose), isNull(pendingSignIns.usedAt), gt(pendingSignIns.expiresAt, now)));
  return row;
}

/** Spends the pending sign-in: true for exactly one of any number of parallel completions. */
export async function spendPendingSignIn(db: Database, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(and(eq(pendingSignIns.id, id), isNull(pendingSignIns.usedAt)))
    .returning({ id: pendingSignIns.id });
  return spent.length > 0;
}

/** Counts a code attempt before it is checked, like a password (takeLoginAttempt). */
export function takeSecondFactorAttempt(db: Database, userId: number, since: Date, limit: number): Promise<TAttempt> {
  return takeCountedAttempt(db, {
    lockKey: `second-factor:${userId}`,
    limit,
    prune: async (tx) => void (await tx.delete(secondFactorFailures).where(and(eq(secondFactorFailures.userId, userId), lte(secondFactorFailures.failedAt, since)))),
    count: async (tx) =>
      (await tx.select({ n: sql<number>`count(*)::int` }).from(secondFactorFailures).where(and(eq(secondFactorFailures.userId, userId), gt(secondFactorFailures.failedAt, since))))[0]?.n ?? 0,
    record: async (tx) => (await tx.insert(secondFactorFailures).values({ userId }).returning({ id: secondFactorFailures.id }))[0]?.id ?? 0,
  });
}

export async function clearSecondFactorFailures(db: Database, userId: number): Promise<void> {
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
}
