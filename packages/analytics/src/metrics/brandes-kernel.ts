import { accumulateBatch, BRANDES_BATCH, createBatchScratch } from './brandes-batch.ts';
import type { BatchScratch } from './brandes-batch.ts';

/**
 * The inner loop of Brandes (2001) for unweighted digraphs, shared by the single-thread
 * betweenness and the worker threads, so that both do exactly the same arithmetic.
 */

/** The out-rows of a digraph: all a Brandes pass reads (a worker receives only these). */
export interface OutRows {
  readonly nodeCount: number;
  readonly outOffsets: Int32Array;
  readonly outTargets: Int32Array;
}

/**
 * Per-pass arrays, allocated once per thread and reset after every source. `successors` holds,
 * for the node at each place of the breadth-first order, the out-neighbours one step further
 * (its successors in the shortest-path DAG) from `successorStart[place]`, in CSR order: the
 * backward pass then reads only those ties, and never the distances of the rest (most ties of
 * a clustered network lead back or sideways), with the same additions in the same order.
 */
export interface BrandesScratch {
  readonly sigma: Float64Array;
  readonly delta: Float64Array;
  readonly dist: Int32Array;
  readonly order: Int32Array;
  readonly successorStart: Int32Array;
  successors: Int32Array;
  /** The arrays of 32 sources at once (brandes-batch.ts), made on first use. */
  batch: BatchScratch | null;
}

export function createBrandesScratch(nodeCount: number): BrandesScratch {
  return {
    sigma: new Float64Array(nodeCount),
    delta: new Float64Array(nodeCount),
    dist: new Int32Array(nodeCount).fill(-1),
    order: new Int32Array(nodeCount),
    successorStart: new Int32Array(nodeCount + 1),
    successors: new Int32Array(0),
    batch: null,
  };
}

/**
 * Adds the dependencies of the sources sources[from..to) to `into` (unscaled): 32 sources at a
 * time (accumulateBatch), or one at a time where a batch's path counts outgrow exact whole
 * numbers; either way the same additions in the same order, so the sums are equal bit for bit.
 */
export function accumulateDependencies(
  graph: OutRows,
  sources: ArrayLike<number>,
  from: number,
  to: number,
  into: Float64Array,
  scratch: BrandesScratch,
): void {
  for (let start = from; start < to; start += BRANDES_BATCH) {
    const size = Math.min(BRANDES_BATCH, to - start);
    if (size > 1) {
      scratch.batch ??= createBatchScratch(graph.nodeCount);
      if (accumulateBatch(graph, sources, start, size, into, scratch.batch)) continue;
    }
    accumulateOneByOne(graph, sources, start, start + size, into, scratch);
  }
}

/** One Brandes pass per source of sources[from..to), adding each one's dependencies to `into`. */
export function accumulateOneByOne(
  graph: OutRows,
  sources: ArrayLike<number>,
  from: number,
  to: number,
  into: Float64Array,
  scratch: BrandesScratch,
): void {
  const { outOffsets, outTargets } = graph;
  // A DAG has at most every tie once; the buffer is kept for the next graph of this size.
  if (scratch.successors.length < outTargets.length) scratch.successors = new Int32Array(outTargets.length);
  const { sigma, delta, dist, order, successorStart, successors } = scratch;
  for (let si = from; si < to; si++) {
    const s = sources[si]!;
    let head = 0;
    let tail = 0;
    let count = 0;
    order[tail++] = s;
    dist[s] = 0;
    sigma[s] = 1;
    while (head < tail) {
      successorStart[head] = count;
      const v = order[head++]!;
      const dv = dist[v]! + 1;
      const sv = sigma[v]!;
      for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) {
        const w = outTargets[i]!;
        const dw = dist[w]!;
        if (dw === -1) {
          dist[w] = dv;
          order[tail++] = w;
        } else if (dw !== dv) continue;
        sigma[w]! += sv;
        successors[count++] = w;
      }
    }
    successorStart[tail] = count;
    // Walk the BFS order backwards: every successor of v is final before v is visited.
    for (let idx = tail - 1; idx >= 0; idx--) {
      const v = order[idx]!;
      const sv = sigma[v]!;
      let acc = 0;
      for (let j = successorStart[idx]!, end = successorStart[idx + 1]!; j < end; j++) {
        const w = successors[j]!;
        acc += (sv / sigma[w]!) * (1 + delta[w]!);
      }
      delta[v] = acc;
      if (v !== s) into[v]! += acc;
    }
    for (let idx = 0; idx < tail; idx++) {
      const v = order[idx]!;
      dist[v] = -1;
      sigma[v] = 0;
      delta[v] = 0;
    }
  }
}

/**
 * Exact betweenness sums the sources in a fixed number of chunks that depends only on n: each
 * chunk's partial sum starts from zero and the partials are added in chunk order. Whichever
 * thread computes a chunk, and however many threads there are, the floating-point additions are
 * the same, so the single-thread and the parallel results are bit-for-bit equal. The cap keeps
 * the partials (chunks × n doubles) under 64 MB.
 */
export function exactChunkCount(nodeCount: number): number {
  return Math.max(1, Math.min(64, Math.floor(8_388_608 / Math.max(1, nodeCount))));
}

/**
 * Pivot betweenness (and pivot closeness) sums its sources in chunks of this many, like exact
 * betweenness: the work network's 2,048 pivots then make eight tasks that two threads share,
 * where one task of 2,048 was the longest piece of a large organisation's analysis. Up to 256
 * pivots this is one chunk, the sum of old; above, the additions are grouped differently, which
 * moves the estimate by rounding only (far inside its sampling error, docs/methods.md).
 */
export const PIVOT_CHUNK = 256;

export function pivotChunkCount(sources: number): number {
  return Math.max(1, Math.ceil(sources / PIVOT_CHUNK));
}

/** Sources [start, end) of chunk c: contiguous, sizes differ by at most one. */
export function chunkBounds(nodeCount: number, chunks: number, chunk: number): [number, number] {
  return [Math.floor((chunk * nodeCount) / chunks), Math.floor(((chunk + 1) * nodeCount) / chunks)];
}

/** Adds the chunk partials (rows of `partials`, chunk order) into a fresh array. */
export function sumChunkPartials(partials: Float64Array, nodeCount: number, chunks: number): Float64Array {
  const total = new Float64Array(nodeCount);
  for (let c = 0; c < chunks; c++) {
    const offset = c * nodeCount;
    for (let v = 0; v < nodeCount; v++) total[v]! += partials[offset + v]!;
  }
  return total;
}

/** The identity source list 0..n-1 of exact betweenness. */
export function allSources(nodeCount: number): Int32Array {
  const sources = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) sources[v] = v;
  return sources;
}
