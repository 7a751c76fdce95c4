import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../graph/digraph.ts';
import { betweenness } from '../metrics/betweenness.ts';
import { createRng } from '../prng.ts';
import { krackhardtDigraph } from '../testing/krackhardt.ts';
import { betweennessManyParallel, betweennessParallel } from './betweenness-parallel.ts';

const EXACT = { exactMaxNodes: Infinity, pivots: 1, seed: 1 };

function randomDigraph(n: number, ties: number, seed: number) {
  const rng = createRng(seed);
  const sources = Array.from({ length: ties }, () => Math.floor(rng() * n));
  const targets = Array.from({ length: ties }, () => Math.floor(rng() * n));
  return buildDigraph(n, sources, targets);
}

function expectWithin(actual: number[], expected: number[], tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((value, v) => expect(Math.abs(value - expected[v]!), `node ${v}`).toBeLessThanOrEqual(tolerance));
}

describe('exact betweenness split over worker threads', () => {
  it('equals single-thread Brandes on the Krackhardt advice network', async () => {
    const { graph } = krackhardtDigraph('advice');
    const parallel = await betweennessParallel(graph, { workers: 2 });
    const single = betweenness(graph, EXACT);
    expectWithin(parallel.raw, single.raw, 1e-9);
    expectWithin(parallel.normalized, single.normalized, 1e-9);
    expect(parallel.method).toBe('exact');
  });

  it('equals single-thread Brandes bit for bit on a random 500-node graph, whatever the number of workers', async () => {
    const graph = randomDigraph(500, 3000, 7);
    const single = betweenness(graph, EXACT);
    const two = await betweennessParallel(graph, { workers: 2 });
    const three = await betweennessParallel(graph, { workers: 3 });
    expectWithin(two.raw, single.raw, 1e-9);
    expect(two.raw).toEqual(single.raw);
    expect(three.raw).toEqual(single.raw);
  });

  it('gives the same pivot estimates as the single-thread run when several graphs share one pool', async () => {
    const graphs = [randomDigraph(400, 2400, 1), randomDigraph(400, 1600, 2)];
    const sampled = { exactMaxNodes: 100, pivots: 50, seed: 9 };
    const [first, second] = await betweennessManyParallel(
      [
        { graph: graphs[0]!, options: sampled },
        { graph: graphs[1]!, options: EXACT },
      ],
      { workers: 2 },
    );
    expect(first).toEqual(betweenness(graphs[0]!, sampled));
    expect(first!.method).toBe('pivots');
    expect(second).toEqual(betweenness(graphs[1]!, EXACT));
  });

  it('refuses a worker count that is not a positive integer', async () => {
    const { graph } = krackhardtDigraph('advice');
    await expect(betweennessParallel(graph, { workers: 0 })).rejects.toThrow(/positive integer/);
  });
});
