import { and, asc, eq, sql, tables, type Database } from '@ona/db';
import type { TGender, TGenerationCode } from '@ona/contracts';
import { feedDirectoryFromUpload } from '../modules/directory-journeys/upload-to-directory.ts';
import type { EmployeeRowInput } from '../modules/employees-import/organisation-rows.ts';

const { engagements, employees, units, directoryPeople, directoryPersonHistory, leaverReasons } = tables;

/** The day halfway between two dates (YYYY-MM-DD). */
function midway(from: string, till: string): string {
  const middle = (Date.parse(`${from}T00:00:00Z`) + Date.parse(`${till}T00:00:00Z`)) / 2;
  return new Date(middle).toISOString().slice(0, 10);
}

/** A journey's participants as the employees upload would have read them. */
async function participantRows(db: Database, journeyId: number): Promise<EmployeeRowInput[]> {
  const leader = sql<string | null>`(select l.email from employees l where l.id = ${employees.leaderId})`;
  const rows = await db
    .select({ name: employees.name, email: employees.email, unit: units.name, leaderEmail: leader, gender: employees.gender, generation: employees.generation, entryDate: employees.entryDate, jobTitle: employees.jobTitle })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .where(eq(employees.engagementId, journeyId))
    .orderBy(asc(employees.id));
  return rows.map((row, i) => ({ ...row, rowNumber: i + 2, gender: row.gender as TGender | null, generation: row.generation as TGenerationCode | null }));
}

/**
 * The demo organisation's directory, as an HR system would have kept it over the demo's waves, so
 * that a fresh demo shows the Directory page with people and leavers and an administrator can try a
 * data-subject export and an erasure (docs/privacy/data-subject-requests.md). Each journey, oldest
 * first, feeds the directory as its employees upload would have (the same code); whoever the latest
 * journey no longer has left between their last journey's end and the latest one's start, with the
 * leaver reason the demo records for them. Runs inside the demo's loading transaction.
 */
export async function loadDemoDirectory(db: Database, organizationId: number): Promise<void> {
  const journeys = await db.select({ id: engagements.id, accessFrom: engagements.accessFrom, accessTill: engagements.accessTill }).from(engagements).where(eq(engagements.organizationId, organizationId)).orderBy(asc(engagements.accessFrom), asc(engagements.id));
  const latest = journeys.at(-1);
  if (!latest) return;
  const lastJourneyOf = new Map<string, (typeof journeys)[number]>();
  for (const journey of journeys) {
    const rows = await participantRows(db, journey.id);
    await feedDirectoryFromUpload(db, organizationId, journey.id, rows, new Date(`${journey.accessFrom}T08:00:00Z`));
    for (const row of rows) if (row.email) lastJourneyOf.set(row.email.toLowerCase(), journey);
  }
  const leavers = [...lastJourneyOf].filter(([, journey]) => journey.id !== latest.id);
  if (leavers.length === 0) return;
  const reasons = new Map(
    (await db.select({ key: leaverReasons.personKey, reason: leaverReasons.reason }).from(leaverReasons).where(eq(leaverReasons.organizationId, organizationId))).map((r) => [r.key, r.reason]),
  );
  for (const [email, journey] of leavers) {
    const leaveDate = midway(journey.accessTill, latest.accessFrom);
    const [person] = await db
      .update(directoryPeople)
      .set({ active: false, leaveDate, leaveReason: reasons.get(email) ?? null, version: sql`${directoryPeople.version} + 1` })
      .where(and(eq(directoryPeople.organizationId, organizationId), eq(sql`lower(${directoryPeople.email})`, email), eq(directoryPeople.active, true)))
      .returning({ id: directoryPeople.id, unitPath: directoryPeople.unitPath, managerExternalId: directoryPeople.managerExternalId });
    if (person) {
      await db.insert(directoryPersonHistory).values({ organizationId, personId: person.id, validFrom: new Date(`${leaveDate}T17:00:00Z`), unitPath: person.unitPath, managerExternalId: person.managerExternalId, active: false, leaveDate, source: 'hr_file' });
    }
  }
}
