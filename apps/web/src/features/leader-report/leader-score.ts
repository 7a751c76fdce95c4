/** Leader factors and sub-scores run from 1 to 10 (spec §9); higher is better for every one (docs/methods.md). */
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;

export type TScoreBand = 'low' | 'middle' | 'high';

/**
 * Thirds of the 1–10 scale, for the colour of a score. The spec gives no bands; scores are
 * percentile-scaled against the organisation's leaders, so the lower third means "among the
 * lowest of the organisation", the upper third "among the highest".
 */
export function scoreBand(score: number): TScoreBand {
  if (score < 4) return 'low';
  if (score < 7) return 'middle';
  return 'high';
}

export const SCORE_BAND_COLORS: Record<TScoreBand, string> = { low: 'orange', middle: 'yellow', high: 'teal' };

/** Where a score sits on its bar, 0 to 100; 1 is the empty bar's start, 10 a full bar. */
export function scorePercent(score: number): number {
  const clamped = Math.min(SCORE_MAX, Math.max(SCORE_MIN, score));
  return ((clamped - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)) * 100;
}

/** One decimal as the API gives it, in the user's number format; a withheld score shows a dash. */
export function formatScore(score: number | null, locale: string): string {
  if (score === null) return '–';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score);
}
