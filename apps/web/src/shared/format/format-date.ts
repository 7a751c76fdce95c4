import { ACCEPT_LANGUAGE, type TLocale } from '@ona/contracts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formats an API date (`YYYY-MM-DD`, or a full timestamp) in the user's language. Plain dates are
 * built in local time: `new Date('2025-03-01')` is UTC midnight and shows the day before west of UTC.
 */
export function formatDate(value: string, locale: TLocale): string {
  const match = ISO_DATE.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(ACCEPT_LANGUAGE[locale], { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

export function formatNumber(value: number, locale: TLocale): string {
  return new Intl.NumberFormat(ACCEPT_LANGUAGE[locale]).format(value);
}
