import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, tables, type Database } from '@ona/db';
import { takeCountedAttempt, type TAttempt } from '../../limits/counted-attempts.ts';

/** Ten wrong codes within 15 minutes lock a user out of leader reports (DECISIONS.md). */
export const CODE_FAILURE_LIMIT = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export async function leaderCodes(db: Database, engagementId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ leaderId: tables.leaderReportCodes.leaderEmployeeId, code: tables.leaderReportCodes.code })
    .from(tables.leaderReportCodes)
    .where(eq(tables.leaderReportCodes.engagementId, engagementId));
  return new Map(rows.map((r) => [r.leaderId, r.code]));
}

/**
 * Takes one code attempt of this user before the code is checked (atomically, see
 * takeCountedAttempt): of 50 parallel wrong codes exactly CODE_FAILURE_LIMIT are checked.
 */
export function takeCodeAttempt(db: Database, userId: number, now: Date): Promise<TAttempt> {
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
  const failures = tables.reportCodeFailures;
  return takeCountedAttempt(db, {
    lockKey: `leader-code:${userId}`,
    limit: CODE_FAILURE_LIMIT,
    count: async (tx) => (await tx.select({ n: count() }).from(failures).where(and(eq(failures.userId, userId), gt(failures.failedAt, since))))[0]?.n ?? 0,
    record: async (tx) => (await tx.insert(failures).values({ userId, failedAt: now }).returning({ id: failures.id }))[0]?.id ?? 0,
  });
}

/** The right code: its attempt is not a failure. */
export async function forgetCodeAttempt(db: Database, attemptId: number): Promise<void> {
  await db.delete(tables.reportCodeFailures).where(eq(tables.reportCodeFailures.id, attemptId));
}

/** Compares a typed code with the issued one without leaking, through timing, how much matched. */
export function codeMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected.toUpperCase());
  const b = Buffer.from(given.trim().toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
