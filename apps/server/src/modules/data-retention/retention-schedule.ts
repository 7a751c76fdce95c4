import { and, eq, isNotNull, isNull, sql, tables, type Database, type SQL } from '@ona/db';
import type { TJourneyAnonymisation } from '@ona/contracts';

const { engagements, organizations, directoryPeople } = tables;

/**
 * A journey's closing day: the local day (organisation's time zone) it was closed by hand, or its
 * last day, whichever came first. Retention counts its months from here.
 */
const closedOn = sql<string>`least(coalesce((${engagements.closedAt} at time zone ${organizations.timeZone})::date, ${engagements.accessTill}), ${engagements.accessTill})::text`;
/** The day the anonymisation is due: the closing day plus the organisation's months (PostgreSQL clamps to the month's end). */
const journeyDueOn = sql<string>`(least(coalesce((${engagements.closedAt} at time zone ${organizations.timeZone})::date, ${engagements.accessTill}), ${engagements.accessTill}) + make_interval(months => ${organizations.retentionJourneyMonths}))::date::text`;
const leaverDueOn = sql<string>`(${directoryPeople.leaveDate} + make_interval(months => ${organizations.retentionLeaverMonths}))::date::text`;

export interface JourneyAnonymisationRow {
  engagementId: number;
  organizationId: number;
  name: string;
  closedOn: string;
  dueOn: string;
  anonymisedAt: Date | null;
  closedAt: Date | null;
  accessTill: string;
}

function journeyRows(db: Database, where: SQL | undefined) {
  return db
    .select({ engagementId: engagements.id, organizationId: engagements.organizationId, name: engagements.name, closedOn, dueOn: journeyDueOn, anonymisedAt: engagements.anonymisedAt, closedAt: engagements.closedAt, accessTill: engagements.accessTill })
    .from(engagements)
    .innerJoin(organizations, eq(organizations.id, engagements.organizationId))
    .where(where);
}

/** `today`: the UTC date of the app's clock, as the survey window goes by. */
export const toAnonymisation = (row: JourneyAnonymisationRow, today: string): TJourneyAnonymisation => ({
  kind: 'anonymise',
  closed_on: row.closedOn,
  closed: row.closedAt !== null || row.accessTill < today,
  due_on: row.dueOn,
  status: row.anonymisedAt ? 'done' : 'pending',
  done_at: row.anonymisedAt?.toISOString() ?? null,
});

/** One journey's anonymisation date (the journey's timeline shows it). */
export async function journeyAnonymisation(db: Database, engagementId: number, today: string): Promise<TJourneyAnonymisation> {
  const [row] = await journeyRows(db, eq(engagements.id, engagementId));
  if (!row) throw new Error(`no journey ${engagementId}`);
  return toAnonymisation(row, today);
}

/** The organisation's journeys not anonymised yet, the soonest first. */
export async function upcomingAnonymisations(db: Database, organizationId: number): Promise<JourneyAnonymisationRow[]> {
  return journeyRows(db, and(eq(engagements.organizationId, organizationId), isNull(engagements.anonymisedAt))).orderBy(journeyDueOn, engagements.id);
}

/** Journeys of every organisation whose anonymisation is due on `today` (an ISO date) or earlier. */
export async function dueJourneys(db: Database, today: string): Promise<JourneyAnonymisationRow[]> {
  return journeyRows(db, and(isNull(engagements.anonymisedAt), sql`${journeyDueOn}::date <= ${today}::date`)).orderBy(engagements.organizationId, engagements.id);
}

const waitingLeavers = and(isNotNull(directoryPeople.leaveDate), isNull(directoryPeople.erasedAt));

/** Leavers of every organisation whose erasure is due on `today` (an ISO date) or earlier. */
export async function dueLeavers(db: Database, today: string): Promise<{ personId: number; organizationId: number }[]> {
  return db
    .select({ personId: directoryPeople.id, organizationId: directoryPeople.organizationId })
    .from(directoryPeople)
    .innerJoin(organizations, eq(organizations.id, directoryPeople.organizationId))
    .where(and(waitingLeavers, sql`${leaverDueOn}::date <= ${today}::date`))
    .orderBy(directoryPeople.organizationId, directoryPeople.id);
}

/** How many leavers of the organisation wait for their erasure, and the soonest day one is due. */
export async function waitingLeaverSummary(db: Database, organizationId: number): Promise<{ count: number; nextDueOn: string | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, nextDueOn: sql<string | null>`min(${leaverDueOn}::date)::text` })
    .from(directoryPeople)
    .innerJoin(organizations, eq(organizations.id, directoryPeople.organizationId))
    .where(and(waitingLeavers, eq(directoryPeople.organizationId, organizationId)));
  return { count: row?.count ?? 0, nextDueOn: row?.nextDueOn ?? null };
}
