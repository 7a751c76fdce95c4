const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Monday (ISO week) of an instant's local day in `timeZone`, as `YYYY-MM-DD`. Exports mix
 * offsets (UTC in a message trace, each attendee's zone in a calendar, epoch seconds in Slack);
 * every timestamp is read as an instant first and only then placed in the organisation's week, so
 * a Monday-morning mail sent from New York still falls in the Budapest week it arrived in.
 * Every time zone's offset is a whole number of quarter hours, so the answer is kept per quarter
 * hour: a million rows cost a few thousand Intl calls.
 */
export function weekStartIn(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const cache = new Map<number, string>();
  return (epochMs) => {
    const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
    const known = cache.get(bucket);
    if (known !== undefined) return known;
    const localDay = format.format(new Date(epochMs));
    const day = new Date(`${localDay}T00:00:00Z`);
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    const monday = new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
    if (cache.size > 200_000) cache.clear();
    cache.set(bucket, monday);
    return monday;
  };
}

/** The Monday `weeks` weeks after (or before, negative) a Monday. */
export function addWeeks(monday: string, weeks: number): string {
  return new Date(new Date(`${monday}T00:00:00Z`).getTime() + weeks * 7 * DAY_MS).toISOString().slice(0, 10);
}
