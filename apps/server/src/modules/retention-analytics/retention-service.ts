import { KEY_ROLES } from '@ona/analytics';
import type { TGenerationCode, TRetentionAnalytics, TRetentionEmployee, TRetentionNamedPerson, TRetentionResults, TRetentionRiskSummary } from '@ona/contracts';
import { EMPLOYEE_GENERATIONS } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { explanationsOf, type Explainer, type NamedCodes } from '../analytics-shared/explanations.ts';
import { dbId, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import type { RetentionResult } from './retention-sections.ts';
import { riskFactorsShownTo } from './leader-factor-privacy.ts';
import { retentionResults } from './retention-results.ts';
import { riskDistribution, resultsWithoutPersonalRisk, withoutPersonalRisk } from './aggregate-risk.ts';
import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';

export function generationOf(value: string | null): TGenerationCode | null {
  return value !== null && (EMPLOYEE_GENERATIONS as readonly string[]).includes(value) ? (value as TGenerationCode) : null;
}

/** One person the caller sees, with their risk, roles and factors (the datasheet's row and the whole answer's). */
export function retentionEmployee(scope: AnalyticsScope, employee: RetentionResult['employees'][number], explain: Explainer): TRetentionEmployee {
  const id = dbId(employee.id);
  const record = scope.employeeById.get(id);
  const leader = employee.leaderId === null ? null : dbId(employee.leaderId);
  return {
    id,
    name: record?.name ?? '',
    unit: record?.unitId ?? null,
    leader,
    direct_reports: employee.directReports.map(dbId).filter((r) => scope.visible.has(r)),
    risk_level: employee.risk_level,
    has_answered: employee.hasAnswered,
    generation: generationOf(record?.generation ?? null),
    works_since: record?.entryDate ?? null,
    is_key_person: employee.keyRoles.length > 0,
    key_person_flags: Object.fromEntries(KEY_ROLES.map((role) => [role, employee.keyRoles.includes(role)])) as TRetentionEmployee['key_person_flags'],
    key_roles: employee.keyRoles,
    group_roles: employee.groupRoles,
    risk_factors: riskFactorsShownTo(scope.ownEmployeeId, leader, employee.riskFactors).map((code) => ({
      code,
      explanation_code: `riskFactors.${code}`,
      explanation: explain.riskFactor(code),
    })),
  };
}

/** Visible employees with their risk, roles and factors, in database id order. */
export function retentionEmployees(scope: AnalyticsScope, result: RetentionResult, explain: Explainer): TRetentionEmployee[] {
  const rows: TRetentionEmployee[] = [];
  for (const employee of result.employees) {
    const id = dbId(employee.id);
    if (!scope.employeeById.has(id) || !scope.visible.has(id)) continue;
    rows.push(retentionEmployee(scope, employee, explain));
  }
  return rows.sort((a, b) => a.id - b.id);
}

/** The retention view with every row the reader sees, as the export writes them. */
export type RetentionExport = TRetentionAnalytics & { employees: TRetentionEmployee[] };

/**
 * The retention page in the request's language: every code comes with its manager sentence. With
 * `withPeople` it holds every person the reader sees and the tops of their visible forest, as the
 * spec's response does; without, only what the pages show beside their datasheet and org chart,
 * which ask for their people a page and a branch at a time (docs/analysis-result-parts.md, "The
 * retention page, paged"). The glossary names every code of the view either way.
 */
export function retentionAnalytics(scope: AnalyticsScope, stored: StoredAnalysis<RetentionResult>, minGroupSize: number, explain: Explainer, withPeople: boolean): TRetentionAnalytics {
  const { employees, ...answer } = retentionExport(scope, stored, minGroupSize, explain);
  if (!withPeople) return answer;
  return { ...answer, employees, root_employees: employees.filter((e) => e.leader === null || !scope.visible.has(e.leader)).map((e) => e.id) };
}

/** The retention view and every row of it, for the export. */
export function retentionExport(scope: AnalyticsScope, stored: StoredAnalysis<RetentionResult>, minGroupSize: number, explain: Explainer): RetentionExport {
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
    risk_summary: riskSummary(employees, aggregateOnly),
    named_people: namedPeople(employees, results),
    employees,
    results,
    analysed_at: stored.finishedAt?.toISOString() ?? null,
    explanations: explanationsOf(namedCodes(employees, results), explain),
  };
}

/** How many people the caller sees, at each level unless they see risk only in aggregate. */
export function riskSummary(employees: readonly Pick<TRetentionEmployee, 'risk_level'>[], aggregateOnly: boolean): TRetentionRiskSummary {
  if (aggregateOnly) return { total: employees.length, per_level: null };
  const per_level = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
  for (const employee of employees) if (employee.risk_level !== null) per_level[String(employee.risk_level) as keyof typeof per_level] += 1;
  return { total: employees.length, per_level };
}

/**
 * The people the retention pages name, so that those pages show names, units and levels without
 * every person of the view: key people in danger, leaders in need of support and the members they
 * neglect, and the groups' leaders.
 */
export function namedPeople(employees: readonly TRetentionEmployee[], results: TRetentionResults): TRetentionNamedPerson[] {
  const ids = new Set<number>([
    ...results.key_people_in_danger.map((k) => k.employee),
    ...results.leaders_in_need_of_support.flatMap((l) => [l.leader, ...l.neglected]),
    ...Object.values(results.groups).flatMap((rows) => rows.map((row) => row.leader.id)),
  ]);
  return employees.filter((e) => ids.has(e.id)).map((e) => ({ id: e.id, name: e.name, unit: e.unit, risk_level: e.risk_level }));
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
