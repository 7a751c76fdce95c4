import { and, eq, gte, isNotNull, lte, or, tables, type Database } from '@ona/db';
import { addWeeks } from './week-start.ts';
import { deriveCollaborationTies, TIE_RULE_DEFAULTS, type CollaborationTie, type PersonWeeklyCount, type TieRule } from './collaboration-ties.ts';

const { collaborationWeeklyCounts: weeklyCounts } = tables;

/**
 * The organisation's collaboration data of a period (weeks from `fromWeek` to `toWeek`, both
 * Mondays, inclusive), in one read of every source's weekly counts: the directory people the counts
 * match on either side (to a colleague or to an outsider: the people the data covers; empty without
 * data for the period) and the network between directory people, tied by the tie rule. The analysis
 * takes both from here for a journey's period (docs/collaboration-network.md, "Networks").
 */
export async function collaborationPeriod(db: Database, organizationId: number, period: { fromWeek: string; toWeek: string }, rule: TieRule = TIE_RULE_DEFAULTS): Promise<{ people: Set<number>; ties: CollaborationTie[] }> {
  const rows = await db
    .select({ weekStart: weeklyCounts.weekStart, fromPersonId: weeklyCounts.fromPersonId, toPersonId: weeklyCounts.toPersonId, interactions: weeklyCounts.interactions, source: weeklyCounts.source })
    .from(weeklyCounts)
    .where(and(eq(weeklyCounts.organizationId, organizationId), gte(weeklyCounts.weekStart, period.fromWeek), lte(weeklyCounts.weekStart, period.toWeek), or(isNotNull(weeklyCounts.fromPersonId), isNotNull(weeklyCounts.toPersonId))));
  const people = new Set<number>();
  const between: PersonWeeklyCount[] = [];
  for (const row of rows) {
    if (row.fromPersonId !== null) people.add(row.fromPersonId);
    if (row.toPersonId !== null) people.add(row.toPersonId);
    if (row.fromPersonId !== null && row.toPersonId !== null) {
      between.push({ weekStart: row.weekStart, fromPersonId: row.fromPersonId, toPersonId: row.toPersonId, interactions: row.interactions, mutual: row.source === 'calendar' });
    }
  }
  return { people, ties: deriveCollaborationTies(between, rule) };
}

/** The network between directory people of a period (see collaborationPeriod). */
export async function collaborationNetwork(db: Database, organizationId: number, period: { fromWeek: string; toWeek: string }, rule: TieRule = TIE_RULE_DEFAULTS): Promise<CollaborationTie[]> {
  return (await collaborationPeriod(db, organizationId, period, rule)).ties;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday of a calendar day (`YYYY-MM-DD`). */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A journey's collaboration window (CONTRACT-33 point 3): its survey window (`accessFrom` to its
 * closing: the day it was closed early, else `accessTill`) widened to whole weeks, and at least the
 * `windowWeeks` (4) whole weeks ending with the week of its closing, so the tie rule can be met.
 * Days are the organisation's: an early closing instant is read in its time zone.
 */
export function journeyCollaborationWindow(journey: { accessFrom: string; accessTill: string; closedAt: Date | null }, timeZone: string, windowWeeks: number = TIE_RULE_DEFAULTS.windowWeeks): { fromWeek: string; toWeek: string } {
  const closedDay = journey.closedAt ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(journey.closedAt) : null;
  const closing = closedDay !== null && closedDay < journey.accessTill ? closedDay : journey.accessTill;
  const toWeek = mondayOf(closing < journey.accessFrom ? journey.accessFrom : closing);
  const opened = mondayOf(journey.accessFrom);
  const fourWeeks = addWeeks(toWeek, -(windowWeeks - 1));
  return { fromWeek: opened < fourWeeks ? opened : fourWeeks, toWeek };
}
