import type { Digraph } from '../graph/digraph.ts';
import { TailExtrapolation } from './power-extrapolation.ts';

export interface PageRankOptions {
  alpha: number;
  tolerance: number;
  maxIterations: number;
}

/**
 * PageRank as NetworkX computes it: uniform teleport, the rank of people who name no one
 * (dangling) spread uniformly, stop when the L1 change is below n·tolerance. With tolerance
 * 1e-12 it agrees with NetworkX and igraph within 1e-10 (graphology's default 1e-6 does not).
 * The geometric tail of the iteration is extrapolated (power-extrapolation.ts); it still stops on a
 * plain step below the tolerance.
 */
export function pagerank(graph: Digraph, options: PageRankOptions): number[] {
  const n = graph.nodeCount;
  if (n === 0) return [];
  const { outOffsets, inOffsets, inSources } = graph;
  let x = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  const share = new Float64Array(n);
  const tail = new TailExtrapolation(n);
  for (let iter = 0; iter < options.maxIterations; iter++) {
    let dangling = 0;
    for (let v = 0; v < n; v++) {
      const out = outOffsets[v + 1]! - outOffsets[v]!;
      if (out === 0) {
        dangling += x[v]!;
        share[v] = 0;
      } else share[v] = x[v]! / out;
    }
    const base = (options.alpha * dangling + (1 - options.alpha)) / n;
    let err = 0;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = inOffsets[v]!, end = inOffsets[v + 1]!; i < end; i++) sum += share[inSources[i]!]!;
      const value = options.alpha * sum + base;
      next[v] = value;
      err += Math.abs(value - x[v]!);
    }
    if (err >= n * options.tolerance && tail.observe(x, next)) scaleToSumOne(next);
    [x, next] = [next, x];
    if (err < n * options.tolerance) break;
  }
  return Array.from(x);
}

function scaleToSumOne(x: Float64Array): void {
  let sum = 0;
  for (let v = 0; v < x.length; v++) sum += x[v]!;
  if (sum > 0) for (let v = 0; v < x.length; v++) x[v]! /= sum;
}
