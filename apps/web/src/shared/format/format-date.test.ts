import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format-date.ts';

describe('formatDate', () => {
  it('keeps the calendar day of a plain API date', () => {
    expect(formatDate('2025-03-01', 'en')).toBe('Mar 1, 2025');
  });

  it('follows the language', () => {
    expect(formatDate('2025-03-01', 'hu')).toMatch(/^2025\. márc\. 1\.$/);
    expect(formatDate('2025-03-01', 'de')).toBe('1. März 2025');
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatNumber', () => {
  it('groups thousands the local way', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });
});
