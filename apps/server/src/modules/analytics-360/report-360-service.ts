import { protectWithinPopulation, type AnalysisResult, type EmployeeResult, type Report360 } from '@ona/analytics';
import { DIMENSION_360_CODES, HIERARCHY_LEVEL_CODES, type THierarchyLevelCode, type TLocale, type TReport360, type TReport360ListPage, type TReport360ListQuery } from '@ona/contracts';
import { employeeRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { peoplePage, sortParts, type ListSortKey } from '../analytics-shared/list-order.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';

/**
 * A page of the 360 reports the reader sees. The engine writes one for every person with direct
 * reports when the survey has the leadership block, so the list is read from the people
 * (`employees`, which carry the hierarchy level) once `hasReports` says the run has any, not from
 * the reports (docs/analysis-result-parts.md, "Lists"). Levels sort from strategic down.
 */
export function report360List(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, hasReports: boolean, query: TReport360ListQuery, locale: TLocale): TReport360ListPage {
  const leaders = hasReports ? result.employees.filter((e) => e.directReports.length > 0) : [];
  const { key, descending } = sortParts(query.sort);
  const level = (e: EmployeeResult) => e.hierarchyLevel as THierarchyLevelCode;
  const sortKey = (matching: readonly EmployeeResult[]): ListSortKey =>
    key === 'name' ? { by: 'name' } : { by: 'number', values: matching.map((e) => HIERARCHY_LEVEL_CODES.indexOf(level(e))) };
  return peoplePage(scope, leaders, (e) => dbId(e.id), query, { descending, locale, key: sortKey }, (leader, id) => ({ id, employee: employeeRef(scope, id), hierarchy_level: level(leader) }));
}

/** An item's wording in each language the journey stores, by the item id the analysis names. */
export type TItemTexts = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** The wording in the reader's language; English where the journey has none in it. */
export function itemText(texts: TItemTexts, itemId: string, locale: TLocale): string | null {
  const item = texts.get(itemId);
  if (!item) return null;
  return item[locale] || item.en || null;
}

/**
 * A 360 report; survey results are shares of the direct reports, withheld below the minimum of
 * respondents. The team is the whole group behind the figures: teams of two leaders never
 * overlap and no larger group of these figures is shown, so the difference rule has no
 * complement to check here (docs/privacy/difference-protection.md) and only the minimum applies.
 */
export function report360Detail(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, report: Report360, minGroupSize: number, texts: TItemTexts, locale: TLocale): TReport360 {
  const leader = result.employees.find((e) => e.id === report.employee.id);
  const answered = new Set(result.employees.filter((e) => e.hasAnswered).map((e) => e.id));
  const respondents = (leader?.directReports ?? []).filter((id) => answered.has(id)).length;
  const protection = protectWithinPopulation(respondents, respondents, minGroupSize);
  const withheld = protection.withheld;
  const dimensions = Object.fromEntries(
    DIMENSION_360_CODES.map((dimension) => [
      dimension,
      (report.result[dimension] ?? []).map((item) => ({
        item_id: item.itemId,
        text: itemText(texts, item.itemId, locale),
        own_selection: item.own_selection,
        survey_result: withheld ? null : item.survey_result,
      })),
    ]),
  ) as Omit<TReport360['result'], 'employee_id'>;
  return {
    id: dbId(report.id),
    employee: employeeRef(scope, dbId(report.employee.id)),
    hierarchy_level: report.hierarchy_level,
    withheld,
    withheld_reason: withheldReason(protection, minGroupSize),
    result: { employee_id: dbId(report.result.employee_id), ...dimensions },
  };
}
