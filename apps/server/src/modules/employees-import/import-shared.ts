import { and, copyRows, eq, inArray, sql, tables } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

/** More rows than any organisation we serve; beyond it the file is surely not what was meant. */
export const MAX_SHEET_ROWS = 100_000;

/**
 * Users of the organisation by lower-case e-mail: an imported employee with a user's address is
 * linked to that user, so they can sign in and take the survey.
 */
export async function linkableUsers(db: DbExecutor, organizationId: number, emails: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ id: tables.users.id, email: sql<string>`lower(${tables.users.email})` })
      .from(tables.users)
      .innerJoin(tables.memberships, and(eq(tables.memberships.userId, tables.users.id), eq(tables.memberships.organizationId, organizationId)))
      .where(inArray(sql`lower(${tables.users.email})`, chunk));
    for (const row of rows) found.set(row.email, row.id);
  }
  return found;
}

/**
 * Ids for `count` new employees drawn from the table's sequence, ascending: with them known before
 * a row is written, people and their leaders go in by one COPY, with no RETURNING to wait for and
 * no second pass for the leaders (as the demo loader does).
 */
export async function reserveEmployeeIds(db: DbExecutor, count: number): Promise<number[]> {
  if (count === 0) return [];
  const reserved = await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('employees', 'id'))::int as id from generate_series(1, ${count}::int)`);
  return reserved.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A new employee row, its id already drawn (reserveEmployeeIds): what the imports and the demo loader write. */
export interface NewEmployeeRow {
  id: number | undefined;
  engagementId: number;
  unitId: number | null;
  leaderId: number | null;
  /** Validated rows always have one; the column refuses a null. */
  name: string | null;
  email: string | null;
  gender: string | null;
  generation: string | null;
  entryDate: string | null;
  jobTitle: string | null;
  /** The column's default (`{}`) when left out. */
  attributes?: Readonly<Record<string, string>>;
  userId?: number | null;
}

/** New employees in one COPY (people and their leaders together, ids drawn beforehand). */
export async function copyEmployees(db: Parameters<typeof copyRows>[0], people: readonly NewEmployeeRow[]): Promise<number> {
  return copyRows(
    db,
    'employees',
    ['id', 'engagement_id', 'unit_id', 'leader_id', 'name', 'email', 'gender', 'generation', 'entry_date', 'job_title', 'attributes', 'user_id'],
    people.map((e) => [e.id, e.engagementId, e.unitId, e.leaderId, e.name, e.email, e.gender, e.generation, e.entryDate, e.jobTitle, e.attributes ?? {}, e.userId ?? null]),
  );
}
