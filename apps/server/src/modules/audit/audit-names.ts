import { and, eq, inArray, tables, type Database } from '@ona/db';
import type { TAuditLogNames } from '@ona/contracts';
import type { AuditEntryRow } from './audit-repository.ts';

const DIRECTORY_SUBJECT_ACTIONS = new Set<string>(['personal_data.export', 'person.erasure']);
const distinct = (ids: (number | null)[]): number[] => [...new Set(ids.filter((id): id is number => id !== null))];
const byId = (rows: { id: number; name: string }[]): Record<string, string> => Object.fromEntries(rows.map((row) => [String(row.id), row.name]));

/**
 * The current names behind the ids of one page of the log, so that an administrator reads "Demo
 * Admin opened Kiss Anna's individual report" rather than "1 … 226". The chain itself keeps ids
 * only (a name changes, and an erased person's name must not survive in an append-only log); the
 * names are looked up when the page is read, so an erased person shows under their pseudonym.
 * People and journeys only of the organisation whose log this is; users by id, since every actor
 * of the organisation's log acted in it (a platform administrator included).
 */
export async function auditLogNames(db: Database, organizationId: number, rows: AuditEntryRow[]): Promise<TAuditLogNames> {
  const userIds = distinct(rows.flatMap((row) => [row.actorUserId, row.subjectUserId]));
  const employeeIds = distinct(rows.map((row) => row.subjectEmployeeId));
  const journeyIds = distinct(rows.map((row) => row.engagementId));
  // A data-subject request names its directory person by the route's id (audited-routes.ts).
  const directoryIds = distinct(rows.map((row) => (DIRECTORY_SUBJECT_ACTIONS.has(row.action) && typeof row.targetIds.id === 'number' ? row.targetIds.id : null)));
  const { users, employees, engagements, directoryPeople } = tables;
  const [userRows, employeeRows, journeyRows, directoryRows] = await Promise.all([
    userIds.length === 0 ? [] : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
    employeeIds.length === 0
      ? []
      : db
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .innerJoin(engagements, eq(engagements.id, employees.engagementId))
          .where(and(inArray(employees.id, employeeIds), eq(engagements.organizationId, organizationId))),
    journeyIds.length === 0
      ? []
      : db.select({ id: engagements.id, name: engagements.name }).from(engagements).where(and(inArray(engagements.id, journeyIds), eq(engagements.organizationId, organizationId))),
    directoryIds.length === 0
      ? []
      : db.select({ id: directoryPeople.id, name: directoryPeople.displayName }).from(directoryPeople).where(and(inArray(directoryPeople.id, directoryIds), eq(directoryPeople.organizationId, organizationId))),
  ]);
  return { users: byId(userRows), people: byId(employeeRows), journeys: byId(journeyRows), directory_people: byId(directoryRows) };
}
