import { KEY_ROLES, type AnalysisResult } from '@ona/analytics';
import type { TGenerationCode, TRetentionAnalytics, TRetentionEmployee } from '@ona/contracts';
import { EMPLOYEE_GENERATIONS } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import { riskFactorsShownTo } from './leader-factor-privacy.ts';
import { retentionResults } from './retention-results.ts';

function generationOf(value: string | null): TGenerationCode | null {
  return value !== null && (EMPLOYEE_GENERATIONS as readonly string[]).includes(value) ? (value as TGenerationCode) : null;
}

/** Visible employees with their risk, roles and factors, in database id order. */
export function retentionEmployees(scope: AnalyticsScope, result: AnalysisResult): TRetentionEmployee[] {
  const rows: TRetentionEmployee[] = [];
  for (const employee of result.employees) {
    const id = dbId(employee.id);
    const record = scope.employeeById.get(id);
    if (!record || !scope.visible.has(id)) continue;
    rows.push({
      id,
      name: record.name,
      unit: record.unitId,
      leader: employee.leaderId === null ? null : dbId(employee.leaderId),
      direct_reports: employee.directReports.map(dbId).filter((r) => scope.visible.has(r)),
      risk_level: employee.risk_level,
      has_answered: employee.hasAnswered,
      generation: generationOf(record.generation),
      works_since: record.entryDate,
      is_key_person: employee.keyRoles.length > 0,
      key_person_flags: Object.fromEntries(KEY_ROLES.map((role) => [role, employee.keyRoles.includes(role)])) as TRetentionEmployee['key_person_flags'],
      key_roles: employee.keyRoles,
      group_roles: employee.groupRoles,
      risk_factors: riskFactorsShownTo(scope.ownEmployeeId, employee.leaderId === null ? null : dbId(employee.leaderId), employee.riskFactors).map((code) => ({ code, explanation_code: `riskFactors.${code}` })),
    });
  }
  return rows.sort((a, b) => a.id - b.id);
}

export function retentionAnalytics(scope: AnalyticsScope, stored: StoredAnalysis, minGroupSize: number): TRetentionAnalytics {
  const employees = retentionEmployees(scope, stored.result);
  const children = new Map<number, number[]>();
  for (const unit of scope.units) {
    if (unit.parentId === null) continue;
    children.set(unit.parentId, [...(children.get(unit.parentId) ?? []), unit.id]);
  }
  return {
    units: scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId, children: children.get(u.id) ?? [] })),
    employees,
    root_employees: employees.filter((e) => e.leader === null || !scope.visible.has(e.leader)).map((e) => e.id),
    results: retentionResults(scope, stored.result, minGroupSize),
    analysed_at: stored.finishedAt?.toISOString() ?? null,
  };
}
