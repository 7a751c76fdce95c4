export type TEngagementPeriod = 'upcoming' | 'open' | 'closed';

/** Where today falls in the access window (`YYYY-MM-DD`, both ends inclusive). */
export function engagementPeriod(accessFrom: string, accessTill: string, today: string): TEngagementPeriod {
  if (today < accessFrom.slice(0, 10)) return 'upcoming';
  if (today > accessTill.slice(0, 10)) return 'closed';
  return 'open';
}

/** Today as the API writes dates, in the user's own time zone. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
