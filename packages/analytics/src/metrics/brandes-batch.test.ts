import { describe, expect, it } from 'vitest';
import { buildDigraph } from '../graph/digraph.ts';
import type { Digraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';
import { accumulateBatch, createBatchScratch } from './brandes-batch.ts';
import { accumulateDependencies, accumulateOneByOne, allSources, createBrandesScratch } from './brandes-kernel.ts';
import { addHarmonicDistances } from './closeness.ts';

function randomDigraph(n: number, ties: number, seed: number): Digraph {
  const rng = createRng(seed);
  const sources = Array.from({ length: ties }, () => Math.floor(rng() * n));
  const targets = Array.from({ length: ties }, () => Math.floor(rng() * n));
  return buildDigraph(n, sources, targets);
}

/** Layers of `width` people, everyone tied to everyone of the next layer: width^layers shortest paths end to end. */
function layered(width: number, layers: number): Digraph {
  const sources: number[] = [];
  const targets: number[] = [];
  for (let layer = 0; layer + 1 < layers; layer++) {
    for (let a = 0; a < width; a++) for (let b = 0; b < width; b++) {
      sources.push(layer * width + a);
      targets.push((layer + 1) * width + b);
    }
  }
  return buildDigraph(width * layers, sources, targets);
}

function oneByOne(graph: Digraph, sources: Int32Array): Float64Array {
  const sums = new Float64Array(graph.nodeCount);
  accumulateOneByOne(graph, sources, 0, sources.length, sums, createBrandesScratch(graph.nodeCount));
  return sums;
}

function batched(graph: Digraph, sources: Int32Array, from = 0): Float64Array {
  const sums = new Float64Array(graph.nodeCount);
  accumulateDependencies(graph, sources, from, sources.length, sums, createBrandesScratch(graph.nodeCount));
  return sums;
}

describe('Brandes passes of 32 sources at once', () => {
  it('give the one-source-at-a-time sums bit for bit on random graphs, every source or a few, repeated ones too', () => {
    for (const [n, ties, seed] of [[300, 2400, 1], [500, 1200, 2], [97, 900, 3]] as const) {
      const graph = randomDigraph(n, ties, seed);
      const all = allSources(n);
      expect(batched(graph, all)).toEqual(oneByOne(graph, all));
      const some = Int32Array.from([5, 5, 17, 40, 41, 90, 3, 3, 3]);
      expect(batched(graph, some)).toEqual(oneByOne(graph, some));
      // A start inside a batch: the partial batches are the same arithmetic too.
      expect(batched(graph, all, 7)).toEqual(oneByOne(graph, all.subarray(7)));
    }
  });

  it('give the same sums where one person has more ties than a block of updates holds', () => {
    // Person 0 names all 299 others and each of them names a few: 32 sources × 299 ties overflow the block.
    const sources: number[] = [];
    const targets: number[] = [];
    for (let v = 1; v < 300; v++) {
      sources.push(0, v, v);
      targets.push(v, (v * 7) % 300, (v * 13 + 1) % 300);
    }
    const graph = buildDigraph(300, sources, targets);
    const all = allSources(300);
    const sums = batched(graph, all);
    expect(sums).toEqual(oneByOne(graph, all));
    expect(sums[0]).toBeGreaterThan(0);
  });

  it('give the same sums where a batch makes more updates than its trail keeps (the backward walk reads the ties again)', () => {
    const graph = randomDigraph(300, 2400, 5);
    const all = allSources(300);
    const sums = new Float64Array(300);
    // 500 places: the first levels fit, a later one does not.
    const scratch = createBatchScratch(300, 500);
    for (let start = 0; start < 300; start += 32) expect(accumulateBatch(graph, all, start, Math.min(32, 300 - start), sums, scratch)).toBe(true);
    expect(sums).toEqual(oneByOne(graph, all));
    expect(scratch.trail.length).toBeLessThanOrEqual(500);
  });

  it('fall back to one pass per source where path counts pass 2^53, with the same sums', () => {
    // 9 wide, 19 layers: 9^18 ≈ 1.5·10^17 shortest paths from the first layer to the last.
    const graph = layered(9, 19);
    const all = allSources(graph.nodeCount);
    const sums = batched(graph, all);
    expect(sums).toEqual(oneByOne(graph, all));
    expect(sums.some((value) => value > 0)).toBe(true);
  });
});

describe('harmonic closeness from 32 sources at once', () => {
  it('gives the sums of one breadth-first search per source, bit for bit', () => {
    const graph = randomDigraph(400, 2000, 4);
    const sources = Int32Array.from({ length: 70 }, (_, i) => (i * 37) % 400);
    const batchedSums = new Float64Array(400);
    addHarmonicDistances(graph, sources, 0, sources.length, batchedSums);
    const single = new Float64Array(400);
    for (let i = 0; i < sources.length; i++) addHarmonicDistances(graph, sources, i, i + 1, single);
    // One source per call is a batch of one: a plain breadth-first search.
    expect(batchedSums).toEqual(single);
    expect(batchedSums.some((value) => value > 0)).toBe(true);
  });
});
