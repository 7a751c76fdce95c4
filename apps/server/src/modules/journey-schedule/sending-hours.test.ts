import { describe, expect, it } from 'vitest';
import { instantAtOrAfter, nextAllowedInstant } from './sending-hours.ts';

const weekdays = { start: '08:00', end: '18:00', weekends: false };
const next = (utc: string, zone = 'Europe/Budapest', hours = weekdays) => nextAllowedInstant(new Date(utc), zone, hours).toISOString();

describe('the next allowed sending time', () => {
  it('is the moment itself within the hours, else the start of the hours that day or the next working day', () => {
    // Wednesday 10:00 in Budapest (winter time).
    expect(next('2027-03-24T09:00:00Z')).toBe('2027-03-24T09:00:00.000Z');
    // Wednesday 06:00 → 08:00 the same day.
    expect(next('2027-03-24T05:00:00Z')).toBe('2027-03-24T07:00:00.000Z');
    // Wednesday 18:00 is already outside (until, exclusive) → Thursday 08:00.
    expect(next('2027-03-24T17:00:00Z')).toBe('2027-03-25T07:00:00.000Z');
  });

  it('skips the weekend and reads Monday’s 08:00 in summer time after the clocks changed on Sunday', () => {
    // Saturday 27 March 2027, 10:00 CET → Monday 29 March 08:00 CEST.
    expect(next('2027-03-27T09:00:00Z')).toBe('2027-03-29T06:00:00.000Z');
    // Friday 30 October 2027, 19:00 CEST → Monday 1 November 08:00 CET.
    expect(next('2027-10-29T17:00:00Z')).toBe('2027-11-01T07:00:00.000Z');
    // With weekends allowed, Saturday is a sending day.
    expect(next('2027-03-27T09:00:00Z', 'Europe/Budapest', { ...weekdays, weekends: true })).toBe('2027-03-27T09:00:00.000Z');
  });

  it('uses the person’s own zone: 08:00 in Budapest is night in New York', () => {
    expect(next('2027-03-29T06:00:00Z', 'America/New_York')).toBe('2027-03-29T12:00:00.000Z');
  });

  it('lands after the gap for an hour the clocks skip and on the first of an hour they repeat', () => {
    expect(instantAtOrAfter('2027-03-28T02:30', 'Europe/Budapest').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(instantAtOrAfter('2027-10-31T02:30', 'Europe/Budapest').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    // Sending hours starting at 02:30 on the night summer time begins, weekends allowed.
    expect(next('2027-03-27T23:00:00Z', 'Europe/Budapest', { start: '02:30', end: '18:00', weekends: true })).toBe('2027-03-28T01:30:00.000Z');
  });
});
