import type { Digraph } from '../graph/digraph.ts';
import type { IterationOptions } from './eigenvector.ts';
import { scaleToUnitLength } from './eigenvector.ts';
import { TailExtrapolation } from './power-extrapolation.ts';

export interface HitsResult {
  /** Hub scores, summing to 1: people who name good authorities. */
  hubs: number[];
  /** Authority scores, summing to 1: people named by good hubs. */
  authorities: number[];
}

/**
 * Kleinberg's HITS. NetworkX takes the leading right singular vector of A as authorities and
 * h = A·a as hubs, each scaled to sum 1; power iteration on AᵀA reaches the same vector (its
 * geometric tail extrapolated, power-extrapolation.ts; it still stops on a plain step below the
 * tolerance).
 */
export function hits(graph: Digraph, options: IterationOptions): HitsResult {
  const n = graph.nodeCount;
  if (n === 0) return { hubs: [], authorities: [] };
  if (graph.edgeCount === 0) return { hubs: new Array<number>(n).fill(0), authorities: new Array<number>(n).fill(0) };
  const { outOffsets, outTargets, inOffsets, inSources } = graph;
  let a = new Float64Array(n).fill(1 / Math.sqrt(n));
  let nextA = new Float64Array(n);
  const h = new Float64Array(n);
  const tail = new TailExtrapolation(n);
  const multiplyHubs = (auth: Float64Array): void => {
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) sum += auth[outTargets[i]!]!;
      h[v] = sum;
    }
  };
  for (let iter = 0; iter < options.maxIterations; iter++) {
    multiplyHubs(a);
    let norm = 0;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = inOffsets[v]!, end = inOffsets[v + 1]!; i < end; i++) sum += h[inSources[i]!]!;
      nextA[v] = sum;
      norm += sum * sum;
    }
    norm = Math.sqrt(norm) || 1;
    let err = 0;
    for (let v = 0; v < n; v++) {
      nextA[v]! /= norm;
      err += Math.abs(nextA[v]! - a[v]!);
    }
    if (err >= n * options.tolerance && tail.observe(a, nextA)) scaleToUnitLength(nextA);
    [a, nextA] = [nextA, a];
    if (err < n * options.tolerance) break;
  }
  multiplyHubs(a);
  let sumA = 0;
  let sumH = 0;
  for (let v = 0; v < n; v++) {
    sumA += a[v]!;
    sumH += h[v]!;
  }
  return {
    hubs: Array.from(h, (value) => (sumH > 0 ? value / sumH : 0)),
    authorities: Array.from(a, (value) => (sumA > 0 ? value / sumA : 0)),
  };
}
