import type { AnalysisOptions } from '../options.ts';
import { quantile } from '../metrics/ranking.ts';

/**
 * Turns raw values (shares in 0..1) into 1..10 scores. With enough leaders the scale is relative,
 * 1 + 9·clamp((x − p5)/(p95 − p5)), so scores spread across the organisation; with few leaders, or
 * when everyone is alike, it is absolute, 1 + 9·x, because percentiles of three values mean nothing.
 * Rounded to one decimal.
 */
export function scaleToTen(raws: readonly number[], options: AnalysisOptions): number[] {
  const { lowPercentile, highPercentile, minLeadersForRelative } = options.leaderScores;
  const lo = quantile(raws, lowPercentile);
  const hi = quantile(raws, highPercentile);
  const relative = raws.length >= minLeadersForRelative && hi - lo > 1e-12;
  return raws.map((x) => {
    const unit = relative ? (x - lo) / (hi - lo) : x;
    return Math.round((1 + 9 * Math.min(1, Math.max(0, unit))) * 10) / 10;
  });
}
