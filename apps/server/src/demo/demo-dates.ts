/**
 * Calendar arithmetic on YYYY-MM-DD strings, always in UTC, so that the demo does not depend on
 * the time zone of the machine that generates it.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`Expected a date as YYYY-MM-DD, got "${date}"`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (formatIsoDate(time) !== date) throw new Error(`"${date}" is not a calendar date`);
  return time;
}

export function formatIsoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function formatIsoTimestamp(time: number): string {
  return new Date(time).toISOString();
}

export function addDays(date: string, days: number): string {
  return formatIsoDate(parseIsoDate(date) + days * DAY_MS);
}

export function daysBetween(from: string, till: string): number {
  return Math.round((parseIsoDate(till) - parseIsoDate(from)) / DAY_MS);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

/** The Monday on or after the given date. */
export function mondayOnOrAfter(date: string): string {
  const weekday = new Date(parseIsoDate(date)).getUTCDay();
  return addDays(date, (8 - weekday) % 7);
}

export const MS_PER_DAY = DAY_MS;
