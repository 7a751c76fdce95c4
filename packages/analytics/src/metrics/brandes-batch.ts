import type { OutRows } from './brandes-kernel.ts';

/** Sources of one batch: one bit each of a 32-bit word. */
export const BRANDES_BATCH = 32;
/** Path counts up to this are whole numbers a double holds exactly, so their sums do not depend on order. */
const EXACT_INTEGERS = 2 ** 53;

/** The batch's arrays, grown once per thread: per node a row of 32 (one per source). */
export interface BatchScratch {
  readonly sigma: Float64Array;
  readonly delta: Float64Array;
  readonly seen: Int32Array;
  readonly next: Int32Array;
  readonly fresh: Int32Array;
  /** The breadth-first levels: entries levelStart[L] .. levelStart[L+1) of levelNodes/levelBits. */
  levelStart: Int32Array;
  levelNodes: Int32Array;
  levelBits: Int32Array;
  /** A block of pending updates: places in sigma/delta read (`upFrom`) and written (`upTo`); see accumulateBatch. */
  upFrom: Int32Array;
  upTo: Int32Array;
  /**
   * The forward walk's updates kept for the backward one, which makes the same updates the other
   * way round: the place written (w's row + b) of each, in order, and after entry k's the length
   * trailEnd[k]. Up to trailMax places; a batch with more walks its ties again instead.
   */
  trail: Int32Array;
  trailEnd: Int32Array;
  readonly trailMax: number;
}

/** 64 MB a thread: the work network at 100,000 people makes 12.4 million updates a batch (50 MB). */
const TRAIL_MAX = 1 << 24;

/** Updates gathered before they are made: 2 × 16 KB, which stay in the first-level cache. */
const UPDATE_BLOCK = 4096;

export function createBatchScratch(nodeCount: number, trailMax = TRAIL_MAX): BatchScratch {
  return {
    sigma: new Float64Array(nodeCount * BRANDES_BATCH),
    delta: new Float64Array(nodeCount * BRANDES_BATCH),
    seen: new Int32Array(nodeCount),
    next: new Int32Array(nodeCount),
    fresh: new Int32Array(nodeCount),
    levelStart: new Int32Array(64),
    levelNodes: new Int32Array(Math.max(64, nodeCount * 2)),
    levelBits: new Int32Array(Math.max(64, nodeCount * 2)),
    upFrom: new Int32Array(UPDATE_BLOCK),
    upTo: new Int32Array(UPDATE_BLOCK),
    trail: new Int32Array(Math.min(trailMax, Math.max(1024, nodeCount * 8))),
    trailEnd: new Int32Array(Math.max(64, nodeCount * 2)),
    trailMax,
  };
}

/**
 * The dependencies of up to 32 sources sources[start..start+size) at once, added to `into`
 * (Brandes 2001 with the multi-source traversal of Then et al. 2014): each node keeps a bit per
 * source that reached it and the level where each did, so a tie is read once per level of the
 * batch instead of once per source. Every source's own figures get exactly the arithmetic of
 * one pass of its own: path counts are whole numbers (their sums are exact in any order while
 * they stay below 2^53), each dependency adds its successors' terms in CSR order, and `into[v]`
 * receives the sources' dependencies in source order. Returns false, with `into` untouched,
 * when a path count reached 2^53: the caller then runs the batch one source at a time.
 */
export function accumulateBatch(graph: OutRows, sources: ArrayLike<number>, start: number, size: number, into: Float64Array, scratch: BatchScratch): boolean {
  const n = graph.nodeCount;
  const { outOffsets, outTargets } = graph;
  const { sigma, delta, seen, next, fresh } = scratch;
  let levels = 0;
  let entries = 0;
  const push = (node: number, bits: number): void => {
    if (entries === scratch.levelNodes.length) {
      const nodes = new Int32Array(entries * 2);
      const bitsGrown = new Int32Array(entries * 2);
      const endsGrown = new Int32Array(entries * 2);
      nodes.set(scratch.levelNodes);
      bitsGrown.set(scratch.levelBits);
      endsGrown.set(scratch.trailEnd);
      scratch.levelNodes = nodes;
      scratch.levelBits = bitsGrown;
      scratch.trailEnd = endsGrown;
    }
    scratch.levelNodes[entries] = node;
    scratch.levelBits[entries++] = bits;
  };
  const openLevel = (): void => {
    if (levels + 2 > scratch.levelStart.length) {
      const grown = new Int32Array(scratch.levelStart.length * 2);
      grown.set(scratch.levelStart);
      scratch.levelStart = grown;
    }
    scratch.levelStart[levels++] = entries;
  };
  // Level 0: the sources (a node listed twice among them gets both bits).
  openLevel();
  for (let b = 0; b < size; b++) {
    const s = sources[start + b]!;
    seen[s]! |= 1 << b;
    fresh[s]! |= 1 << b;
    sigma[s * BRANDES_BATCH + b] = 1;
  }
  for (let b = 0; b < size; b++) {
    const s = sources[start + b]!;
    if (fresh[s] !== 0) {
      push(s, fresh[s]!);
      fresh[s] = 0;
    }
  }
  let exact = true;
  let replay = true;
  let trailLength = 0;
  for (;;) {
    const first = scratch.levelStart[levels - 1]!;
    const last = entries;
    // One walk over the level's ties: the sources that reach a node for the first time through
    // the tie v → w are marked at w, and their path counts σ_b(w) += σ_b(v) gathered. The places
    // are gathered first (that loop's branches touch only arrays of one number per node) and the
    // additions made in a block: a straight loop whose loads, mostly cache misses on rows far
    // apart, the processor overlaps, where between two branches it waited for each in turn.
    // Path counts are whole numbers, so their sums do not depend on the order of the additions.
    const nodes = scratch.levelNodes;
    const bitsOf = scratch.levelBits;
    let pending = 0;
    for (let k = first; k <= last; k++) {
      const v = k < last ? nodes[k]! : 0;
      const ties = k < last ? outOffsets[v + 1]! - outOffsets[v]! : 0;
      if (k === last || pending + ties * BRANDES_BATCH > scratch.upTo.length) {
        const { upFrom, upTo } = scratch;
        for (let j = 0; j < pending; j++) {
          const count = (sigma[upTo[j]!]! += sigma[upFrom[j]!]!);
          if (count >= EXACT_INTEGERS) exact = false;
        }
        if (replay) {
          if (trailLength + pending > scratch.trail.length) replay = growTrail(scratch, trailLength, trailLength + pending);
          if (replay) scratch.trail.set(upTo.subarray(0, pending), trailLength);
        }
        trailLength += pending;
        pending = 0;
        if (k === last) break;
        if (ties * BRANDES_BATCH > scratch.upTo.length) growUpdateBlock(scratch, ties * BRANDES_BATCH);
      }
      const { upFrom, upTo } = scratch;
      const bits = bitsOf[k]!;
      const row = v * BRANDES_BATCH;
      for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) {
        const w = outTargets[i]!;
        let common = bits & ~seen[w]!;
        if (common === 0) continue;
        next[w]! |= common;
        const wRow = w * BRANDES_BATCH;
        while (common !== 0) {
          const b = 31 - Math.clz32(common & -common);
          common &= common - 1;
          upFrom[pending] = row + b;
          upTo[pending++] = wRow + b;
        }
      }
      scratch.trailEnd[k] = trailLength + pending;
    }
    openLevel();
    for (let u = 0; u < n; u++) {
      const reached = next[u]!;
      if (reached === 0) continue;
      next[u] = 0;
      seen[u]! |= reached;
      push(u, reached);
    }
    if (entries === scratch.levelStart[levels - 1]!) {
      levels--;
      break;
    }
  }
  scratch.levelStart[levels] = entries;
  const nodes = scratch.levelNodes;
  const bitsOf = scratch.levelBits;
  if (exact) {
    // Dependencies level by level from the deepest: δ_b(v) = Σ over successors w, in CSR order, of σ_b(v)/σ_b(w)·(1 + δ_b(w)).
    for (let level = levels - 2; level >= 0; level--) {
      const from = scratch.levelStart[level]!;
      const to = scratch.levelStart[level + 1]!;
      const end = scratch.levelStart[level + 2]!;
      if (replay) {
        // The forward walk's updates of this level, in its order: entry k's after entry k − 1's.
        const { trail, trailEnd } = scratch;
        for (let k = from; k < to; k++) {
          const row = nodes[k]! * BRANDES_BATCH;
          for (let j = k === 0 ? 0 : trailEnd[k - 1]!, stop = trailEnd[k]!; j < stop; j++) {
            const wPlace = trail[j]!;
            const place = row + (wPlace & (BRANDES_BATCH - 1));
            delta[place]! += (sigma[place]! / sigma[wPlace]!) * (1 + delta[wPlace]!);
          }
        }
        continue;
      }
      for (let k = to; k < end; k++) fresh[nodes[k]!] = bitsOf[k]!;
      // Gathered and then made in blocks as the path counts are; each δ_b(v) still adds its terms in CSR order.
      let pending = 0;
      for (let k = from; k <= to; k++) {
        const v = k < to ? nodes[k]! : 0;
        const ties = k < to ? outOffsets[v + 1]! - outOffsets[v]! : 0;
        if (k === to || pending + ties * BRANDES_BATCH > scratch.upTo.length) {
          const { upFrom, upTo } = scratch;
          for (let j = 0; j < pending; j++) {
            const place = upTo[j]!;
            const wPlace = upFrom[j]!;
            delta[place]! += (sigma[place]! / sigma[wPlace]!) * (1 + delta[wPlace]!);
          }
          pending = 0;
          if (k === to) break;
          if (ties * BRANDES_BATCH > scratch.upTo.length) growUpdateBlock(scratch, ties * BRANDES_BATCH);
        }
        const { upFrom, upTo } = scratch;
        const bits = bitsOf[k]!;
        const row = v * BRANDES_BATCH;
        for (let i = outOffsets[v]!, stop = outOffsets[v + 1]!; i < stop; i++) {
          const w = outTargets[i]!;
          let common = bits & fresh[w]!;
          if (common === 0) continue;
          const wRow = w * BRANDES_BATCH;
          while (common !== 0) {
            const b = 31 - Math.clz32(common & -common);
            common &= common - 1;
            upTo[pending] = row + b;
            upFrom[pending++] = wRow + b;
          }
        }
      }
      for (let k = to; k < end; k++) fresh[nodes[k]!] = 0;
    }
  }
  // Each node's dependencies in source order (a source's own is left out, as in one pass), then
  // the rows cleared; node by node, so the rows are read in memory order.
  for (let u = 0; u < n; u++) {
    const reached = seen[u]!;
    if (reached === 0) continue;
    seen[u] = 0;
    const row = u * BRANDES_BATCH;
    for (let rest = reached; rest !== 0; rest &= rest - 1) {
      const b = 31 - Math.clz32(rest & -rest);
      if (exact && sources[start + b] !== u) into[u]! += delta[row + b]!;
      sigma[row + b] = 0;
      delta[row + b] = 0;
    }
  }
  return exact;
}

/** Room for one node's updates (a node with more than 128 ties: up to 32 per tie). */
function growUpdateBlock(scratch: BatchScratch, size: number): void {
  scratch.upFrom = new Int32Array(size);
  scratch.upTo = new Int32Array(size);
}

/** Room for `needed` places of the trail, keeping the first `kept`; false past the scratch's trailMax. */
function growTrail(scratch: BatchScratch, kept: number, needed: number): boolean {
  if (needed > scratch.trailMax) return false;
  const grown = new Int32Array(Math.min(scratch.trailMax, Math.max(needed, scratch.trail.length * 2)));
  grown.set(scratch.trail.subarray(0, kept));
  scratch.trail = grown;
  return true;
}
