import { ACCEPT_LANGUAGE, type TLocale } from '@ona/contracts';

/** A share (0..1) as a whole percentage in the user's language: 0.183 → "18%". */
export function formatShare(share: number, locale: TLocale): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale], { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A lift (ratio, 1 = chance) with two decimals. */
export function formatLift(lift: number, locale: TLocale): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(lift);
}
