import { describe, expect, it } from 'vitest';
import { findCycles } from './chain-cycles.ts';

describe('findCycles', () => {
  it('finds no cycle in a tree', () => {
    expect(findCycles(new Map([['ceo', null], ['a', 'ceo'], ['b', 'a']]))).toEqual([]);
  });

  it('reports each cycle once with its members, not the chains that lead into it', () => {
    const cycles = findCycles(new Map<string, string | null>([['x', 'a'], ['a', 'b'], ['b', 'c'], ['c', 'a'], ['self', 'self']]));
    expect(cycles).toHaveLength(2);
    expect(cycles.map((c) => [...c].sort())).toContainEqual(['a', 'b', 'c']);
    expect(cycles).toContainEqual(['self']);
  });
});
