import { describe, expect, it } from 'vitest';
import { foldText, indexColleagues, searchColleagues, toggleSelection } from './colleague-search.ts';

const colleagues = [
  { id: 1, name: 'Kovács Éva', unitId: 10 },
  { id: 2, name: 'Nagy Péter', unitId: 10 },
  { id: 3, name: 'Szabó Ákos', unitId: 20 },
  { id: 4, name: 'Evans  Kovac', unitId: 20 },
];
const index = indexColleagues(colleagues);
const ids = (result: { colleagues: { id: number }[] }) => result.colleagues.map((colleague) => colleague.id);

describe('foldText', () => {
  it('drops accents, case and repeated spaces', () => {
    expect(foldText('  ÁRVÍZTŰRŐ   Tükörfúrógép ')).toBe('arvizturo tukorfurogep');
  });
});

describe('searchColleagues', () => {
  it('lists everyone without a term or unit', () => {
    expect(ids(searchColleagues(index, { query: '', unitIds: null }))).toEqual([1, 2, 3, 4]);
  });

  it('ignores a term shorter than three characters and says so', () => {
    const result = searchColleagues(index, { query: 'ko', unitIds: null });
    expect(result.tooShort).toBe(true);
    expect(result.noMatch).toBe(false);
    expect(ids(result)).toEqual([1, 2, 3, 4]);
  });

  it('finds names regardless of accents and case, anywhere in the name', () => {
    expect(ids(searchColleagues(index, { query: 'KOVAC', unitIds: null }))).toEqual([1, 4]);
    expect(ids(searchColleagues(index, { query: 'éva', unitIds: null }))).toEqual([1, 4]);
    expect(ids(searchColleagues(index, { query: 'ans kov', unitIds: null }))).toEqual([4]);
  });

  it('combines the term with the unit filter', () => {
    expect(ids(searchColleagues(index, { query: 'kov', unitIds: new Set([20]) }))).toEqual([4]);
    expect(ids(searchColleagues(index, { query: '', unitIds: new Set([10]) }))).toEqual([1, 2]);
  });

  it('reports no match only for a full-length term', () => {
    expect(searchColleagues(index, { query: 'xyz', unitIds: null })).toEqual({ colleagues: [], tooShort: false, noMatch: true });
  });

  // Speed belongs to benchmarks, not to a timed assertion that fails on a busy machine.
  it('finds every match of one unit among 10,000 colleagues, accents folded', () => {
    const many = indexColleagues(Array.from({ length: 10_000 }, (_, id) => ({ id, name: `Colleague ${id} Példa`, unitId: id % 40 })));
    const result = searchColleagues(many, { query: 'pelda', unitIds: new Set([7]) });
    expect(result.colleagues).toHaveLength(250);
    expect(result.colleagues.every((colleague) => colleague.id % 40 === 7)).toBe(true);
  });
});

describe('toggleSelection', () => {
  it('appends a new colleague and removes a chosen one', () => {
    expect(toggleSelection([3, 1], 2)).toEqual([3, 1, 2]);
    expect(toggleSelection([3, 1, 2], 1)).toEqual([3, 2]);
  });
});
