import { describe, expect, it } from 'vitest';
import { fromLocalTime, isTimeZone, toLocalTime } from './local-time.ts';

const BUDAPEST = 'Europe/Budapest';

describe('local times in Europe/Budapest', () => {
  it('turns a winter and a summer time into UTC with the offset of that day', () => {
    expect(fromLocalTime('2027-01-15T09:00', BUDAPEST)).toEqual({ kind: 'ok', instant: new Date('2027-01-15T08:00:00Z') });
    expect(fromLocalTime('2027-07-15T09:00', BUDAPEST)).toEqual({ kind: 'ok', instant: new Date('2027-07-15T07:00:00Z') });
    expect(toLocalTime(new Date('2027-07-15T07:00:00Z'), BUDAPEST)).toBe('2027-07-15T09:00');
  });

  it('refuses the hour the clocks skip on the last Sunday of March', () => {
    expect(fromLocalTime('2027-03-28T02:30', BUDAPEST)).toEqual({ kind: 'nonexistent' });
    expect(fromLocalTime('2027-03-28T03:00', BUDAPEST)).toEqual({ kind: 'ok', instant: new Date('2027-03-28T01:00:00Z') });
  });

  it('finds both moments of the hour the clocks repeat on the last Sunday of October', () => {
    expect(fromLocalTime('2027-10-31T02:30', BUDAPEST)).toEqual({ kind: 'ambiguous', instants: [new Date('2027-10-31T00:30:00Z'), new Date('2027-10-31T01:30:00Z')] });
    expect(fromLocalTime('2027-10-31T03:30', BUDAPEST)).toEqual({ kind: 'ok', instant: new Date('2027-10-31T02:30:00Z') });
  });

  it('knows a time zone from a misspelt one', () => {
    expect(isTimeZone('Europe/Budapest')).toBe(true);
    expect(isTimeZone('Europe/Budapesth')).toBe(false);
  });
});
