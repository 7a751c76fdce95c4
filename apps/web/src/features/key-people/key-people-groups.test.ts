import { describe, expect, it } from 'vitest';
import { asValuesQuery } from './as-values-query.ts';
import { paramsOf, selectionFromParams, showsValues } from './key-people-groups.ts';

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
