import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_RETENTION_FILTERS } from './retention-filters.ts';

describe('retention filters', () => {
  it('hide level 0 by default (spec §4)', () => {
    expect(DEFAULT_RETENTION_FILTERS.riskLevels).toEqual([1, 2, 3, 4]);
  });

  it('count the filters that differ from the defaults', () => {
    expect(activeFilterCount(DEFAULT_RETENTION_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_RETENTION_FILTERS, riskLevels: [4, 3, 2, 1] })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_RETENTION_FILTERS, riskLevels: [3, 4], generations: ['x'], search: 'a' })).toBe(3);
  });
});
