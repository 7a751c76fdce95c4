import { describe, expect, it } from 'vitest';
import { bridgesBetweenGroups, undirectedNeighbours } from './bridges.ts';

const bridges = (n: number, ties: [number, number][]) => bridgesBetweenGroups(n, undirectedNeighbours(n, ties.map(([a, b]) => ({ a, b })))).sort((x, y) => x[0] - y[0] || x[1] - y[1]);

describe('bridgesBetweenGroups', () => {
  it('finds the one tie between two triangles, whichever way the ties point', () => {
    expect(bridges(6, [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3], [3, 2]])).toEqual([[2, 3]]);
  });

  it('leaves out ties to someone with no other tie, and finds none on a circle', () => {
    // A chain 0 – 1 – 2 – 3: only the middle tie joins two people who both have other ties.
    expect(bridges(4, [[0, 1], [1, 2], [2, 3]])).toEqual([[1, 2]]);
    expect(bridges(5, [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]])).toEqual([]);
    // A tie named both ways is one tie.
    expect(bridges(2, [[0, 1], [1, 0]])).toEqual([]);
  });

  it('handles a chain of 100,000 people without running out of stack', () => {
    const n = 100_000;
    const chain = Array.from({ length: n - 1 }, (_, i) => [i, i + 1] as [number, number]);
    expect(bridges(n, chain)).toHaveLength(n - 3);
  });
});
