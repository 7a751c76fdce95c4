import { and, eq, gte, isNotNull, lte, tables, type Database } from '@ona/db';
import { deriveCollaborationTies, TIE_RULE_DEFAULTS, type CollaborationTie, type TieRule } from './collaboration-ties.ts';

const { collaborationWeeklyCounts: weeklyCounts } = tables;

/**
 * The organisation's collaboration network of a period (weeks from `fromWeek` to `toWeek`, both
 * Mondays, inclusive), from every source's weekly counts between directory people. The analysis
 * takes its network from here for a journey's period (docs/collaboration-network.md, "Networks").
 */
export async function collaborationNetwork(db: Database, organizationId: number, period: { fromWeek: string; toWeek: string }, rule: TieRule = TIE_RULE_DEFAULTS): Promise<CollaborationTie[]> {
  const rows = await db
    .select({ weekStart: weeklyCounts.weekStart, fromPersonId: weeklyCounts.fromPersonId, toPersonId: weeklyCounts.toPersonId, interactions: weeklyCounts.interactions, source: weeklyCounts.source })
    .from(weeklyCounts)
    .where(and(eq(weeklyCounts.organizationId, organizationId), gte(weeklyCounts.weekStart, period.fromWeek), lte(weeklyCounts.weekStart, period.toWeek), isNotNull(weeklyCounts.fromPersonId), isNotNull(weeklyCounts.toPersonId)));
  return deriveCollaborationTies(
    rows.flatMap((row) => (row.fromPersonId !== null && row.toPersonId !== null ? [{ weekStart: row.weekStart, fromPersonId: row.fromPersonId, toPersonId: row.toPersonId, interactions: row.interactions, mutual: row.source === 'calendar' }] : [])),
    rule,
  );
}
