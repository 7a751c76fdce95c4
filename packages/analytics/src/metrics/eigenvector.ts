import type { Digraph } from '../graph/digraph.ts';
import { TailExtrapolation } from './power-extrapolation.ts';

export interface IterationOptions {
  tolerance: number;
  maxIterations: number;
}

export interface EigenvectorResult {
  /** Scaled to Euclidean norm 1. */
  l2: number[];
  /** Scaled so that the largest value is 1. */
  max1: number[];
}

/** True when the graph has no directed cycle (Kahn's algorithm). */
export function isAcyclic(graph: Digraph): boolean {
  const n = graph.nodeCount;
  const remaining = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) {
    remaining[v] = graph.inOffsets[v + 1]! - graph.inOffsets[v]!;
    if (remaining[v] === 0) queue[tail++] = v;
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const w = graph.outTargets[i]!;
      if (--remaining[w]! === 0) queue[tail++] = w;
    }
  }
  return tail === n;
}

/**
 * Eigenvector centrality from in-neighbours (being named by well-named people), computed as
 * NetworkX does: power iteration on Aᵀ + I from a uniform start. On an acyclic relation (a
 * reporting tree) the leading eigenvalue is 0 and the measure has no meaning, so the result is
 * null instead of an exception. The iteration's geometric tail is extrapolated
 * (power-extrapolation.ts); it still stops on a plain step below the tolerance.
 */
export function eigenvectorCentrality(graph: Digraph, options: IterationOptions): EigenvectorResult | null {
  const n = graph.nodeCount;
  if (n === 0 || graph.edgeCount === 0 || isAcyclic(graph)) return null;
  const { inOffsets, inSources } = graph;
  let x = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  const tail = new TailExtrapolation(n);
  for (let iter = 0; iter < options.maxIterations; iter++) {
    let norm = 0;
    for (let v = 0; v < n; v++) {
      let sum = x[v]!;
      for (let i = inOffsets[v]!, end = inOffsets[v + 1]!; i < end; i++) sum += x[inSources[i]!]!;
      next[v] = sum;
      norm += sum * sum;
    }
    norm = Math.sqrt(norm) || 1;
    let err = 0;
    for (let v = 0; v < n; v++) {
      next[v]! /= norm;
      err += Math.abs(next[v]! - x[v]!);
    }
    if (err >= n * options.tolerance && tail.observe(x, next)) scaleToUnitLength(next);
    [x, next] = [next, x];
    if (err < n * options.tolerance) break;
  }
  let max = 0;
  for (let v = 0; v < n; v++) if (x[v]! > max) max = x[v]!;
  const l2 = Array.from(x);
  return { l2, max1: l2.map((value) => (max > 0 ? value / max : 0)) };
}

/** Scales a vector to Euclidean norm 1 (left alone when it is all zero). */
export function scaleToUnitLength(x: Float64Array): void {
  let norm = 0;
  for (let v = 0; v < x.length; v++) norm += x[v]! * x[v]!;
  norm = Math.sqrt(norm) || 1;
  for (let v = 0; v < x.length; v++) x[v]! /= norm;
}
