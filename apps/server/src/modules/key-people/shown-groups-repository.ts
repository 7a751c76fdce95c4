import { createHash } from 'node:crypto';
import { and, desc, eq, sql, tables, type Database } from '@ona/db';

/**
 * How many shown groups are kept per user and journey. Enough for any real session of
 * hand-picked comparisons; the oldest leave first. docs/privacy/difference-protection.md states
 * what the bound leaves open.
 */
export const SHOWN_GROUPS_KEPT = 500;

const digestOf = (respondents: readonly number[]): string => createHash('sha256').update([...respondents].sort((a, b) => a - b).join(',')).digest('hex');

type Executor = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `decide` with the groups this user was shown on this journey and logs the group when it
 * decides to show it, in one transaction under a lock per user and journey: two requests at once
 * (one list, then the same list and Anna) cannot both pass before either is logged.
 */
export async function withShownGroups<T>(
  db: Database,
  userId: number,
  engagementId: number,
  decide: (earlier: ReadonlySet<number>[]) => { result: T; log: readonly number[] | null },
): Promise<T> {
  const table = tables.shownGroups;
  return db.transaction(async (tx: Executor) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}, ${engagementId})`);
    const rows = await tx
      .select({ respondents: table.respondents })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.engagementId, engagementId)))
      .orderBy(desc(table.shownAt))
      .limit(SHOWN_GROUPS_KEPT);
    const { result, log } = decide(rows.map((row) => new Set(row.respondents)));
    if (log !== null) {
      const now = new Date();
      await tx
        .insert(table)
        .values({ userId, engagementId, groupDigest: digestOf(log), respondents: [...log], shownAt: now })
        .onConflictDoUpdate({ target: [table.userId, table.engagementId, table.groupDigest], set: { shownAt: now } });
      // Keep the log bounded: everything older than the newest SHOWN_GROUPS_KEPT groups goes.
      await tx.execute(sql`
        delete from ${table}
        where ${table.userId} = ${userId} and ${table.engagementId} = ${engagementId}
          and ${table.groupDigest} not in (
            select ${table.groupDigest} from ${table}
            where ${table.userId} = ${userId} and ${table.engagementId} = ${engagementId}
            order by ${table.shownAt} desc limit ${SHOWN_GROUPS_KEPT})`);
    }
    return result;
  });
}
