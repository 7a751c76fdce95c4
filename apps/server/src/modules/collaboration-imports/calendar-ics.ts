import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { invalidFile } from './collaboration-errors.ts';
import type { CollaborationTally } from './collaboration-tally.ts';
import { normalisedAddress } from './party-keys.ts';

/** Occurrences of one recurring meeting read at most: a weekly meeting over ten years. */
const MAX_OCCURRENCES = 520;

/** The UTC instant of a wall-clock time in an IANA zone (two passes settle a DST change). */
function wallTimeIn(zone: string, fields: { year: number; month: number; day: number; hour: number; minute: number; second: number }): number {
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return instant;
}

const isIanaZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The instant of a DTSTART (RFC 5545 3.3.5): UTC when it ends in Z; with TZID, by the file's own
 * VTIMEZONE of that name (Outlook writes Windows names such as "W. Europe Standard Time" with
 * one), else by the IANA zone of that name; without either (a floating time), in the
 * organisation's time zone. ical.js's global zone registry is not used: two uploads must not
 * share (or overwrite) each other's zone definitions.
 */
function instantOfStart(time: ICAL.Time, tzid: string | null, zones: Map<string, ICAL.Timezone>, organisationZone: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const fields = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  const own = tzid ? zones.get(tzid) : undefined;
  if (own) return Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second) - own.utcOffset(time) * 1000;
  return wallTimeIn(tzid && isIanaZone(tzid) ? tzid : organisationZone, fields);
}

/** Attendees who did not decline, and the organiser: everyone the meeting brought together. */
function attendeesOf(event: ICAL.Component): string[] {
  const people: string[] = [];
  for (const property of [...event.getAllProperties('organizer'), ...event.getAllProperties('attendee')]) {
    const status = property.getParameter('partstat');
    if (typeof status === 'string' && status.toUpperCase() === 'DECLINED') continue;
    const address = normalisedAddress(String(property.getFirstValue() ?? ''));
    if (address) people.push(address);
  }
  return people;
}

/**
 * Reads an iCalendar file (RFC 5545) into the tally: each VEVENT occurrence with its attendees,
 * a recurring one expanded up to `until` (the import's day). SUMMARY, DESCRIPTION, LOCATION and
 * attachments are never read. A meeting that several exported calendars hold (same UID, same
 * start) counts once.
 */
export async function readCalendar(path: string, tally: CollaborationTally, options: { organisationZone: string; until: number }): Promise<void> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  if (!/^BEGIN:VCALENDAR/i.test(text.trimStart())) throw invalidFile('collaboration.errors.not_a_calendar');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw invalidFile('collaboration.errors.not_a_calendar');
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(component);
    zones.set(zone.tzid, zone);
  }
  for (const component of calendar.getAllSubcomponents('vevent')) {
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component);
    } catch {
      tally.unreadable();
      continue;
    }
    const start = component.getFirstProperty('dtstart');
    const tzidParameter = start?.getParameter('tzid');
    const tzid = typeof tzidParameter === 'string' ? tzidParameter : null;
    if (!start || !event.startDate) {
      tally.unreadable();
      continue;
    }
    const attendees = attendeesOf(component);
    const uid = event.uid || null;
    if (!event.isRecurring()) {
      const at = instantOfStart(event.startDate, tzid, zones, options.organisationZone);
      tally.meeting({ meetingId: uid ? `${uid}|${at}` : null, at, attendees });
      continue;
    }
    const occurrences = event.iterator();
    for (let i = 0; i < MAX_OCCURRENCES; i++) {
      const next = occurrences.next();
      if (!next) break;
      const at = instantOfStart(next, tzid, zones, options.organisationZone);
      if (at > options.until) break;
      tally.meeting({ meetingId: uid ? `${uid}|${at}` : null, at, attendees });
    }
  }
}
