import { describe, expect, it } from 'vitest';
import { monthsBetween, organisationalAge } from './organisational-age.ts';

const today = new Date(2026, 10, 25); // 25 November 2026, local time

describe('organisational age', () => {
  it('counts a month only once its day of month is reached', () => {
    expect(monthsBetween('2026-10-25', today)).toBe(1);
    expect(monthsBetween('2026-10-26', today)).toBe(0);
    expect(monthsBetween('2025-11-25', today)).toBe(12);
  });

  it('puts someone who joined within the last month in "now", also a hire dated in the future', () => {
    expect(organisationalAge('2026-11-01', today)).toBe('now');
    expect(organisationalAge('2026-12-15', today)).toBe('now');
  });

  it('puts one to eleven whole months in "months" and a year or more in "years"', () => {
    expect(organisationalAge('2026-10-25', today)).toBe('months');
    expect(organisationalAge('2025-11-26', today)).toBe('months');
    expect(organisationalAge('2025-11-25', today)).toBe('years');
    expect(organisationalAge('1998-03-01', today)).toBe('years');
  });

  it('has no bucket for a missing or unreadable date', () => {
    expect(organisationalAge(null, today)).toBeNull();
    expect(organisationalAge('last spring', today)).toBeNull();
  });
});
