import { and, eq, inArray, or, sql, tables, type Database } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';

const { directoryPeople, employees, engagements, users, memberships } = tables;

export type DirectoryPersonRow = typeof directoryPeople.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type JourneyRow = typeof engagements.$inferSelect;

/** A person of the directory and everything that stands for them elsewhere in the organisation. */
export interface DataSubject {
  person: DirectoryPersonRow;
  /** Their participant rows in the organisation's journeys, with the journey each belongs to. */
  employees: { employee: EmployeeRow; journey: JourneyRow }[];
  /** Their user accounts in the organisation (normally none or one). */
  userIds: number[];
}

/**
 * The directory person `personId` of the organisation (404 for another organisation's or an
 * unknown id) and what stands for them: the journeys' participants made from them, and, since a
 * journey from an upload has no link to the directory, the participants and user accounts with
 * their e-mail address (journeys match people by e-mail the same way, docs/risk-calibration.md).
 * `lock` takes the person's row for update, so that two erasures of one person queue.
 */
export async function findDataSubject(db: Database, organizationId: number, personId: number, options: { lock?: boolean } = {}): Promise<DataSubject> {
  const query = db.select().from(directoryPeople).where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.id, personId)));
  const [person] = options.lock ? await query.for('update') : await query;
  if (!person) throw notFound();
  const email = person.email.trim().toLowerCase();
  const rows = await db
    .select({ employee: employees, journey: engagements })
    .from(employees)
    .innerJoin(engagements, eq(engagements.id, employees.engagementId))
    .where(and(eq(engagements.organizationId, organizationId), email === '' ? eq(employees.directoryPersonId, person.id) : or(eq(employees.directoryPersonId, person.id), sql`lower(trim(${employees.email})) = ${email}`)))
    .orderBy(employees.engagementId, employees.id);
  const linkedUserIds = rows.map((r) => r.employee.userId).filter((id): id is number => id !== null);
  const accounts = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(linkedUserIds.length > 0 ? or(sql`lower(${users.email}) = ${email}`, inArray(users.id, linkedUserIds)) : sql`lower(${users.email}) = ${email}`);
  return { person, employees: rows, userIds: [...new Set(accounts.map((a) => a.id))].sort((a, b) => a - b) };
}

/** Replaces every string of a JSON value that `replace` changes; `changed` says whether any did. */
export function replaceStrings(value: unknown, replace: (text: string) => string): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const next = replace(node);
      if (next !== node) changed = true;
      return next;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  const next = walk(value);
  return { value: next, changed };
}
