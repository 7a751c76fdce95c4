import { keyPeopleAsValues, protectAgainstEarlierRequests, protectFilteredGroup, type AnalysisInput, type AnalysisResult } from '@ona/analytics';
import { KEY_PEOPLE_ROLE_CHOICES, type KEY_PEOPLE_SORT_KEYS, type TKeyPeopleAsValues, type TKeyPeopleListPage, type TKeyPeopleListQuery, type TKeyPeopleRoleChoice, type TLocale } from '@ona/contracts';
import { employeeRef, unitsWithDescendants, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { roleExplanationsOf, type Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { peoplePage, sortParts, unitName, type ListSortKey } from '../analytics-shared/list-order.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';

type ListedEmployee = AnalysisResult['employees'][number];

const roleChoicesOf = (employee: ListedEmployee): TKeyPeopleRoleChoice[] => [
  ...employee.keyRoles.map((role) => `key:${role}` as const),
  ...employee.groupRoles.map((role) => `group:${role}` as const),
];

/**
 * Units the caller has someone in, and every unit above them, in the directory's order: the
 * department pickers' options (a unit where the reader sees nobody would only list no one).
 */
function unitsInScope(scope: AnalyticsScope): TKeyPeopleListPage['units'] {
  const kept = new Set<number>();
  for (const id of scope.visible) {
    let current = scope.employeeById.get(id)?.unitId ?? null;
    // Up to the root; `kept` also stops a parent chain that loops.
    while (current !== null && !kept.has(current)) {
      kept.add(current);
      current = scope.unitById.get(current)?.parentId ?? null;
    }
  }
  return scope.units.filter((unit) => kept.has(unit.id)).map((unit) => ({ id: unit.id, name: unit.name, parent: unit.parentId }));
}

/**
 * One page of the key people (docs/analysis-result-parts.md, "Lists"): the target group (`tu`,
 * `tun`, as the as-values view reads them; neither: everyone the caller sees), narrowed by the role
 * filter, "only people with a role", `id` and the search, sorted through `peoplePage` (key roles
 * most first by default; ties by name, then id). The role counts and explanations are of the whole
 * target group, the units those the caller has someone in.
 */
export function keyPeopleList(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, query: TKeyPeopleListQuery, explain: Explainer, locale: TLocale): TKeyPeopleListPage {
  const inTarget = query.tu.length === 0 && query.tun.length === 0 ? scope.visible : new Set(resolveSide(scope, query.tu, query.tun));
  const target = result.employees.filter((e) => inTarget.has(dbId(e.id)) && scope.visible.has(dbId(e.id)));
  // Counted without a choice array per person: the target group may be everyone of a large run.
  const counts = new Map<TKeyPeopleRoleChoice, number>();
  const count = (choice: TKeyPeopleRoleChoice) => counts.set(choice, (counts.get(choice) ?? 0) + 1);
  for (const employee of target) {
    for (const role of employee.keyRoles) count(`key:${role}`);
    for (const role of employee.groupRoles) count(`group:${role}`);
  }
  const held = KEY_PEOPLE_ROLE_CHOICES.filter((role) => counts.has(role));
  const wanted = new Set(query.role);
  const only = new Set(query.id);
  const { key, descending } = sortParts<(typeof KEY_PEOPLE_SORT_KEYS)[number]>(query.sort);
  const page = peoplePage(
    scope,
    target,
    (e) => dbId(e.id),
    query,
    {
      descending,
      locale,
      key: (matching, ids): ListSortKey => {
        if (key === 'unit') return { by: 'text', values: ids.map((id) => unitName(scope, id)) };
        if (key === 'key_roles') return { by: 'number', values: matching.map((e) => e.keyRoles.length) };
        if (key === 'group_roles') return { by: 'number', values: matching.map((e) => e.groupRoles.length) };
        return { by: 'name' };
      },
    },
    (e, id) => ({
      employee: employeeRef(scope, id),
      unit: scope.employeeById.get(id)?.unitId ?? null,
      unit_name: unitName(scope, id),
      is_key_person: e.keyRoles.length > 0,
      key_roles: [...e.keyRoles],
      group_roles: [...e.groupRoles],
    }),
    (e) =>
      (query.only_with_roles === 'false' || e.keyRoles.length + e.groupRoles.length > 0) &&
      (only.size === 0 || only.has(dbId(e.id))) &&
      (wanted.size === 0 || roleChoicesOf(e).some((choice) => wanted.has(choice))),
  );
  return {
    ...page,
    role_counts: held.map((role) => ({ role, count: counts.get(role) ?? 0 })),
    units: unitsInScope(scope),
    explanations: roleExplanationsOf(
      {
        keyRoles: held.flatMap((role) => (role.startsWith('key:') ? [role.slice(4) as ListedEmployee['keyRoles'][number]] : [])),
        groupRoles: held.flatMap((role) => (role.startsWith('group:') ? [role.slice(6) as ListedEmployee['groupRoles'][number]] : [])),
      },
      explain,
    ),
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
