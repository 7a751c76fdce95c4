import { describe, expect, it } from 'vitest';
import { flattenUnits, subtreeUnitIds, unitNames } from './unit-options.ts';

const tree = [
  { id: 1, name: 'Company', subunits: [
    { id: 2, name: 'Sales', subunits: [{ id: 4, name: 'Sales East', subunits: [] }] },
    { id: 3, name: 'IT', subunits: [] },
  ] },
];

describe('unit options', () => {
  it('flattens depth first with depth and path', () => {
    expect(flattenUnits(tree).map((unit) => [unit.id, unit.depth, unit.path])).toEqual([
      [1, 0, 'Company'],
      [2, 1, 'Company › Sales'],
      [4, 2, 'Company › Sales › Sales East'],
      [3, 1, 'Company › IT'],
    ]);
  });

  it('finds a unit with everything below it', () => {
    expect([...(subtreeUnitIds(tree, 2) ?? [])]).toEqual([2, 4]);
    expect(subtreeUnitIds(tree, 99)).toBeNull();
  });

  it('maps ids to names', () => {
    expect(unitNames(tree).get(4)).toBe('Sales East');
  });
});
