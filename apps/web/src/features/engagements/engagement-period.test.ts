import { describe, expect, it } from 'vitest';
import { engagementPeriod, localToday } from './engagement-period.ts';

describe('engagementPeriod', () => {
  it('is open on both boundary days', () => {
    expect(engagementPeriod('2025-01-01', '2025-01-31', '2025-01-01')).toBe('open');
    expect(engagementPeriod('2025-01-01', '2025-01-31', '2025-01-31')).toBe('open');
  });

  it('is upcoming before and closed after the window', () => {
    expect(engagementPeriod('2025-01-01', '2025-01-31', '2024-12-31')).toBe('upcoming');
    expect(engagementPeriod('2025-01-01', '2025-01-31', '2025-02-01')).toBe('closed');
  });
});

describe('localToday', () => {
  it('writes the local calendar day', () => {
    expect(localToday(new Date(2025, 2, 9, 23, 30))).toBe('2025-03-09');
  });
});
