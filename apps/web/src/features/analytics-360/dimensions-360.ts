import { DIMENSION_360_CODES, type TReport360 } from '@ona/contracts';

export type TDimension360 = (typeof DIMENSION_360_CODES)[number];
export type TReport360Item = TReport360['result'][TDimension360][number];

/** The dimension pages in the spec's order (§2), with the path segment each one has. */
export const DIMENSION_PAGES: readonly { dimension: TDimension360; slug: string }[] = [
  { dimension: 'communication', slug: 'communication' },
  { dimension: 'improvement', slug: 'improvement' },
  { dimension: 'problem_solving', slug: 'problem-solving' },
  { dimension: 'trust', slug: 'trust' },
  { dimension: 'openness', slug: 'openness' },
  { dimension: 'respect', slug: 'respect' },
  { dimension: 'connection_with_leader', slug: 'connection-with-leader' },
];

/** Items per dimension as the spec gives them (§3); a report with other counts is still shown as it is. */
export const SPEC_ITEM_COUNTS: Record<TDimension360, number> = {
  trust: 5,
  respect: 5,
  openness: 3,
  improvement: 7,
  communication: 5,
  problem_solving: 6,
  connection_with_leader: 2,
};

export type TAnalytics360Page = 'index' | TDimension360;

export const analytics360ListPath = (engagementId: number) => `engagements/${engagementId}/360-analytics/list.html`;

export function analytics360PagePath(engagementId: number, reportId: number, page: TAnalytics360Page): string {
  const slug = page === 'index' ? 'index' : slugOf(page);
  return `engagements/${engagementId}/360-analytics/${reportId}/${slug}.html`;
}

export function slugOf(dimension: TDimension360): string {
  return DIMENSION_PAGES.find((page) => page.dimension === dimension)?.slug ?? dimension;
}

export type TDimensionSummary = {
  dimension: TDimension360;
  itemCount: number;
  /** Items on which the leader chose themself. */
  ownSelected: number;
  /** Mean share of direct reports who chose the leader over the items; null when withheld or without items. */
  teamMean: number | null;
};

/** What the overview shows per dimension: the leader's own choices and the team's mean answer. */
export function summarizeDimension(dimension: TDimension360, items: readonly TReport360Item[]): TDimensionSummary {
  const shares = items.map((item) => item.survey_result).filter((share): share is number => share !== null);
  return {
    dimension,
    itemCount: items.length,
    ownSelected: items.filter((item) => item.own_selection).length,
    // One hidden share hides the mean too: a mean of the rest would describe a different set of items.
    teamMean: shares.length === 0 || shares.length < items.length ? null : shares.reduce((sum, share) => sum + share, 0) / shares.length,
  };
}

export function summarizeReport(report: TReport360): TDimensionSummary[] {
  return DIMENSION_PAGES.map(({ dimension }) => summarizeDimension(dimension, report.result[dimension]));
}

export type TSelfView = 'agree_chosen' | 'agree_not_chosen' | 'self_higher' | 'self_lower' | 'unknown';

/**
 * How the leader's own choice compares with the team's on one item. "Chosen by the team" means by
 * at least half of the direct reports: the spec gives no threshold, and a majority is the reading
 * a leader expects ("most of my team says so").
 */
export const TEAM_MAJORITY = 0.5;

export function selfView(item: TReport360Item): TSelfView {
  if (item.survey_result === null) return 'unknown';
  const team = item.survey_result >= TEAM_MAJORITY;
  if (item.own_selection && team) return 'agree_chosen';
  if (!item.own_selection && !team) return 'agree_not_chosen';
  return item.own_selection ? 'self_higher' : 'self_lower';
}

/** A share (0..1) as a whole percentage in the user's format; a withheld share shows a dash. */
export function formatShare(share: number | null, locale: string): string {
  if (share === null) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
