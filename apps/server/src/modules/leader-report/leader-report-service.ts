import { protectWithinPopulation, type AnalysisResult, type LeaderReport } from '@ona/analytics';
import type { TLeaderReport, TLeaderReportListItem } from '@ona/contracts';
import { employeeRef, unitRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId, type ResultOf, type SectionPath } from '../analytics-shared/latest-result.ts';
import { unlessWithheld, withheldReason } from '../analytics-shared/privacy.ts';

/** What the leader reports read of a run: the people (who answered) and the reports. */
export const LEADER_REPORT_SECTIONS = [['employees'], ['leaderReports']] as const satisfies readonly SectionPath[];
export type LeaderReportResult = ResultOf<'employees' | 'leaderReports'>;

/** Direct reports of the leader who answered the survey: the people behind the scores. */
export function teamRespondents(result: Pick<AnalysisResult, 'employees'>, report: LeaderReport): number {
  const answered = new Set(result.employees.filter((e) => e.hasAnswered).map((e) => e.id));
  return report.impartiality.sympathy.filter((tie) => answered.has(tie.employeeId)).length;
}

/** Leader reports of visible leaders; admins with all_access also get each report's code. */
export function leaderReportList(scope: AnalyticsScope, result: LeaderReportResult, codes: ReadonlyMap<number, string> | null): TLeaderReportListItem[] {
  return result.leaderReports
    .filter((report) => scope.visible.has(dbId(report.leaderId)))
    .map((report) => {
      const id = dbId(report.leaderId);
      return {
        id,
        leader: employeeRef(scope, id),
        unit: unitRef(scope, scope.employeeById.get(id)?.unitId),
        team_size: report.teamSize,
        respondent_count: teamRespondents(result, report),
        authorization_code: codes?.get(id) ?? null,
      };
    })
    .sort((a, b) => a.leader.name.localeCompare(b.leader.name) || a.id - b.id);
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
