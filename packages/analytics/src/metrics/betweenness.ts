import type { Digraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';
import type { Rng } from '../prng.ts';
import { accumulateDependencies, allSources, chunkBounds, createBrandesScratch, exactChunkCount, pivotChunkCount } from './brandes-kernel.ts';
import type { OutRows } from './brandes-kernel.ts';

export interface BetweennessOptions {
  /** Exact Brandes up to this many nodes; above it, pivot sampling. */
  exactMaxNodes: number;
  /** Number of source pivots when sampling. */
  pivots: number;
  seed: number;
  /**
   * Stratum of each node (its unit). Pivots are then spread over the strata in proportion to
   * their size, which lowers the variance of the estimate where betweenness follows the units.
   */
  strata?: ArrayLike<number>;
}

export interface BetweennessResult {
  /** Directed betweenness, raw (ordered pairs, as NetworkX and igraph count it for digraphs). */
  raw: number[];
  /** raw / ((n−1)(n−2)). */
  normalized: number[];
  method: 'exact' | 'pivots';
  /** Sources used: n when exact. */
  sources: number;
}

/**
 * Brandes (2001) for unweighted digraphs on CSR arrays. With pivot sampling the dependencies of k
 * sources are scaled by E/k (Brandes & Pich 2007), where E counts the people who name anyone: a
 * source without out-ties has no dependencies, so leaving those out keeps the estimate unbiased
 * and spends every pivot on a source that contributes.
 */
export function betweenness(graph: Digraph, options: BetweennessOptions): BetweennessResult {
  const plan = planBetweenness(graph, options);
  if (plan.method === 'exact') return betweennessFromSums(exactDependencySums(graph), 'exact', graph.nodeCount);
  return pivotResult(chunkedDependencySums(graph, plan.sources, pivotChunkCount(plan.sources.length)), plan);
}

/** Which sources a betweenness run uses: all of them, or seeded stratified pivots with their scale. */
export type BetweennessPlan = { method: 'exact' } | { method: 'pivots'; sources: Int32Array; scale: number };

export function planBetweenness(graph: Digraph, options: BetweennessOptions): BetweennessPlan {
  const n = graph.nodeCount;
  if (n <= options.exactMaxNodes || options.pivots >= n) return { method: 'exact' };
  const eligible = nodesWithOutTies(graph);
  if (options.pivots >= eligible.length) return { method: 'exact' };
  const sources = stratifiedPivots(eligible, options.pivots, createRng(options.seed), options.strata);
  return { method: 'pivots', sources, scale: eligible.length / sources.length };
}

/** Scales sampled dependency sums (in place) into the estimate. */
export function pivotResult(sums: Float64Array, plan: { sources: Int32Array; scale: number }): BetweennessResult {
  for (let v = 0; v < sums.length; v++) sums[v]! *= plan.scale;
  return betweennessFromSums(sums, 'pivots', plan.sources.length);
}

/** Exact dependency sums over every source, chunked as the parallel version does (see exactChunkCount). */
export function exactDependencySums(graph: OutRows): Float64Array {
  return chunkedDependencySums(graph, allSources(graph.nodeCount), exactChunkCount(graph.nodeCount));
}

/** Dependency sums of the sources in `chunks` contiguous parts, each summed from zero, added in chunk order. */
export function chunkedDependencySums(graph: OutRows, sources: Int32Array, chunks: number): Float64Array {
  const n = graph.nodeCount;
  const scratch = createBrandesScratch(n);
  const partial = new Float64Array(n);
  const total = new Float64Array(n);
  for (let c = 0; c < chunks; c++) {
    const [start, end] = chunkBounds(sources.length, chunks, c);
    partial.fill(0);
    accumulateDependencies(graph, sources, start, end, partial, scratch);
    for (let v = 0; v < n; v++) total[v]! += partial[v]!;
  }
  return total;
}

export function betweennessFromSums(sums: Float64Array, method: BetweennessResult['method'], sources: number): BetweennessResult {
  const n = sums.length;
  const norm = n > 2 ? 1 / ((n - 1) * (n - 2)) : 0;
  const raw = Array.from(sums);
  return { raw, normalized: raw.map((value) => value * norm), method, sources };
}

function nodesWithOutTies(graph: Digraph): Int32Array {
  const eligible: number[] = [];
  for (let v = 0; v < graph.nodeCount; v++) if (graph.outOffsets[v + 1]! > graph.outOffsets[v]!) eligible.push(v);
  return Int32Array.from(eligible);
}

/**
 * k of the eligible nodes by systematic sampling over a list ordered by stratum and, inside a
 * stratum, by a seeded random key: every node is drawn with probability k/E (so the n/k scaling
 * stays unbiased) and every stratum gets its proportional share of pivots, give or take one.
 */
export function stratifiedPivots(eligible: Int32Array, k: number, rng: Rng, strata?: ArrayLike<number>): Int32Array {
  const count = eligible.length;
  const key = new Float64Array(count);
  for (let i = 0; i < count; i++) key[i] = rng();
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => (strata ? strata[eligible[a]!]! - strata[eligible[b]!]! : 0) || key[a]! - key[b]! || a - b);
  const step = count / k;
  const offset = rng() * step;
  const picked = new Int32Array(k);
  for (let i = 0; i < k; i++) picked[i] = eligible[order[Math.min(count - 1, Math.floor(offset + i * step))]!]!;
  return picked.sort();
}
