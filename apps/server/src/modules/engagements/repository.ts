import { and, asc, eq, inArray, isNotNull, isNull, sql, tables, type Database } from '@ona/db';

const { analysisRuns, engagements, employees, moduleAccess, surveyParticipations, units } = tables;

/** Which journeys a listing takes: the current ones, the archived ones, or both (a lookup by id). */
export type ArchiveFilter = 'current' | 'archived' | 'any';

/**
 * Engagements of the organisation; non-admins only those they take part in or have a module
 * (that is switched on) of, and never archived ones.
 */
export async function listVisibleEngagements(db: Database, organizationId: number, userId: number, isAdmin: boolean, archive: ArchiveFilter = 'current') {
  const effective: ArchiveFilter = isAdmin ? archive : 'current';
  const archived = effective === 'current' ? isNull(engagements.archivedAt) : effective === 'archived' ? isNotNull(engagements.archivedAt) : undefined;
  const all = await db.select().from(engagements).where(and(eq(engagements.organizationId, organizationId), archived)).orderBy(asc(engagements.accessFrom), asc(engagements.id));
  if (isAdmin || all.length === 0) return all;
  const ids = all.map((e) => e.id);
  const granted = await db
    .selectDistinct({ id: moduleAccess.engagementId })
    .from(moduleAccess)
    .innerJoin(engagements, eq(engagements.id, moduleAccess.engagementId))
    .where(and(eq(moduleAccess.userId, userId), inArray(moduleAccess.engagementId, ids), sql`${moduleAccess.accessLevel} <> 'no_access'`, sql`${moduleAccess.module} = any(${engagements.modules})`));
  const linked = await db
    .selectDistinct({ id: employees.engagementId })
    .from(employees)
    .where(and(eq(employees.userId, userId), inArray(employees.engagementId, ids)));
  const visible = new Set([...granted, ...linked].map((r) => r.id));
  return all.filter((e) => visible.has(e.id));
}

export async function findEngagement(db: Database, organizationId: number, engagementId: number) {
  const [row] = await db
    .select()
    .from(engagements)
    .where(and(eq(engagements.id, engagementId), eq(engagements.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** The user's stored levels of the modules that are on; a module that is off reads as no_access. */
export async function loadAccessRows(db: Database, engagementId: number, userId: number) {
  return db
    .select({ module: moduleAccess.module, accessLevel: moduleAccess.accessLevel })
    .from(moduleAccess)
    .innerJoin(engagements, eq(engagements.id, moduleAccess.engagementId))
    .where(and(eq(moduleAccess.engagementId, engagementId), eq(moduleAccess.userId, userId), sql`${moduleAccess.module} = any(${engagements.modules})`));
}

export async function findParticipation(db: Database, engagementId: number, employeeId: number) {
  const [row] = await db
    .select()
    .from(surveyParticipations)
    .where(and(eq(surveyParticipations.engagementId, engagementId), eq(surveyParticipations.employeeId, employeeId)))
    .limit(1);
  return row;
}

export async function loadUnits(db: Database, engagementId: number) {
  return db.select({ id: units.id, name: units.name, parentId: units.parentId, position: units.position }).from(units).where(eq(units.engagementId, engagementId)).orderBy(asc(units.position), asc(units.id));
}

/** The journeys among these with at least one finished analysis run. */
export async function analysedEngagementIds(db: Database, engagementIds: number[]): Promise<Set<number>> {
  if (engagementIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: analysisRuns.engagementId })
    .from(analysisRuns)
    .where(and(inArray(analysisRuns.engagementId, engagementIds), eq(analysisRuns.status, 'done')));
  return new Set(rows.map((r) => r.id));
}
