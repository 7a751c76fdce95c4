import { and, eq, gte, isNotNull, lte, tables, type Database } from '@ona/db';
import { addWeeks } from './week-start.ts';
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

/**
 * The directory people the weekly counts of a period match, on either side of a count (to a
 * colleague or to an outsider): the people the imported data covers. Empty when the organisation
 * has no collaboration data for the period.
 */
export async function collaborationPeople(db: Database, organizationId: number, period: { fromWeek: string; toWeek: string }): Promise<Set<number>> {
  const inPeriod = and(eq(weeklyCounts.organizationId, organizationId), gte(weeklyCounts.weekStart, period.fromWeek), lte(weeklyCounts.weekStart, period.toWeek));
  const [from, to] = await Promise.all([
    db.selectDistinct({ id: weeklyCounts.fromPersonId }).from(weeklyCounts).where(and(inPeriod, isNotNull(weeklyCounts.fromPersonId))),
    db.selectDistinct({ id: weeklyCounts.toPersonId }).from(weeklyCounts).where(and(inPeriod, isNotNull(weeklyCounts.toPersonId))),
  ]);
  const people = new Set<number>();
  for (const row of [...from, ...to]) if (row.id !== null) people.add(row.id);
  return people;
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
