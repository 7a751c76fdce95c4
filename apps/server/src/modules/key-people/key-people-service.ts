import { keyPeopleAsValues, protectAgainstEarlierRequests, protectFilteredGroup, type AnalysisInput, type AnalysisResult } from '@ona/analytics';
import type { TKeyPeopleAnalytics, TKeyPeopleAsValues } from '@ona/contracts';
import { employeeRef, unitsWithDescendants, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { roleExplanationsOf, type Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';

export function keyPeopleAnalytics(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, explain: Explainer): TKeyPeopleAnalytics {
  const results = result.employees
      .filter((e) => scope.visible.has(dbId(e.id)))
      .map((e) => ({
        employee: employeeRef(scope, dbId(e.id)),
        unit: scope.employeeById.get(dbId(e.id))?.unitId ?? null,
        is_key_person: e.keyRoles.length > 0,
        key_roles: e.keyRoles,
        group_roles: e.groupRoles,
      }));
  return {
    results,
    units: scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId })),
    explanations: roleExplanationsOf({ keyRoles: results.flatMap((r) => r.key_roles), groupRoles: results.flatMap((r) => r.group_roles) }, explain),
  };
}

/** Employees of the given units and their sub-units. */
function employeesInUnits(scope: AnalyticsScope, unitIds: readonly number[]): Set<number> {
  const wanted = unitsWithDescendants(scope, unitIds);
  return new Set(scope.employees.filter((e) => e.unitId !== null && wanted.has(e.unitId)).map((e) => e.id));
}

/**
 * One side of the as-values query, limited to the employees the caller sees. Users and units
 * combine (union); neither given means everyone visible.
 */
export function resolveSide(scope: AnalyticsScope, users: readonly number[], units: readonly number[]): number[] {
  const chosen = users.length === 0 && units.length === 0 ? new Set(scope.visible) : new Set([...users, ...employeesInUnits(scope, units)]);
  return [...chosen].filter((id) => scope.visible.has(id)).sort((a, b) => a - b);
}

/**
 * The groups the as-values view can show by themselves, as respondent sets: everyone the caller
 * sees and each unit with its sub-units. A source filter is compared with each of them.
 */
function referenceGroups(scope: AnalyticsScope, answered: ReadonlySet<number>): Set<number>[] {
  const respondentsAmong = (ids: Iterable<number>) => new Set([...ids].filter((id) => scope.visible.has(id) && answered.has(id)));
  return [respondentsAmong(scope.visible), ...scope.units.map((unit) => respondentsAmong(employeesInUnits(scope, [unit.id])))];
}

/** The respondents among the source side: the people the source figures rest on. */
export function sourceRespondents(input: AnalysisInput, sources: readonly number[]): number[] {
  const answered = new Set(input.employees.filter((e) => e.hasAnswered).map((e) => dbId(e.id)));
  return sources.filter((id) => answered.has(id));
}

/**
 * The key-people "as values" view. The engine reads an empty list as "everyone", so an empty side
 * (nothing visible matched) is answered here with zeros rather than passed on. Counts are
 * withheld when the source group has fewer respondents than the minimum, or differs from the
 * caller's whole view or from one of its units by fewer than the minimum (difference protection:
 * otherwise "unit A" and "unit A and Anna" side by side would show whom Anna named), or from a
 * group in `earlierShown` (the hand-picked lists this reader was shown before). The target
 * side needs no such rule: the answer names each target's count anyway.
 */
export function keyPeopleValues(
  scope: AnalyticsScope,
  input: AnalysisInput,
  sources: readonly number[],
  targets: readonly number[],
  minGroupSize: number,
  earlierShown: readonly ReadonlySet<number>[] = [],
): TKeyPeopleAsValues {
  const answered = new Set(input.employees.filter((e) => e.hasAnswered).map((e) => dbId(e.id)));
  const respondents = new Set(sourceRespondents(input, sources));
  const stateless = protectFilteredGroup(respondents, referenceGroups(scope, answered), minGroupSize);
  // A hand-picked list is also held against the lists this reader was shown before (the route passes them).
  const protection = stateless.withheld ? stateless : protectAgainstEarlierRequests(respondents, earlierShown, minGroupSize);
  const withheld = protection.withheld;
  const withheld_reason = withheldReason(protection, minGroupSize);
  if (sources.length === 0 || targets.length === 0) {
    return {
      source_count: sources.length,
      target_count: targets.length,
      withheld,
      withheld_reason,
      questions: input.questions.map((q) => ({ question_id: dbId(q.id), kind: q.kind, nominations: withheld ? null : 0, possible_pairs: 0, density: withheld ? null : 0 })),
      targets: [],
    };
  }
  const values = keyPeopleAsValues(input, { sourceUsers: sources.map(String), targetUsers: targets.map(String), sourceUnits: [], targetUnits: [] });
  return {
    source_count: values.sourceCount,
    target_count: values.targetCount,
    withheld,
    withheld_reason,
    questions: values.questions.map((q) => ({
      question_id: dbId(q.questionId),
      kind: q.kind,
      nominations: withheld ? null : q.nominations,
      possible_pairs: q.possiblePairs,
      density: withheld ? null : q.density,
    })),
    targets: withheld ? [] : values.targets.map((t) => ({ employee: employeeRef(scope, dbId(t.employeeId)), total: t.total, by_question: t.byQuestion })),
  };
}
