import type { TAccessLevel, TModule } from '@ona/contracts';
import { asc, eq, tables, type Database } from '@ona/db';
import type { AuthContext } from '../../plugins/auth.ts';
import { subordinatesOf } from '../engagements/access-scope.ts';
import { loadUnits } from '../engagements/repository.ts';
import { resolveAccess, type AnalyticsAccess } from './analytics-access.ts';

export type EngagementRow = typeof tables.engagements.$inferSelect;
export type EmployeeRow = Pick<
  typeof tables.employees.$inferSelect,
  'id' | 'name' | 'email' | 'unitId' | 'leaderId' | 'userId' | 'gender' | 'generation' | 'entryDate'
>;
export type UnitRow = Awaited<ReturnType<typeof loadUnits>>[number];
export type SeeingLevel = Extract<TAccessLevel, 'self_only' | 'subtree' | 'all_access'>;

/** What one caller may see of one engagement in one module. */
export interface AnalyticsScope {
  engagement: EngagementRow;
  level: SeeingLevel;
  /** The caller's own employee record in this engagement, if any. */
  ownEmployeeId: number | null;
  employees: EmployeeRow[];
  employeeById: ReadonlyMap<number, EmployeeRow>;
  units: UnitRow[];
  unitById: ReadonlyMap<number, UnitRow>;
  /** Employee ids the caller may see: everyone, their subtree with themself, or themself. */
  visible: ReadonlySet<number>;
}

export async function loadEmployees(db: Database, engagementId: number): Promise<EmployeeRow[]> {
  const e = tables.employees;
  return db
    .select({ id: e.id, name: e.name, email: e.email, unitId: e.unitId, leaderId: e.leaderId, userId: e.userId, gender: e.gender, generation: e.generation, entryDate: e.entryDate })
    .from(e)
    .where(eq(e.engagementId, engagementId))
    .orderBy(asc(e.id));
}

export function visibleEmployees(level: SeeingLevel, ownEmployeeId: number | null, employees: readonly EmployeeRow[]): Set<number> {
  if (level === 'all_access') return new Set(employees.map((e) => e.id));
  if (ownEmployeeId === null) return new Set();
  if (level === 'self_only') return new Set([ownEmployeeId]);
  const leaderOf = new Map(employees.map((e) => [e.id, e.leaderId] as const));
  return new Set([ownEmployeeId, ...subordinatesOf(ownEmployeeId, leaderOf)]);
}

/** The caller's view of a module with the engagement's employees and units, read now. */
export async function loadScope(db: Database, access: AnalyticsAccess): Promise<AnalyticsScope> {
  const { engagement, level, ownEmployeeId } = access;
  const [employees, units] = await Promise.all([loadEmployees(db, engagement.id), loadUnits(db, engagement.id)]);
  return {
    engagement,
    level,
    ownEmployeeId,
    employees,
    employeeById: new Map(employees.map((e) => [e.id, e])),
    units,
    unitById: new Map(units.map((u) => [u.id, u])),
    visible: visibleEmployees(level, ownEmployeeId, employees),
  };
}

/**
 * Resolves the caller's view of a module: another organisation's engagement answers 404,
 * no_access and module_disabled answer 403.
 */
export async function resolveScope(db: Database, auth: AuthContext, engagementId: number, module: TModule): Promise<AnalyticsScope> {
  return loadScope(db, await resolveAccess(db, auth, engagementId, module));
}

export function employeeRef(scope: Pick<AnalyticsScope, 'employeeById'>, id: number): { id: number; name: string } {
  return { id, name: scope.employeeById.get(id)?.name ?? '' };
}

export function unitRef(scope: Pick<AnalyticsScope, 'unitById'>, unitId: number | null | undefined): { id: number; name: string } | null {
  if (unitId === null || unitId === undefined) return null;
  const unit = scope.unitById.get(unitId);
  return unit ? { id: unit.id, name: unit.name } : null;
}

/** The given units and every unit below them (a filter on a department includes its teams). */
export function unitsWithDescendants(scope: Pick<AnalyticsScope, 'units'>, unitIds: readonly number[]): Set<number> {
  const wanted = new Set(unitIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const unit of scope.units) {
      if (unit.parentId !== null && wanted.has(unit.parentId) && !wanted.has(unit.id)) {
        wanted.add(unit.id);
        grew = true;
      }
    }
  }
  return wanted;
}
