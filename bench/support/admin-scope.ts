import type { AnalyticsScope } from '../../apps/server/src/modules/analytics-shared/analytics-scope.ts';

/**
 * An all-access reader's scope over a synthetic organisation, as `resolveScope` builds it from the
 * database: the benches that time a list's service without a server share it.
 */
export function adminScope(employees: readonly { id: number }[], units: readonly { id: number }[], engagement?: Record<string, unknown>): AnalyticsScope {
  return {
    level: 'all_access',
    ownEmployeeId: null,
    ...(engagement ? { engagement } : {}),
    employees,
    visible: new Set(employees.map((e) => e.id)),
    employeeById: new Map(employees.map((e) => [e.id, e])),
    unitById: new Map(units.map((u) => [u.id, u])),
    units,
  } as unknown as AnalyticsScope;
}
