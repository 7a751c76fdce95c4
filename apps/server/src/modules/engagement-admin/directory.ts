import type { TAdminEmployee, TAdminUnit, TCustomAttribute } from '@ona/contracts';
import { and, asc, eq, sql, tables, type Database } from '@ona/db';

const { employees, units, surveyParticipations } = tables;

/** The employees list of the admin tools, with their unit, leader and survey progress. */
export async function listEmployees(db: Database, engagementId: number): Promise<TAdminEmployee[]> {
  const rows = await db
    .select({ employee: employees, unitName: units.name, invitedAt: surveyParticipations.invitedAt, termsAcceptedAt: surveyParticipations.termsAcceptedAt, finishedAt: surveyParticipations.finishedAt })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .leftJoin(surveyParticipations, and(eq(surveyParticipations.employeeId, employees.id), eq(surveyParticipations.engagementId, employees.engagementId)))
    .where(eq(employees.engagementId, engagementId))
    .orderBy(asc(employees.name), asc(employees.id));
  const nameOf = new Map(rows.map((r) => [r.employee.id, r.employee.name]));
  return rows.map(({ employee: e, unitName, invitedAt, termsAcceptedAt, finishedAt }) => ({
    id: e.id,
    name: e.name,
    email: e.email,
    unit: e.unitId === null || unitName === null ? null : { id: e.unitId, name: unitName },
    leader: e.leaderId === null ? null : { id: e.leaderId, name: nameOf.get(e.leaderId) ?? '' },
    gender: e.gender,
    generation: e.generation,
    entry_date: e.entryDate,
    job_title: e.jobTitle,
    attributes: e.attributes,
    invited_at: invitedAt?.toISOString() ?? null,
    terms_accepted: termsAcceptedAt !== null,
    finished: finishedAt !== null,
  }));
}

export async function listUnits(db: Database, engagementId: number): Promise<TAdminUnit[]> {
  const rows = await db
    .select({ id: units.id, name: units.name, parentId: units.parentId, employeeCount: sql<number>`count(${employees.id})::int` })
    .from(units)
    .leftJoin(employees, eq(employees.unitId, units.id))
    .where(eq(units.engagementId, engagementId))
    .groupBy(units.id)
    .orderBy(asc(units.position), asc(units.id));
  return rows.map((r) => ({ id: r.id, name: r.name, parent_id: r.parentId, employee_count: r.employeeCount }));
}

/** Custom attributes found on the engagement's employees, with their distinct values. */
export async function listCustomAttributes(db: Database, engagementId: number): Promise<TCustomAttribute[]> {
  const rows = await db.select({ attributes: employees.attributes }).from(employees).where(eq(employees.engagementId, engagementId));
  const byKey = new Map<string, { values: Set<string>; count: number }>();
  for (const { attributes } of rows) {
    for (const [key, value] of Object.entries(attributes)) {
      if (typeof value !== 'string' || value === '') continue;
      const entry = byKey.get(key) ?? { values: new Set<string>(), count: 0 };
      entry.values.add(value);
      entry.count += 1;
      byKey.set(key, entry);
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { values, count }]) => ({ key, values: [...values].sort((a, b) => a.localeCompare(b)), employee_count: count }));
}
