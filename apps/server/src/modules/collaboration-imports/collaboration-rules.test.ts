import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCalendar } from './calendar-ics.ts';
import { CollaborationTally } from './collaboration-tally.ts';
import { deriveCollaborationTies, type PersonWeeklyCount } from './collaboration-ties.ts';
import { collaborationKeyFrom, normalisedAddress, PartyResolver } from './party-keys.ts';
import { instantOf } from './timestamps.ts';
import { weekStartIn } from './week-start.ts';

const count = (weekStart: string, fromPersonId: number, toPersonId: number, interactions = 1, mutual = false): PersonWeeklyCount => ({ weekStart, fromPersonId, toPersonId, interactions, mutual });

describe('the tie rule: at least 2 interactions within 4 consecutive weeks', () => {
  it('ties two people with one interaction each way in weeks 1 and 4, not in weeks 1 and 5', () => {
    expect(deriveCollaborationTies([count('2026-01-05', 1, 2), count('2026-01-26', 2, 1)])).toEqual([{ a: 1, b: 2, interactions: 2, fromA: 1, fromB: 1, met: 0 }]);
    expect(deriveCollaborationTies([count('2026-01-05', 1, 2), count('2026-02-02', 2, 1)])).toEqual([]);
  });

  it('keeps a single interaction out, and two in one week in', () => {
    expect(deriveCollaborationTies([count('2026-01-05', 1, 2)])).toEqual([]);
    expect(deriveCollaborationTies([count('2026-01-05', 3, 2, 2)])).toEqual([{ a: 2, b: 3, interactions: 2, fromA: 0, fromB: 2, met: 0 }]);
  });

  it('weights a tie with every interaction of the period, meetings apart from either direction', () => {
    const ties = deriveCollaborationTies([count('2026-01-05', 1, 2, 3), count('2026-03-02', 1, 2, 4), count('2026-03-09', 1, 2, 2, true)]);
    expect(ties).toEqual([{ a: 1, b: 2, interactions: 9, fromA: 7, fromB: 0, met: 2 }]);
  });

  it('takes a stricter rule from its options', () => {
    expect(deriveCollaborationTies([count('2026-01-05', 1, 2, 2)], { windowWeeks: 4, minInteractions: 3 })).toEqual([]);
  });
});

describe('time stamps and weeks', () => {
  it('reads Exchange’s UTC times without a zone, with an offset, and PowerShell’s US form', () => {
    expect(instantOf('2026-03-01T23:30:00.0000000')).toBe(Date.UTC(2026, 2, 1, 23, 30));
    expect(instantOf('2026-03-02T00:30:00+01:00')).toBe(Date.UTC(2026, 2, 1, 23, 30));
    expect(instantOf('3/1/2026 11:30:00 PM')).toBe(Date.UTC(2026, 2, 1, 23, 30));
    expect(instantOf('01.03.2026 23:30')).toBeNull();
  });

  it('places an instant in the Monday of its local week', () => {
    const budapest = weekStartIn('Europe/Budapest');
    const utc = weekStartIn('UTC');
    const sundayNightUtc = Date.UTC(2026, 2, 1, 23, 30);
    expect(utc(sundayNightUtc)).toBe('2026-02-23');
    expect(budapest(sundayNightUtc)).toBe('2026-03-02');
    expect(weekStartIn('America/New_York')(Date.UTC(2026, 2, 2, 3, 0))).toBe('2026-02-23');
  });

  it('normalises addresses as exports write them', () => {
    expect(normalisedAddress('Anna Kiss <Anna.Kiss@Acme.TEST>')).toBe('anna.kiss@acme.test');
    expect(normalisedAddress('MAILTO:bela@acme.test')).toBe('bela@acme.test');
    expect(normalisedAddress('not an address')).toBeNull();
  });
});

describe('calendar times in several zones', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ona-ics-test-'));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it('reads UTC, an IANA TZID, the file’s own VTIMEZONE and a floating time into the right weeks, skipping who declined', async () => {
    const ics = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
      // A zone by a name no IANA database knows, defined in the file only (as Outlook writes Windows names): always +05:00.
      'BEGIN:VTIMEZONE', 'TZID:Fixture Standard Time', 'BEGIN:STANDARD', 'DTSTART:16010101T000000', 'TZOFFSETFROM:+0500', 'TZOFFSETTO:+0500', 'END:STANDARD', 'END:VTIMEZONE',
      // Sunday 23:30 UTC: Monday in Budapest.
      'BEGIN:VEVENT', 'UID:a', 'DTSTART:20260301T233000Z', 'ORGANIZER:mailto:anna@acme.test', 'ATTENDEE;PARTSTAT=ACCEPTED:mailto:bela@acme.test', 'END:VEVENT',
      // Sunday 20:00 in New York is Monday 02:00 in Budapest.
      'BEGIN:VEVENT', 'UID:b', 'DTSTART;TZID=America/New_York:20260308T200000', 'ORGANIZER:mailto:anna@acme.test', 'ATTENDEE:mailto:bela@acme.test', 'END:VEVENT',
      // Monday 03:00 at +05:00 is Sunday 23:00 in Budapest: the week before (read as Budapest time, it would be Monday).
      'BEGIN:VEVENT', 'UID:c', 'DTSTART;TZID=Fixture Standard Time:20260316T030000', 'ORGANIZER:mailto:anna@acme.test', 'ATTENDEE:mailto:bela@acme.test', 'ATTENDEE;PARTSTAT=DECLINED:mailto:cili@acme.test', 'END:VEVENT',
      // Floating: the organisation's own zone.
      'BEGIN:VEVENT', 'UID:d', 'DTSTART:20260323T000500', 'ORGANIZER:mailto:anna@acme.test', 'ATTENDEE:mailto:bela@acme.test', 'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const path = join(folder, 'zones.ics');
    await writeFile(path, ics);
    const resolver = new PartyResolver(collaborationKeyFrom('k'.repeat(32)), new Set(['acme.test']), new Map([['anna@acme.test', 1], ['bela@acme.test', 2], ['cili@acme.test', 3]]));
    const tally = new CollaborationTally('calendar', resolver, weekStartIn('Europe/Budapest'), { maxMailRecipients: 8, maxMeetingSize: 10, oldestWeek: '2026-01-01' });
    await readCalendar(path, tally, { organisationZone: 'Europe/Budapest', until: Date.UTC(2026, 5, 1) });
    const { pairs } = tally.finish();
    expect(pairs.map((p) => [p.weekStart, p.interactions]).sort()).toEqual([['2026-03-02', 1], ['2026-03-09', 2], ['2026-03-23', 1]]);
    expect(pairs.every((p) => p.fromPersonId !== 3 && p.toPersonId !== 3)).toBe(true);
  });
});
