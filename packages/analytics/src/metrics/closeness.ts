import type { Digraph } from '../graph/digraph.ts';
import { createRng } from '../prng.ts';
import { chunkBounds, pivotChunkCount } from './brandes-kernel.ts';

export interface ClosenessOptions {
  /** Every person is a source up to this many people; above it `pivots` sampled sources. */
  exactMaxNodes: number;
  pivots: number;
  seed: number;
}

export interface ClosenessResult {
  /** Σ_{v≠u} 1/d(v,u) (NetworkX's harmonic_centrality on a DiGraph: distances towards u). */
  raw: number[];
  /** raw / (n − 1), between 0 and 1. */
  normalized: number[];
  method: 'exact' | 'pivots';
}

/**
 * Harmonic closeness (Marchiori & Latora 2000; Boldi & Vigna 2014): how near everyone else is to
 * a person along the ties, unreachable pairs adding 0, so it needs no connected graph. Distances
 * run along the nominations towards u, as NetworkX reads a DiGraph. One breadth-first search per
 * source; above `exactMaxNodes` a seeded sample of sources, scaled by n / sources (each source
 * is drawn with probability sources / n, so the estimate is unbiased, like pivot betweenness).
 */
export function harmonicCloseness(graph: Digraph, options: ClosenessOptions): ClosenessResult {
  const plan = planCloseness(graph.nodeCount, options);
  const raw = new Float64Array(graph.nodeCount);
  if (plan.exact) addHarmonicDistances(graph, plan.sources, 0, plan.sources.length, raw);
  else {
    // Pivots in chunks, each summed from zero and added in chunk order, as the worker pool sums them.
    const chunks = pivotChunkCount(plan.sources.length);
    const partial = new Float64Array(graph.nodeCount);
    for (let c = 0; c < chunks; c++) {
      const [from, to] = chunkBounds(plan.sources.length, chunks, c);
      partial.fill(0);
      addHarmonicDistances(graph, plan.sources, from, to, partial);
      for (let v = 0; v < raw.length; v++) raw[v]! += partial[v]!;
    }
  }
  return closenessFromSums(raw, plan);
}

/** Every node a source (exact), or the seeded pivots. */
export interface ClosenessPlan {
  exact: boolean;
  sources: Int32Array;
}

export function planCloseness(n: number, options: ClosenessOptions): ClosenessPlan {
  const exact = n <= options.exactMaxNodes || options.pivots >= n;
  return { exact, sources: exact ? Int32Array.from({ length: n }, (_, v) => v) : Int32Array.from(sampleSources(n, options.pivots, options.seed)) };
}

/** Sources searched at once, one bit each of a 32-bit word (see addHarmonicDistances). */
const BATCH = 32;

/**
 * Adds Σ 1/d(s, u) over the sources sources[from..to) to `into`: breadth-first searches from 32
 * sources at once (Then et al. 2014, "The more the merrier: efficient multi-source graph
 * traversal"), each node holding a bit per source that reached it, so a tie is read once per
 * level of the batch instead of once per source. Each node's distances from the batch's sources
 * are kept and added in source order afterwards: `into[u]` receives the same terms in the same
 * order as one search per source would add them, so the sums are equal bit for bit.
 */
export function addHarmonicDistances(graph: Digraph, sources: ArrayLike<number>, from: number, to: number, into: Float64Array): void {
  const n = graph.nodeCount;
  const { outOffsets, outTargets } = graph;
  const seen = new Int32Array(n);
  // Both all zero again after every batch.
  const frontier = new Int32Array(n);
  const next = new Int32Array(n);
  // distance[u·32 + b]: distance from the batch's b-th source to u; 0 for unreached and the source itself.
  const distance = new Int32Array(n * BATCH);
  const active = new Int32Array(n);
  for (let start = from; start < to; start += BATCH) {
    const size = Math.min(BATCH, to - start);
    let activeCount = 0;
    for (let b = 0; b < size; b++) {
      const s = sources[start + b]!;
      if (seen[s] === 0) active[activeCount++] = s;
      seen[s]! |= 1 << b;
      frontier[s]! |= 1 << b;
    }
    for (let level = 1; activeCount > 0; level++) {
      for (let k = 0; k < activeCount; k++) {
        const v = active[k]!;
        const bits = frontier[v]!;
        for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) next[outTargets[i]!]! |= bits;
        frontier[v] = 0;
      }
      activeCount = 0;
      for (let u = 0; u < n; u++) {
        const reached = next[u]!;
        if (reached === 0) continue;
        next[u] = 0;
        const fresh = reached & ~seen[u]!;
        if (fresh === 0) continue;
        seen[u]! |= fresh;
        frontier[u] = fresh;
        active[activeCount++] = u;
        for (let rest = fresh; rest !== 0; rest &= rest - 1) distance[u * BATCH + (31 - Math.clz32(rest & -rest))] = level;
      }
    }
    for (let u = 0; u < n; u++) {
      if (seen[u] === 0) continue;
      seen[u] = 0;
      const row = u * BATCH;
      for (let b = 0; b < size; b++) {
        const d = distance[row + b]!;
        if (d === 0) continue;
        into[u]! += 1 / d;
        distance[row + b] = 0;
      }
    }
  }
}

/** The result from the summed harmonic distances, scaled by n / sources when sampled. */
export function closenessFromSums(raw: Float64Array, plan: ClosenessPlan): ClosenessResult {
  const n = raw.length;
  const scale = plan.exact ? 1 : plan.sources.length > 0 ? n / plan.sources.length : 0;
  const rawList = Array.from(raw, (value) => value * scale);
  return { raw: rawList, normalized: rawList.map((value) => (n > 1 ? value / (n - 1) : 0)), method: plan.exact ? 'exact' : 'pivots' };
}

/** `count` distinct sources drawn with a seeded partial Fisher–Yates shuffle. */
function sampleSources(n: number, count: number, seed: number): number[] {
  const rng = createRng(seed);
  const order = Int32Array.from({ length: n }, (_, v) => v);
  const take = Math.min(count, n);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(rng() * (n - i));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return Array.from(order.subarray(0, take)).sort((a, b) => a - b);
}
