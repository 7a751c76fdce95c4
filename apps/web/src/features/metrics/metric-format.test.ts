import { describe, expect, it } from 'vitest';
import { formatMetric } from './metric-format.ts';

describe('formatMetric', () => {
  it('writes shares as percentages, small scores with four places and counts whole, in the reader’s locale', () => {
    expect(formatMetric(0.674, 'percent', 'en')).toBe('67.4%');
    expect(formatMetric(0.674, 'percent', 'de')).toBe('67,4\u00a0%');
    expect(formatMetric(0.016, 'decimal', 'en')).toBe('0.0160');
    expect(formatMetric(33778.61, 'decimal', 'en')).toBe('33,778.61');
    expect(formatMetric(177, 'integer', 'hu')).toBe('177');
    expect(formatMetric(null, 'decimal', 'en')).toBe('–');
  });

  it('keeps two significant digits of a share under a tenth of a percent, so a large network’s density does not read 0 %', () => {
    expect(formatMetric(0.000117, 'percent', 'en')).toBe('0.012%');
    expect(formatMetric(0.000117, 'percent', 'hu')).toBe('0,012%');
    expect(formatMetric(0.0012, 'percent', 'en')).toBe('0.1%');
    expect(formatMetric(0, 'percent', 'en')).toBe('0%');
  });
});
