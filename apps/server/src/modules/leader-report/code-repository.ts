import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, tables, type Database } from '@ona/db';

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

export async function recentCodeFailures(db: Database, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(tables.reportCodeFailures)
    .where(and(eq(tables.reportCodeFailures.userId, userId), gt(tables.reportCodeFailures.failedAt, since)));
  return row?.n ?? 0;
}

export async function recordCodeFailure(db: Database, userId: number, now: Date): Promise<void> {
  await db.insert(tables.reportCodeFailures).values({ userId, failedAt: now });
}

/** Compares a typed code with the issued one without leaking, through timing, how much matched. */
export function codeMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected.toUpperCase());
  const b = Buffer.from(given.trim().toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
