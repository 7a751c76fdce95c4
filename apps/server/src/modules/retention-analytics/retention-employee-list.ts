import { organisationalAge, foldText, type TLocale, type TRetentionEmployeeListPage, type TRetentionEmployeeListQuery, type TRetentionEmployeeRow, type TRetentionEmployeeSortKey } from '@ona/contracts';
import type { EmployeeResult } from '@ona/analytics';
import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';
import { unitsWithDescendants, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { explanationsOf, type Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { collatorFor, peoplePage, sortParts, type ListSortKey } from '../analytics-shared/list-order.ts';
import { riskFactorsShownTo } from './leader-factor-privacy.ts';
import { withoutPersonalRisk } from './aggregate-risk.ts';
import { generationOf, retentionEmployee } from './retention-service.ts';
import type { RetentionResult } from './retention-sections.ts';

/** Generations from the oldest: baby boomers, X, Y, Z (the datasheet's order since spec §3). */
const GENERATION_ORDER = { bb: 0, x: 1, y: 2, z: 3 } as const;

/**
 * Texts as numbers in the reader's language's order (equal texts, by the collator, one number),
 * so that a text column with empty cells sorts through `listOrder`'s numbers: empty last either
 * way, as the browser's datasheet sorted them.
 */
export function textRanks(values: readonly (string | null)[], locale: TLocale): (number | null)[] {
  const collator = collatorFor(locale);
  const distinct = [...new Set(values.filter((value): value is string => value !== null))].sort(collator.compare);
  const rank = new Map<string, number>();
  let current = -1;
  let previous: string | null = null;
  for (const text of distinct) {
    if (previous === null || collator.compare(previous, text) !== 0) current += 1;
    rank.set(text, current);
    previous = text;
  }
  return values.map((value) => (value === null ? null : (rank.get(value) ?? null)));
}

const anyOf = <T>(wanted: ReadonlySet<T>, held: readonly T[]) => wanted.size === 0 || held.some((value) => wanted.has(value));

/**
 * One page of the employees datasheet (docs/analysis-result-parts.md, "Lists"): the people the
 * caller sees, narrowed by the datasheet's filters (spec §3, the rules the browser applied before),
 * sorted through `peoplePage`/`listOrder`, and only the page's rows built. Under "aggregate risk
 * only" every row is without its risk level and factors, and the filters and sorts read the rows
 * as shown (a level filter then keeps nobody, as it did in the browser).
 */
export function retentionEmployeePage(
  scope: AnalyticsScope,
  result: Pick<RetentionResult, 'employees'>,
  query: TRetentionEmployeeListQuery,
  explain: Explainer,
  locale: TLocale,
  today: Date,
): TRetentionEmployeeListPage {
  const aggregateOnly = seesRiskOnlyInAggregate(scope);
  const leaderOf = (e: EmployeeResult) => (e.leaderId === null ? null : dbId(e.leaderId));
  const shownLevel = (e: EmployeeResult) => (aggregateOnly ? null : e.risk_level);
  const shownFactorCount = (e: EmployeeResult) => (aggregateOnly ? 0 : riskFactorsShownTo(scope.ownEmployeeId, leaderOf(e), e.riskFactors).length);
  const recordOf = (e: EmployeeResult) => scope.employeeById.get(dbId(e.id));
  const leaderName = (e: EmployeeResult): string | null => {
    const leader = leaderOf(e);
    if (leader === null) return null;
    return scope.visible.has(leader) ? (scope.employeeById.get(leader)?.name ?? null) : null;
  };
  const unitNameOf = (unitId: number | null | undefined) => (unitId === null || unitId === undefined ? null : (scope.unitById.get(unitId)?.name ?? null));

  const departments = query.unit === undefined ? null : unitsWithDescendants(scope, [query.unit]);
  const generations = new Set(query.generation);
  const keyRoles = new Set(query.key_role);
  const groupRoles = new Set(query.group_role);
  const ages = new Set(query.age);
  const levels = query.risk_level.length === 0 ? null : new Set(query.risk_level);
  const needle = foldText(query.name);
  const only = new Set(query.id);
  const keep = (e: EmployeeResult): boolean => {
    const record = recordOf(e);
    if (!record) return false;
    if (departments && (record.unitId === null || !departments.has(record.unitId))) return false;
    if (generations.size > 0) {
      const generation = generationOf(record.generation);
      if (generation === null || !generations.has(generation)) return false;
    }
    if (!anyOf(keyRoles, e.keyRoles)) return false;
    if (query.answered === 'answered' && !e.hasAnswered) return false;
    if (query.answered === 'not_answered' && e.hasAnswered) return false;
    if (ages.size > 0) {
      const age = organisationalAge(record.entryDate, today);
      if (age === null || !ages.has(age)) return false;
    }
    if (levels !== null) {
      const level = shownLevel(e);
      if (level === null || !levels.has(String(level) as '0')) return false;
    }
    if (!anyOf(groupRoles, e.groupRoles)) return false;
    if (needle !== '' && !foldText(record.name).includes(needle)) return false;
    return only.size === 0 || only.has(dbId(e.id));
  };

  // People without a directory row (erased since the run) were never listed.
  const listed = result.employees.filter((e) => recordOf(e) !== undefined);
  const { key, descending } = sortParts<TRetentionEmployeeSortKey>(query.sort);
  const sortKey = (matching: readonly EmployeeResult[], ids: readonly number[]): ListSortKey => {
    switch (key) {
      case 'name':
        // As a text, so that equal names keep the id ascending in either direction.
        return { by: 'text', values: ids.map((id) => scope.employeeById.get(id)?.name ?? '') };
      case 'risk_level':
        return { by: 'number', values: matching.map(shownLevel) };
      case 'risk_factors':
        return { by: 'number', values: matching.map(shownFactorCount) };
      case 'key_roles':
        return { by: 'number', values: matching.map((e) => e.keyRoles.length) };
      case 'generation':
        return { by: 'number', values: matching.map((e) => { const g = generationOf(recordOf(e)?.generation ?? null); return g === null ? null : GENERATION_ORDER[g]; }) };
      case 'unit':
        // A unit id whose name is gone sorts as an empty name, before every other; no unit, last.
        return { by: 'number', values: textRanks(matching.map((e) => { const unitId = recordOf(e)?.unitId ?? null; return unitId === null ? null : (unitNameOf(unitId) ?? ''); }), locale) };
      case 'leader':
        // A leader the caller does not see (a subtree's own leader) sorts as an empty name.
        return { by: 'number', values: textRanks(matching.map((e) => (leaderOf(e) === null ? null : (leaderName(e) ?? ''))), locale) };
      case 'works_since':
        return { by: 'number', values: textRanks(matching.map((e) => recordOf(e)?.entryDate ?? null), locale) };
    }
  };
  const page = peoplePage(scope, listed, (e) => dbId(e.id), { page: query.page, page_size: query.page_size, q: '' }, { descending, locale, key: sortKey }, (e): TRetentionEmployeeRow => {
    const row = retentionEmployee(scope, e, explain);
    const shown = aggregateOnly ? withoutPersonalRisk(row) : row;
    return { ...shown, unit_name: unitNameOf(shown.unit), leader_name: leaderName(e) };
  }, keep);
  return {
    ...page,
    individual_risk_withheld: aggregateOnly,
    explanations: explanationsOf(
      {
        riskFactors: page.data.flatMap((row) => row.risk_factors.map((factor) => factor.code)),
        keyRoles: page.data.flatMap((row) => row.key_roles),
        groupRoles: page.data.flatMap((row) => row.group_roles),
      },
      explain,
    ),
  };
}
