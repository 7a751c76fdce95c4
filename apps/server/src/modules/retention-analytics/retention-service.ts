import { KEY_ROLES } from '@ona/analytics';
import type { TGenerationCode, TRetentionAnalytics, TRetentionEmployee, TRetentionResults } from '@ona/contracts';
import { EMPLOYEE_GENERATIONS } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { explanationsOf, type Explainer, type NamedCodes } from '../analytics-shared/explanations.ts';
import { dbId, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import type { RetentionResult } from './retention-sections.ts';
import { riskFactorsShownTo } from './leader-factor-privacy.ts';
import { retentionResults } from './retention-results.ts';
import { riskDistribution, resultsWithoutPersonalRisk, withoutPersonalRisk } from './aggregate-risk.ts';
import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';

function generationOf(value: string | null): TGenerationCode | null {
  return value !== null && (EMPLOYEE_GENERATIONS as readonly string[]).includes(value) ? (value as TGenerationCode) : null;
}

/** Visible employees with their risk, roles and factors, in database id order. */
export function retentionEmployees(scope: AnalyticsScope, result: RetentionResult, explain: Explainer): TRetentionEmployee[] {
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
      risk_factors: riskFactorsShownTo(scope.ownEmployeeId, employee.leaderId === null ? null : dbId(employee.leaderId), employee.riskFactors).map((code) => ({
        code,
        explanation_code: `riskFactors.${code}`,
        explanation: explain.riskFactor(code),
      })),
    });
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** The retention page in the request's language: every code comes with its manager sentence. */
export function retentionAnalytics(scope: AnalyticsScope, stored: StoredAnalysis<RetentionResult>, minGroupSize: number, explain: Explainer): TRetentionAnalytics {
  const aggregateOnly = seesRiskOnlyInAggregate(scope);
  const everyone = retentionEmployees(scope, stored.result, explain);
  const employees = aggregateOnly ? everyone.map(withoutPersonalRisk) : everyone;
  const computed = retentionResults(scope, stored.result, minGroupSize, explain);
  const results = aggregateOnly ? resultsWithoutPersonalRisk(computed) : computed;
  const children = new Map<number, number[]>();
  for (const unit of scope.units) {
    if (unit.parentId === null) continue;
    children.set(unit.parentId, [...(children.get(unit.parentId) ?? []), unit.id]);
  }
  return {
    units: scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId, children: children.get(u.id) ?? [] })),
    individual_risk_withheld: aggregateOnly,
    risk_distribution: riskDistribution(scope, stored.result, minGroupSize),
    employees,
    root_employees: employees.filter((e) => e.leader === null || !scope.visible.has(e.leader)).map((e) => e.id),
    results,
    analysed_at: stored.finishedAt?.toISOString() ?? null,
    explanations: explanationsOf(namedCodes(employees, results), explain),
  };
}

/** Every factor, role and dysfunction the response names, for its glossary. */
function namedCodes(employees: readonly TRetentionEmployee[], results: TRetentionResults): NamedCodes {
  const groupRows = Object.values(results.groups).flat();
  return {
    riskFactors: [
      ...employees.flatMap((e) => e.risk_factors.map((f) => f.code)),
      ...(results.most_typical_causes.items ?? []).map((c) => c.factor),
      ...(results.corresponding_causes.items ?? []).flatMap((c) => c.factors),
      ...results.key_people_in_danger.flatMap((k) => k.risk_factors),
      ...groupRows.flatMap((r) => r.dysfunctions.flatMap((d) => (d.factor ? [d.factor] : []))),
    ],
    keyRoles: [...employees.flatMap((e) => e.key_roles), ...results.key_people_in_danger.flatMap((k) => k.key_roles)],
    groupRoles: [...employees.flatMap((e) => e.group_roles), ...results.key_people_in_danger.flatMap((k) => k.group_roles)],
    dysfunctions: groupRows.flatMap((r) => r.dysfunctions.map((d) => d.code)),
  };
}
