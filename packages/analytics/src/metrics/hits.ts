import type { Digraph } from '../graph/digraph.ts';
import type { IterationOptions } from './eigenvector.ts';
import { scaleToUnitLength } from './eigenvector.ts';
import { lanczosLeading } from './lanczos.ts';
import type { LanczosOptions, LanczosWorkspace } from './lanczos.ts';
import { TailExtrapolation } from './power-extrapolation.ts';

/**
 * Plain steps before the Lanczos start: a network whose iteration settles by then (the reference
 * networks, most small ones) is computed exactly as before, bit for bit.
 */
const PLAIN_STEPS_BEFORE_LANCZOS = 16;
/** 1e-11 of θ: a plain step from there moves the vector far less than the tolerance's n·1e-12 in L1. */
const LANCZOS: LanczosOptions = { maxSteps: 64, relativeResidual: 1e-11 };

export interface HitsResult {
  /** Hub scores, summing to 1: people who name good authorities. */
  hubs: number[];
  /** Authority scores, summing to 1: people named by good hubs. */
  authorities: number[];
}

/**
 * Kleinberg's HITS. NetworkX takes the leading right singular vector of A as authorities and
 * h = A·a as hubs, each scaled to sum 1; power iteration on AᵀA reaches the same vector (its
 * geometric tail extrapolated, power-extrapolation.ts). An iteration not done after
 * PLAIN_STEPS_BEFORE_LANCZOS steps restarts from the Lanczos estimate of that vector (lanczos.ts):
 * at 100,000 people 150–250 steps a network became ~60 applications of AᵀA. Either way it stops
 * only on a plain step below the tolerance.
 */
export function hits(graph: Digraph, options: IterationOptions, workspace?: LanczosWorkspace): HitsResult {
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
  /** AᵀA·x into `out` (through `h`), the operator whose leading eigenvector the authorities are. */
  const multiplyAuthorities = (auth: Float64Array, out: Float64Array): number => {
    multiplyHubs(auth);
    let norm = 0;
    for (let v = 0; v < n; v++) {
      let sum = 0;
      for (let i = inOffsets[v]!, end = inOffsets[v + 1]!; i < end; i++) sum += h[inSources[i]!]!;
      out[v] = sum;
      norm += sum * sum;
    }
    return norm;
  };
  for (let iter = 0; iter < options.maxIterations; iter++) {
    if (iter === PLAIN_STEPS_BEFORE_LANCZOS) {
      // Still far from the tolerance: a Lanczos start from here (lanczos.ts); the plain steps below certify it.
      const start = lanczosLeading(n, multiplyAuthorities, a, LANCZOS, workspace);
      if (start) {
        // Rounding may leave tiny negative entries where the vector is zero; authorities are not negative.
        for (let v = 0; v < n; v++) a[v] = Math.max(0, start[v]!);
        scaleToUnitLength(a);
        tail.forget();
      }
    }
    let norm = multiplyAuthorities(a, nextA);
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
