import type { TRetentionAnalytics } from '@ona/contracts';
import { RISK_LEVELS, type TRiskLevel } from './retention-filters.ts';

/** Level 3 and above is "high risk" in the engine and in the spec (docs/methods.md). */
export const HIGH_RISK_LEVEL = 3;

export type TRiskSummary = {
  total: number;
  /** Employees per level, index = level. */
  perLevel: Record<TRiskLevel, number>;
  /** Level 1 or above: some risk factor. */
  withRiskFactor: number;
  /** Level 3 or above. */
  atHighRisk: number;
};

/**
 * The summary the page shows: the server's counts of the people the reader sees, or, when the
 * journey shows this reader risk only in aggregate ("aggregate risk only for leaders"), the
 * server's distribution of their team (all zeros while it is withheld below the privacy minimum).
 */
export function riskSummaryOf(data: Pick<TRetentionAnalytics, 'risk_summary' | 'individual_risk_withheld' | 'risk_distribution'>): TRiskSummary {
  const counts = data.individual_risk_withheld ? data.risk_distribution.counts : data.risk_summary.per_level;
  const perLevel: Record<TRiskLevel, number> = { 0: counts?.['0'] ?? 0, 1: counts?.['1'] ?? 0, 2: counts?.['2'] ?? 0, 3: counts?.['3'] ?? 0, 4: counts?.['4'] ?? 0 };
  return { total: data.risk_summary.total, perLevel, withRiskFactor: perLevel[1] + perLevel[2] + perLevel[3] + perLevel[4], atHighRisk: perLevel[3] + perLevel[4] };
}

/** Mantine colour of a level: calm to alarming. */
export const RISK_LEVEL_COLORS: Record<TRiskLevel, string> = { 0: 'teal', 1: 'lime', 2: 'yellow', 3: 'orange', 4: 'red' };

export function asRiskLevel(value: number | null): TRiskLevel {
  return RISK_LEVELS.find((level) => level === value) ?? 0;
}
