/**
 * How far a network's figures can be read, by the share of the people asked who answered.
 * ONA practice reads a network survey with high confidence from 80 % response, moderate from 65 %
 * to 79 %, and with caution below (the practitioners' rule of thumb quoted in issue 21; Borgatti,
 * Carley & Krackhardt 2006 show centrality errors growing steadily as respondents go missing).
 * The intervals are half-open: [0.80, 1] high, [0.65, 0.80) moderate, [0, 0.65) caution.
 */
export const HIGH_CONFIDENCE_MIN_RATE = 0.8;
export const MODERATE_CONFIDENCE_MIN_RATE = 0.65;

export const RESPONSE_BANDS = ['high', 'moderate', 'caution'] as const;
export type ResponseBand = (typeof RESPONSE_BANDS)[number];

export function responseBand(rate: number): ResponseBand {
  if (rate >= HIGH_CONFIDENCE_MIN_RATE) return 'high';
  if (rate >= MODERATE_CONFIDENCE_MIN_RATE) return 'moderate';
  return 'caution';
}

export interface ResponseRate {
  /** People asked (everyone in the organisation: a whole-network survey asks everyone). */
  asked: number;
  answered: number;
  /** answered / asked, 0 when no one was asked. */
  rate: number;
  band: ResponseBand;
}

export function responseRate(answered: ArrayLike<number>): ResponseRate {
  let count = 0;
  for (let i = 0; i < answered.length; i++) if (answered[i]) count++;
  const rate = answered.length > 0 ? count / answered.length : 0;
  return { asked: answered.length, answered: count, rate, band: responseBand(rate) };
}
