import { fromLocalTime, offsetAt, toLocalTime } from './local-time.ts';

/** When scheduled e-mails may arrive (an organisation's settings): local `HH:mm` from, until, and weekends or not. */
export interface SendingHours {
  start: string;
  end: string;
  weekends: boolean;
}

/**
 * The instant the zone's clocks show `local`, taking the hour the clocks skip as the moment after the
 * gap and the hour they repeat at its first occurrence: a reminder moved to "08:00" must always
 * land somewhere, unlike an administrator's chosen time, which is refused instead.
 */
export function instantAtOrAfter(local: string, timeZone: string): Date {
  const result = fromLocalTime(local, timeZone);
  if (result.kind === 'ok') return result.instant;
  if (result.kind === 'ambiguous') return result.instants[0];
  // Skipped: read with the offset in force before the change, which lands just after the gap.
  const asUtc = Date.parse(`${local}:00Z`);
  return new Date(asUtc - offsetAt(asUtc - 86_400_000, timeZone) * 60_000);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addLocalDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * The first instant at or after `from` that falls within the sending hours in `timeZone`: `from`
 * itself when allowed, else the start of the next allowed local day (or of today, when `from` is
 * before the hours begin). Days are the zone's calendar days, so summer time changes nothing.
 */
export function nextAllowedInstant(from: Date, timeZone: string, hours: SendingHours): Date {
  const local = toLocalTime(from, timeZone);
  let date = local.slice(0, 10);
  const time = local.slice(11);
  if (hours.weekends || !isWeekend(date)) {
    if (time < hours.start) return instantAtOrAfter(`${date}T${hours.start}`, timeZone);
    if (time < hours.end) return from;
  }
  // A fortnight always holds a weekday; the bound only guards the loop.
  for (let i = 0; i < 14; i += 1) {
    date = addLocalDays(date, 1);
    if (hours.weekends || !isWeekend(date)) return instantAtOrAfter(`${date}T${hours.start}`, timeZone);
  }
  throw new Error('no allowed sending day within a fortnight');
}
