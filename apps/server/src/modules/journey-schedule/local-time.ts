/**
 * Wall-clock times in an IANA time zone, through the platform's own time-zone data (Intl): no
 * library, no offsets of our own. A local time on a daylight-saving change either does not exist
 * (the hour the clocks skip) or exists twice (the hour they repeat); both are refused, so that a
 * schedule never means something other than what its administrator read.
 */
export type LocalTimeResult = { kind: 'ok'; instant: Date } | { kind: 'nonexistent' } | { kind: 'ambiguous'; instants: [Date, Date] };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local `YYYY-MM-DDTHH:mm` of an instant in the zone. */
export function toLocalTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetAt(instant: number, timeZone: string): number {
  const local = toLocalTime(new Date(instant), timeZone);
  return Math.round((Date.parse(`${local}:00Z`) - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant(s) at which the zone's clocks show `local` (`YYYY-MM-DDTHH:mm`). */
export function fromLocalTime(local: string, timeZone: string): LocalTimeResult {
  const asUtc = Date.parse(`${local}:00Z`);
  // Every offset the zone has within a day of that time: at most two around a change.
  const offsets = new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]);
  const matches = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => toLocalTime(new Date(instant), timeZone) === local)
    .sort((a, b) => a - b);
  const unique = [...new Set(matches)];
  if (unique.length === 0) return { kind: 'nonexistent' };
  if (unique.length > 1) return { kind: 'ambiguous', instants: [new Date(unique[0]!), new Date(unique[1]!)] };
  return { kind: 'ok', instant: new Date(unique[0]!) };
}
