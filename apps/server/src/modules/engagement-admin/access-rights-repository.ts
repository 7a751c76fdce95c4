import { and, asc, eq, inArray, sql, tables, type Database } from '@ona/db';
import type { TAccessLevel, TModule } from '@ona/contracts';
import type { DbExecutor } from './db-executor.ts';

const { users, memberships, employees, units, moduleAccess } = tables;

/** Users of the organisation with their employee record (and its unit) in this engagement. */
export async function loadOrganisationUsers(db: Database, organizationId: number, engagementId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      employeeId: employees.id,
      unitId: units.id,
      unitName: units.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.engagementId, engagementId)))
    .leftJoin(units, eq(units.id, employees.unitId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function loadAccessOfEngagement(db: Database, engagementId: number, userIds?: number[]) {
  const where = userIds ? and(eq(moduleAccess.engagementId, engagementId), inArray(moduleAccess.userId, userIds)) : eq(moduleAccess.engagementId, engagementId);
  return db.select({ userId: moduleAccess.userId, module: moduleAccess.module, accessLevel: moduleAccess.accessLevel }).from(moduleAccess).where(where);
}

export async function memberIds(db: DbExecutor, organizationId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

export async function upsertAccess(db: DbExecutor, engagementId: number, rows: { userId: number; module: TModule; level: TAccessLevel }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db
      .insert(moduleAccess)
      .values(chunk.map((r) => ({ engagementId, userId: r.userId, module: r.module, accessLevel: r.level })))
      .onConflictDoUpdate({
        target: [moduleAccess.engagementId, moduleAccess.userId, moduleAccess.module],
        set: { accessLevel: sql`excluded.access_level` },
      });
  }
}
