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

/** Adds Σ 1/d(s, u) over the sources sources[from..to) to `into` (one breadth-first search per source). */
export function addHarmonicDistances(graph: Digraph, sources: ArrayLike<number>, from: number, to: number, into: Float64Array): void {
  const n = graph.nodeCount;
  const distance = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const { outOffsets, outTargets } = graph;
  for (let si = from; si < to; si++) {
    const s = sources[si]!;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    distance[s] = 0;
    while (head < tail) {
      const v = queue[head++]!;
      const next = distance[v]! + 1;
      for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) {
        const w = outTargets[i]!;
        if (distance[w] !== -1) continue;
        distance[w] = next;
        into[w]! += 1 / next;
        queue[tail++] = w;
      }
    }
    for (let i = 0; i < tail; i++) distance[queue[i]!] = -1;
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
