/** Under this response rate the network results lose reliability (issue 4): the pages warn. */
export const RELIABLE_RESPONSE_RATE = 0.8;

export type TResponseBand = 'low' | 'medium' | 'good';

/** null (withheld or no participants) never warns: there is nothing to judge. */
export function isBelowReliable(rate: number | null): boolean {
  return rate !== null && rate < RELIABLE_RESPONSE_RATE;
}

/** The colour band of a unit on the org chart. */
export function responseBand(rate: number): TResponseBand {
  if (rate >= RELIABLE_RESPONSE_RATE) return 'good';
  if (rate >= 0.5) return 'medium';
  return 'low';
}

/** 0.8333 → "83%" in the user's language. */
export function formatRate(rate: number | null, locale: string): string {
  if (rate === null) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}
