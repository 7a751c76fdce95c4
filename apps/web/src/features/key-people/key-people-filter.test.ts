import { describe, expect, it } from 'vitest';
import { unitOptions } from './key-people-filter.ts';

// Company (1) › Sales (2) › Sales Team North (3); Company › Finance (4).
const units = [
  { id: 1, name: 'Company', parent: null },
  { id: 2, name: 'Sales', parent: 1 },
  { id: 3, name: 'Sales Team North', parent: 2 },
  { id: 4, name: 'Finance', parent: 1 },
];

describe('the unit picker options', () => {
  it('lists units depth first with their depth, so sub-units follow their parent', () => {
    expect(unitOptions(units).map((unit) => [unit.name, unit.depth])).toEqual([
      ['Company', 0],
      ['Sales', 1],
      ['Sales Team North', 2],
      ['Finance', 1],
    ]);
  });

  it('treats a unit whose parent is missing as a root', () => {
    expect(unitOptions([{ id: 7, name: 'Orphan', parent: 99 }]).map((unit) => unit.depth)).toEqual([0]);
  });
});
