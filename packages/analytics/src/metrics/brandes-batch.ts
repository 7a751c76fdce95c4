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
}

export function createBatchScratch(nodeCount: number): BatchScratch {
  return {
    sigma: new Float64Array(nodeCount * BRANDES_BATCH),
    delta: new Float64Array(nodeCount * BRANDES_BATCH),
    seen: new Int32Array(nodeCount),
    next: new Int32Array(nodeCount),
    fresh: new Int32Array(nodeCount),
    levelStart: new Int32Array(64),
    levelNodes: new Int32Array(Math.max(64, nodeCount * 2)),
    levelBits: new Int32Array(Math.max(64, nodeCount * 2)),
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
      nodes.set(scratch.levelNodes);
      bitsGrown.set(scratch.levelBits);
      scratch.levelNodes = nodes;
      scratch.levelBits = bitsGrown;
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
  for (;;) {
    const first = scratch.levelStart[levels - 1]!;
    const last = entries;
    const { levelNodes, levelBits } = scratch;
    for (let k = first; k < last; k++) {
      const v = levelNodes[k]!;
      const bits = levelBits[k]!;
      for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) next[outTargets[i]!]! |= bits;
    }
    openLevel();
    for (let u = 0; u < n; u++) {
      const reached = next[u]!;
      if (reached === 0) continue;
      next[u] = 0;
      const added = reached & ~seen[u]!;
      if (added === 0) continue;
      seen[u]! |= added;
      fresh[u] = added;
      push(u, added);
    }
    if (entries === scratch.levelStart[levels - 1]!) {
      levels--;
      break;
    }
    // Path counts of the new level from the level before: σ_b(w) += σ_b(v) over the ties v → w.
    const nodes = scratch.levelNodes;
    const bitsOf = scratch.levelBits;
    for (let k = first; k < last; k++) {
      const v = nodes[k]!;
      const bits = bitsOf[k]!;
      const row = v * BRANDES_BATCH;
      for (let i = outOffsets[v]!, end = outOffsets[v + 1]!; i < end; i++) {
        const w = outTargets[i]!;
        let common = bits & fresh[w]!;
        if (common === 0) continue;
        const wRow = w * BRANDES_BATCH;
        while (common !== 0) {
          const b = 31 - Math.clz32(common & -common);
          common &= common - 1;
          const count = (sigma[wRow + b]! += sigma[row + b]!);
          if (count >= EXACT_INTEGERS) exact = false;
        }
      }
    }
    for (let k = last; k < entries; k++) fresh[nodes[k]!] = 0;
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
      for (let k = to; k < end; k++) fresh[nodes[k]!] = bitsOf[k]!;
      for (let k = from; k < to; k++) {
        const v = nodes[k]!;
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
            delta[row + b]! += (sigma[row + b]! / sigma[wRow + b]!) * (1 + delta[wRow + b]!);
          }
        }
      }
      for (let k = to; k < end; k++) fresh[nodes[k]!] = 0;
    }
  }
  // Each node's dependencies in source order (a source's own is left out, as in one pass), then the rows cleared.
  for (let k = 0; k < entries; k++) {
    const u = nodes[k]!;
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
