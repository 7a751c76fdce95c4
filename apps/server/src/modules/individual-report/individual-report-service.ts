import type { AnalysisResult, EmployeeResult, IndividualReport } from '@ona/analytics';
import { type TIndividualReport, type TIndividualReportListPage, type TIndividualReportListQuery } from '@ona/contracts';
import { asc, eq, tables, type Database } from '@ona/db';
import type { TLocale } from '@ona/contracts';
import { employeeRef, unitRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId, type SectionPath } from '../analytics-shared/latest-result.ts';
import { unlessWithheld } from '../analytics-shared/privacy.ts';
import { peoplePage, sortParts, unitName, type ListSortKey } from '../analytics-shared/list-order.ts';

/** What the individual reports read of a run: the people and their reports. */
export const INDIVIDUAL_REPORT_SECTIONS = [['employees'], ['individualReports']] as const satisfies readonly SectionPath[];

export interface QuestionLabel {
  id: number;
  key: string;
  label: string;
}

/** Question labels in the request's language (then English, then the key). */
export async function questionLabels(db: Database, engagementId: number, locale: TLocale): Promise<Map<number, QuestionLabel>> {
  const rows = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position));
  return new Map(rows.map((q) => [q.id, { id: q.id, key: q.key, label: q.texts[locale] ?? q.texts.en ?? q.key }]));
}

/**
 * A page of the reports the reader sees. The engine writes a report for every person it analysed,
 * so the list is read from the people (`employees`), not from the reports themselves, the run's
 * largest section; it is filtered and sorted as the people's positions, and only the page's rows
 * are built (docs/analysis-result-parts.md, "Lists").
 */
export function individualReportList(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, query: TIndividualReportListQuery, locale: TLocale): TIndividualReportListPage {
  const { key, descending } = sortParts(query.sort);
  const sortKey = (matching: readonly EmployeeResult[], ids: readonly number[]): ListSortKey =>
    key === 'name' ? { by: 'name' }
    : key === 'unit' ? { by: 'text', values: ids.map((id) => unitName(scope, id)) }
    : { by: 'number', values: matching.map((e) => (e.hasAnswered ? 1 : 0)) };
  return peoplePage(scope, result.employees, (e) => dbId(e.id), query, { descending, locale, key: sortKey }, (e, id) => ({
    id,
    employee: employeeRef(scope, id),
    unit: unitRef(scope, scope.employeeById.get(id)?.unitId),
    has_answered: e.hasAnswered,
  }));
}

/**
 * One individual report. Received nominations are counts per question: the report never names who
 * named the person; given ones name the colleagues only in the person's own report. The influence share is a share of the unit's colleagues, so it is withheld
 * when fewer than the minimum of them answered.
 */
export function individualReportDetail(
  scope: AnalyticsScope,
  result: Pick<AnalysisResult, 'employees'>,
  report: IndividualReport,
  questions: ReadonlyMap<number, QuestionLabel>,
  minGroupSize: number,
): TIndividualReport {
  const id = dbId(report.employeeId);
  // One's own answers are shown to oneself only.
  const ownReport = scope.ownEmployeeId === id;
  const self = result.employees.find((e) => e.id === report.employeeId);
  const unitColleagueRespondents = result.employees.filter((e) => e.id !== report.employeeId && e.unitId === self?.unitId && e.hasAnswered).length;
  const influenceWithheld = unitColleagueRespondents < minGroupSize;
  const question = (engineId: string): QuestionLabel => questions.get(dbId(engineId)) ?? { id: dbId(engineId), key: engineId, label: engineId };
  return {
    id,
    employee: employeeRef(scope, id),
    unit: unitRef(scope, scope.employeeById.get(id)?.unitId),
    hierarchy_level: (self?.hierarchyLevel ?? 'implementors') as TIndividualReport['hierarchy_level'],
    has_answered: self?.hasAnswered ?? false,
    mentioning_you: report.mentioningYou,
    turning_to_you: report.turningToYou,
    turning_to_you_too_many: report.turningToYouTooMany,
    mutual_relationships: report.mutualRelationships,
    mutual_too_many: report.mutualTooMany,
    influence_share: unlessWithheld(influenceWithheld, report.influenceShare),
    influence_high: unlessWithheld(influenceWithheld, report.influenceHigh),
    influence_withheld: influenceWithheld,
    character_types: report.characterTypes,
    relations_by_level: report.relationsByLevel,
    operative_balance_ok: report.operativeBalanceOk,
    received: report.received.map((r) => ({ question: question(r.questionId), count: r.fromIds.length })),
    given: report.given.map((g) => ({
      question: question(g.questionId),
      count: g.toIds.length,
      colleagues: ownReport ? g.toIds.map((to) => employeeRef(scope, dbId(to))) : null,
    })),
  };
}
