import { protectWithinPopulation, type AnalysisResult, type EmployeeResult, type LeaderReport } from '@ona/analytics';
import type { TLeaderReport, TLeaderReportListPage, TLeaderReportListQuery, TLocale } from '@ona/contracts';
import { employeeRef, unitRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId, type ResultOf, type SectionPath } from '../analytics-shared/latest-result.ts';
import { peoplePage, sortParts, unitName, type ListSortKey } from '../analytics-shared/list-order.ts';
import { unlessWithheld, withheldReason } from '../analytics-shared/privacy.ts';

/** What the leader reports read of a run: the people (who answered) and the reports. */
export const LEADER_REPORT_SECTIONS = [['employees'], ['leaderReports']] as const satisfies readonly SectionPath[];
export type LeaderReportResult = ResultOf<'employees' | 'leaderReports'>;

/** Direct reports of the leader who answered the survey: the people behind the scores. */
export function teamRespondents(result: Pick<AnalysisResult, 'employees'>, report: LeaderReport): number {
  const answered = new Set(result.employees.filter((e) => e.hasAnswered).map((e) => e.id));
  return report.impartiality.sympathy.filter((tie) => answered.has(tie.employeeId)).length;
}

/**
 * A page of the leader reports the reader sees; admins with all_access also get each report's
 * code. The engine writes a report for every person with direct reports, and the team behind it
 * is those direct reports, so the list is read from the people (`employees`), not from the
 * reports (docs/analysis-result-parts.md, "Lists"): team size and respondents are the same counts
 * as the report's (`teamRespondents`).
 */
export function leaderReportList(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, codes: ReadonlyMap<number, string> | null, query: TLeaderReportListQuery, locale: TLocale): TLeaderReportListPage {
  const answered = new Set(result.employees.filter((e) => e.hasAnswered).map((e) => e.id));
  const leaders = result.employees.filter((e) => e.directReports.length > 0 && (query.id === undefined || dbId(e.id) === query.id));
  const respondents = (leader: EmployeeResult) => leader.directReports.filter((id) => answered.has(id)).length;
  const { key, descending } = sortParts(query.sort);
  const sortKey = (matching: readonly EmployeeResult[], ids: readonly number[]): ListSortKey =>
    key === 'name' ? { by: 'name' }
    : key === 'unit' ? { by: 'text', values: ids.map((id) => unitName(scope, id)) }
    : key === 'team_size' ? { by: 'number', values: matching.map((e) => e.directReports.length) }
    : { by: 'number', values: matching.map(respondents) };
  return peoplePage(scope, leaders, (e) => dbId(e.id), query, { descending, locale, key: sortKey }, (leader, id) => ({
    id,
    leader: employeeRef(scope, id),
    unit: unitRef(scope, scope.employeeById.get(id)?.unitId),
    team_size: leader.directReports.length,
    respondent_count: respondents(leader),
    authorization_code: codes?.get(id) ?? null,
  }));
}

/**
 * One leader report. Per-member lists keep only the leader's own ties (`given`): whether a member
 * named the leader shows only as a team count, withheld with the scores when fewer than the
 * minimum of members answered. Teams of two leaders never overlap and no larger group of these
 * scores is shown, so of the difference rule only the minimum applies (docs/privacy/difference-protection.md).
 */
export function leaderReportDetail(scope: AnalyticsScope, result: Pick<AnalysisResult, 'employees'>, report: LeaderReport, organizationLogo: string | null, minGroupSize: number): TLeaderReport {
  const id = dbId(report.leaderId);
  const respondents = teamRespondents(result, report);
  const protection = protectWithinPopulation(respondents, respondents, minGroupSize);
  const withheld = protection.withheld;
  const score = (value: number) => unlessWithheld(withheld, value);
  const ref = (engineId: string) => employeeRef(scope, dbId(engineId));
  const given = (ties: LeaderReport['impartiality']['sympathy']) => ties.map((tie) => ({ employee: ref(tie.employeeId), given: tie.given }));
  const givenReceived = (lists: LeaderReport['relationship']['sympathy']) => ({
    given: lists.given.map(ref),
    received_count: unlessWithheld(withheld, lists.received.length),
  });
  const leader = employeeRef(scope, id);
  return {
    id,
    leader,
    unit: unitRef(scope, scope.employeeById.get(id)?.unitId),
    organization_logo: organizationLogo,
    user_name: leader.name,
    settings: { attention: true, prestige: true, impartiality: true, relationship: true },
    team_size: report.teamSize,
    respondent_count: respondents,
    withheld,
    withheld_reason: withheldReason(protection, minGroupSize),
    result: {
      attention: {
        score: score(report.attention.score),
        opinion: score(report.attention.opinion),
        work_info: score(report.attention.work_info),
        recognition: score(report.attention.recognition),
        corporate_news: score(report.attention.corporate_news),
      },
      prestige: {
        score: score(report.prestige.score),
        advice: score(report.prestige.advice),
        personal: score(report.prestige.personal),
        attention: score(report.prestige.attention),
        expertise: score(report.prestige.expertise),
      },
      impartiality: { score: score(report.impartiality.score), sympathy: given(report.impartiality.sympathy), expertise: given(report.impartiality.expertise) },
      relationship: { score: score(report.relationship.score), sympathy: givenReceived(report.relationship.sympathy), expertise: givenReceived(report.relationship.expertise) },
    },
  };
}
