import { z } from 'zod';
import { ZModule } from './access.ts';

/**
 * Confidence on every figure (issue 21): `GET /api/engagements/{id}/confidence/` and
 * `GET /api/engagements/{id}/confidence/people/{reportId}/`. Computed once by the analysis run and
 * stored with it (docs/confidence.md).
 */

/** ≥ 80 % of the people asked answered: high; 65–79 %: moderate; below: read with caution. */
export const CONFIDENCE_BANDS = ['high', 'moderate', 'caution'] as const;
export const ZConfidenceBand = z.enum(CONFIDENCE_BANDS);
export type TConfidenceBand = z.infer<typeof ZConfidenceBand>;

export const STABILITY_CENTRALITY_IDS = ['in_degree', 'betweenness', 'closeness', 'pagerank', 'eigenvector'] as const;
export const ZStabilityCentrality = z.enum(STABILITY_CENTRALITY_IDS);
export type TStabilityCentrality = z.infer<typeof ZStabilityCentrality>;

export const ZStabilityVerdict = z.enum(['stable', 'unstable']);
export type TStabilityVerdict = z.infer<typeof ZStabilityVerdict>;

export const ZResponseRate = z.object({
  asked: z.number().int().nonnegative(),
  answered: z.number().int().nonnegative(),
  /** answered / asked, 0 to 1. */
  rate: z.number().min(0).max(1),
  band: ZConfidenceBand,
});
export type TResponseRate = z.infer<typeof ZResponseRate>;

export const ZCentralityStability = z.object({
  centrality: ZStabilityCentrality,
  /** Mean Spearman correlation of the ranks with the full network's over the resamples; null when no resample could be ranked. */
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  min: z.number().nullable(),
  samples: z.number().int().nonnegative(),
  /** Null when nothing could be compared (e.g. everyone's betweenness is 0). */
  verdict: ZStabilityVerdict.nullable(),
});
export type TCentralityStability = z.infer<typeof ZCentralityStability>;

export const ZNetworkStability = z.object({
  /** `work`, `collaboration`, `kind:<question kind>` or `category:<graph category>`, as the metrics page names networks. */
  network: z.string(),
  label: z.string(),
  /** Share of the respondents dropped in each resample, and how many people that is. */
  drop_share: z.number().min(0).max(1),
  dropped: z.number().int().nonnegative(),
  repeats: z.number().int().nonnegative(),
  centralities: z.array(ZCentralityStability),
});
export type TNetworkStability = z.infer<typeof ZNetworkStability>;

export const ZConfidence = z.object({
  /** False for a run analysed before the confidence step existed: nothing else is given then. */
  available: z.boolean(),
  /** Every question goes to the whole organisation, so every network shares this response rate. */
  response: ZResponseRate.nullable(),
  thresholds: z.object({ high_min_rate: z.number(), moderate_min_rate: z.number(), stable_min_correlation: z.number() }),
  networks: z.array(ZNetworkStability),
  /**
   * The collaboration network's coverage (employees the imported mail, calendar and chat data
   * covers / employees), banded like the response rate; null without collaboration data.
   */
  collaboration: z.object({ covered: z.number().int().nonnegative(), employees: z.number().int().nonnegative(), rate: z.number().min(0).max(1), band: ZConfidenceBand }).nullable(),
});
export type TConfidence = z.infer<typeof ZConfidence>;

/** Which report asks: the caller's access to that module decides (each page passes its own). */
export const ZConfidenceQuery = z.object({ module: ZModule.exclude(['survey']).default('retention_analytics') });
export type TConfidenceQuery = z.infer<typeof ZConfidenceQuery>;

/**
 * How many of the colleagues who could name a person (unit members, leader, direct reports, from
 * the organisation chart only) answered. Withheld when that circle is smaller than the privacy
 * minimum: a count of a tiny circle would say who answered.
 */
export const ZPersonCoverage = z.object({
  employee_id: z.number().int(),
  available: z.boolean(),
  withheld: z.boolean(),
  circle: z.number().int().nonnegative().nullable(),
  answered: z.number().int().nonnegative().nullable(),
  min_group_size: z.number().int(),
});
export type TPersonCoverage = z.infer<typeof ZPersonCoverage>;
