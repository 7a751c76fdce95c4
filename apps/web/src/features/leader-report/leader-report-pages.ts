import { parseEngagementId } from '../engagements/engagement-id.ts';
import type { TLeaderReport } from '@ona/contracts';

/** The four factor pages of a leader report, in the spec's order (§2), after the overview. */
export const LEADER_FACTORS = ['attention', 'impartiality', 'prestige', 'relationship'] as const;
export type TLeaderFactor = (typeof LEADER_FACTORS)[number];

export const LEADER_REPORT_PAGES = ['index', ...LEADER_FACTORS] as const;
export type TLeaderReportPage = (typeof LEADER_REPORT_PAGES)[number];

/** Sub-scores (1 to 10) the API gives for the two factors built from them. */
export const ATTENTION_PARTS = ['opinion', 'work_info', 'recognition', 'corporate_news'] as const;
export const PRESTIGE_PARTS = ['advice', 'personal', 'attention', 'expertise'] as const;

export const leaderReportListPath = (engagementId: number) => `engagements/${engagementId}/leader-report/list.html`;
export const leaderReportPagePath = (engagementId: number, reportId: number, page: TLeaderReportPage) =>
  `engagements/${engagementId}/leader-report/${reportId}/${page}.html`;

/**
 * The factor pages the report's settings switch on. The server sends every flag true today; the
 * flags exist so an engagement can leave a page out, and then the menu and overview leave it out too.
 */
export function enabledFactors(settings: TLeaderReport['settings']): TLeaderFactor[] {
  return LEADER_FACTORS.filter((factor) => settings[factor]);
}

/** Report ids (the leader's employee id) follow the rule of engagement ids: digits, a positive int4. */
export const parseReportId: (raw: string | undefined) => number | null = parseEngagementId;
