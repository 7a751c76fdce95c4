import { sql, tables, type Database } from '@ona/db';

const { collaborationWeeklyCounts: weeklyCounts, organizations } = tables;

/**
 * Deletes the weekly collaboration counts whose week began more than the organisation's retention
 * (90 or 180 days) before `today` (an ISO date), in one statement for every organisation; the
 * daily retention job runs it (docs/collaboration-network.md, "Retention"). Answers how many went.
 */
export async function expireCollaborationCounts(db: Database, today: string): Promise<number> {
  const deleted = await db
    .delete(weeklyCounts)
    .where(sql`${weeklyCounts.weekStart} < (${today}::date - (select ${organizations.collaborationRetentionDays} from ${organizations} where ${organizations.id} = ${weeklyCounts.organizationId}))`)
    .returning({ id: weeklyCounts.id });
  return deleted.length;
}
