import { describe, expect, it } from 'vitest';
import { asValuesQuery } from './as-values-query.ts';
import { groupMembers, paramsOf, selectionFromParams, showsValues } from './key-people-groups.ts';

describe('the key people address', () => {
  it('reads the view and the groups under the API names, ignoring what is not an id', () => {
    const params = new URLSearchParams('view=values&su=4&su=2&sun=7&tu=x&tu=9&tun=-1&tun=3');
    expect(showsValues(params)).toBe(true);
    expect(selectionFromParams(params)).toEqual({ sourceUsers: [4, 2], sourceUnits: [7], targetUsers: [9], targetUnits: [3] });
    expect(showsValues(new URLSearchParams(''))).toBe(false);
  });

  it('writes what the sidebar applied, so reading it back gives the same query', () => {
    const query = asValuesQuery({ sourceUsers: [4, 2], sourceUnits: [], targetUsers: [], targetUnits: [3, 1] });
    const params = paramsOf(true, query);
    expect(params.toString()).toBe('view=values&su=2&su=4&tun=1&tun=3');
    expect(asValuesQuery(selectionFromParams(params))).toEqual(query);
    expect(paramsOf(false, asValuesQuery(selectionFromParams(new URLSearchParams())))).toEqual(new URLSearchParams());
  });
});

describe('groupMembers', () => {
  const units = [
    { id: 1, parent: null },
    { id: 2, parent: 1 },
    { id: 3, parent: 2 },
    { id: 4, parent: 1 },
  ];
  const people = [
    { employeeId: 10, unitId: 1 },
    { employeeId: 11, unitId: 2 },
    { employeeId: 12, unitId: 3 },
    { employeeId: 13, unitId: 4 },
    { employeeId: 14, unitId: null },
  ];

  it('is everyone (null) when nothing is chosen', () => {
    expect(groupMembers(people, units, [], [])).toBeNull();
  });

  it('takes a unit with every unit below it, and adds the chosen employees', () => {
    expect(groupMembers(people, units, [], [2])).toEqual(new Set([11, 12]));
    expect(groupMembers(people, units, [14], [2])).toEqual(new Set([11, 12, 14]));
  });

  it('leaves out a chosen employee the reader does not see', () => {
    expect(groupMembers(people, units, [99, 13], [])).toEqual(new Set([13]));
  });
});
