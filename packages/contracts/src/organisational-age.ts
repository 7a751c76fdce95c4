/**
 * The spec's organisational-age filter names three spans: "now", "months" and "years". We read
 * them as tenure buckets measured from the works-since date to today: joined within the last
 * month, one to twelve months ago, or a year or more ago (docs/retention-analytics.md).
 */
export const ORGANISATIONAL_AGES = ['now', 'months', 'years'] as const;
export type TOrganisationalAge = (typeof ORGANISATIONAL_AGES)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole calendar months from `since` to `today` (a month counts once its day of month is reached). */
export function monthsBetween(since: string, today: Date): number | null {
  const match = ISO_DATE.exec(since);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  let months = (today.getFullYear() - year) * 12 + (today.getMonth() - month);
  if (today.getDate() < day) months -= 1;
  return months;
}

/** The bucket of a works-since date; null when the date is missing or unreadable. */
export function organisationalAge(worksSince: string | null, today: Date): TOrganisationalAge | null {
  if (worksSince === null) return null;
  const months = monthsBetween(worksSince, today);
  if (months === null) return null;
  // A date in the future (a hire already recorded) counts as joining now.
  if (months < 1) return 'now';
  if (months < 12) return 'months';
  return 'years';
}
