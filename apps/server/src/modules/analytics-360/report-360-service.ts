import { protectWithinPopulation, type AnalysisResult, type Report360 } from '@ona/analytics';
import { DIMENSION_360_CODES, type TLocale, type TReport360, type TReport360ListItem } from '@ona/contracts';
import { employeeRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';

export function report360List(scope: AnalyticsScope, result: Pick<AnalysisResult, 'reports360'>): TReport360ListItem[] {
  return result.reports360
    .filter((r) => scope.visible.has(dbId(r.id)))
    .map((r) => ({ id: dbId(r.id), employee: employeeRef(scope, dbId(r.employee.id)), hierarchy_level: r.hierarchy_level }))
    .sort((a, b) => a.employee.name.localeCompare(b.employee.name) || a.id - b.id);
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
