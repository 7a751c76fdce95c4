import { describe, expect, it } from 'vitest';
import { nextServerSort, sortOf } from './list-state.ts';

describe('the server sort of a paged list', () => {
  it('reads a leading minus as descending', () => {
    expect(sortOf('name')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortOf('-team_size')).toEqual({ key: 'team_size', direction: 'desc' });
  });

  it('turns the sorted column, and starts another ascending for text and descending for counts', () => {
    expect(nextServerSort<'name' | 'unit' | 'team_size'>('name', 'name', false)).toBe('-name');
    expect(nextServerSort<'name' | 'unit' | 'team_size'>('-name', 'name', false)).toBe('name');
    expect(nextServerSort<'name' | 'unit' | 'team_size'>('-name', 'unit', false)).toBe('unit');
    expect(nextServerSort<'name' | 'unit' | 'team_size'>('name', 'team_size', true)).toBe('-team_size');
    expect(nextServerSort<'name' | 'unit' | 'team_size'>('-team_size', 'team_size', true)).toBe('team_size');
  });
});
