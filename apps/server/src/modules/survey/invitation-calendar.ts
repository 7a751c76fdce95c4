import { createEvent, type DateArray, type EventAttributes } from 'ics';
import type { TContentLanguage } from '@ona/contracts';
import { and, desc, eq, ne, tables, type Database } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import type { EmailAttachment } from '../../plugins/mail.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;
const { journeyScheduleSteps } = tables;

function dateArray(date: string): DateArray {
  const [year, month, day] = date.split('-').map(Number);
  return [year ?? 1970, month ?? 1, day ?? 1];
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The latest step of this kind that still stands (not cancelled), if the journey is scheduled. */
async function stepTime(db: Database, engagementId: number, kind: 'open' | 'close'): Promise<Date | null> {
  const [step] = await db
    .select({ dueAt: journeyScheduleSteps.dueAt })
    .from(journeyScheduleSteps)
    .where(and(eq(journeyScheduleSteps.engagementId, engagementId), eq(journeyScheduleSteps.kind, kind), ne(journeyScheduleSteps.status, 'cancelled')))
    .orderBy(desc(journeyScheduleSteps.id))
    .limit(1);
  return step?.dueAt ?? null;
}

/**
 * The invitation's calendar event for the answering window (RFC 5545, written by the `ics`
 * library): from the scheduled opening to the scheduled closing, to the minute, when the journey
 * has a schedule; otherwise whole days from the survey's first to its last day. None when the
 * window has no end. The UID is the journey's, so an invitation sent again updates the same entry
 * in a calendar rather than adding a second one. It carries the survey's public page, never the
 * personal first-password link: calendar entries are shared and synchronised more widely than mail.
 */
export async function invitationCalendar(db: Database, engagement: EngagementRow, language: TContentLanguage, surveyLink: string, today: Date): Promise<EmailAttachment | null> {
  const [opensAt, closesAt] = await Promise.all([stepTime(db, engagement.id, 'open'), stepTime(db, engagement.id, 'close')]);
  const params = { engagement: engagement.name };
  const host = new URL(surveyLink).host;
  const common = {
    title: translate(language, 'journeys.calendar.title', params),
    description: translate(language, 'journeys.calendar.description', params),
    url: surveyLink,
    uid: `journey-${engagement.id}@${host}`,
    productId: 'ona/invitations',
    method: 'PUBLISH',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
  } satisfies Partial<EventAttributes>;
  let event: EventAttributes;
  if (opensAt && closesAt) {
    event = { ...common, start: opensAt.getTime(), startInputType: 'utc', startOutputType: 'utc', end: closesAt.getTime(), endInputType: 'utc', endOutputType: 'utc' };
  } else if (engagement.accessTill) {
    const first = engagement.accessFrom ?? today.toISOString().slice(0, 10);
    // DTEND of an all-day event is the day after the last one (RFC 5545 3.6.1).
    event = { ...common, start: dateArray(first), end: dateArray(nextDay(engagement.accessTill)) };
  } else {
    return null;
  }
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('the calendar event came back empty');
  return { filename: 'invitation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: value };
}
