import { ACCEPT_LANGUAGE, type TLocale } from './locales.ts';

/**
 * A share (0.674) as the reader's language writes a percentage with one decimal, by the
 * platform's CLDR data: 67.4% in English, 67,4 % in German and Russian, 67,4% in Hungarian. The
 * graph page and the executive report PDF both print their figures through this one function.
 */
export function formatShare(share: number, locale: TLocale): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share);
}

/** A whole number with the reader's digit grouping (1,234 · 1 234 · 1.234). */
export function formatCount(value: number, locale: TLocale): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale], { maximumFractionDigits: 0 }).format(value);
}

/** A calendar day (`YYYY-MM-DD`) written out in the reader's language, e.g. 9 March 2026. */
export function formatDay(isoDate: string, locale: TLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(ACCEPT_LANGUAGE[locale], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day);
}

/** A change with its sign (+3 · −2 · 0; +1,5 in German with one decimal), for "then / now / change" tables. */
export function formatChange(value: number, locale: TLocale, fractionDigits = 0): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, signDisplay: 'exceptZero' }).format(value);
}
