import type { Rng } from '../prng.ts';

/** An undirected weighted graph without self-loops: each edge appears in both end points' rows. */
export interface WeightedCsr {
  n: number;
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
}

/**
 * The Leiden algorithm (Traag, Waltman & van Eck 2019, Algorithm A.2) for modularity with
 * resolution γ: fast local moving, refinement, aggregation of the refined partition with the
 * unrefined one as the aggregate's start, until local moving leaves every node alone. Starting
 * from `initial` instead of singletons is one more iteration of the algorithm on its own result
 * (what leidenalg and igraph do with `n_iterations=-1`).
 *
 * The refinement merges each well-connected singleton into the well-connected sub-community of
 * largest gain (the θ → 0 limit of the paper's randomised merge): the connectivity guarantee
 * holds the same way, and the result depends only on the seeded visiting order.
 *
 * Gains are in units of edge weight: moving v into community C gains w(v,C) − γ·k_v·K_C/2m, with
 * w(v,C) the weight of v's edges into C, k_v its strength, K_C the strength of C, m the total
 * edge weight. Returns a community per node, numbered arbitrarily.
 *
 * The loops run over `Int32Array`s only (the caller's `Uint32Array` rows are read through
 * `Int32Array` views of the same memory, ids and offsets being far below 2³¹), with the lists of
 * touched communities, the queue and the stack of empty communities in preallocated typed arrays
 * shared by the levels: one element type per array for V8 and no garbage per node. Every sum is
 * taken in the same order as before, so the partition is the same bit for bit (docs/methods.md,
 * *Leiden over typed arrays*).
 */
export function leidenPartition(graph: WeightedCsr, resolution: number, rng: Rng, initial?: ArrayLike<number>): Int32Array {
  const n = graph.n;
  const top = int32Rows(graph);
  const strength = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    let k = 0;
    for (let i = top.offsets[v]!, end = top.offsets[v + 1]!; i < end; i++) k += top.weights[i]!;
    strength[v] = k;
  }
  let twoM = 0;
  for (let v = 0; v < n; v++) twoM += strength[v]!;
  const membership = initial ? Int32Array.from(initial) : identity(n);
  if (twoM === 0) return membership;
  const scale = resolution / twoM;

  const scratch = new Scratch(n);
  // nodeOf[v]: the node of the current level that original node v belongs to.
  const nodeOf = identity(n);
  let level: Level = { graph: top, strength };
  let partition = compact(membership);
  for (;;) {
    const communityCount = fastLocalMoves(level, partition, scale, rng, scratch);
    if (communityCount === level.graph.n) break;
    let refined = refine(level, partition, scale, rng, scratch);
    // Should refinement merge nothing, the aggregate would be this level again and the loop would
    // never end; aggregating the unrefined communities (Louvain's step) still shrinks the graph.
    if (compactCount(refined) === level.graph.n) refined = partition;
    const { next, aggregateOf } = aggregate(level, refined, scratch);
    const nextPartition = new Int32Array(next.graph.n);
    for (let v = 0; v < level.graph.n; v++) nextPartition[aggregateOf[v]!] = partition[v]!;
    for (let v = 0; v < n; v++) nodeOf[v] = aggregateOf[nodeOf[v]!]!;
    level = next;
    partition = compact(nextPartition);
  }
  for (let v = 0; v < n; v++) membership[v] = partition[nodeOf[v]!]!;
  return membership;
}

/** A level's rows as the loops read them: `Int32Array`s only. */
interface Rows {
  n: number;
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  /** Every weight is 1 (the top level of a simple graph): the loops add 1 instead of reading a weight, the same sums with half the memory read. */
  unit: boolean;
}

interface Level {
  graph: Rows;
  /** Strength of each node: the summed degree of the original nodes it stands for. */
  strength: Float64Array;
}

/** The caller's rows through `Int32Array` views of the same memory (shared memory included): no copy. */
function int32Rows(graph: WeightedCsr): Rows {
  const view = (values: Uint32Array): Int32Array => new Int32Array(values.buffer, values.byteOffset, values.length);
  let unit = true;
  for (let i = 0; i < graph.weights.length && unit; i++) unit = graph.weights[i] === 1;
  return { n: graph.n, offsets: view(graph.offsets), targets: view(graph.targets), weights: graph.weights, unit };
}

/** Work arrays of the top level's size, reused by every level (a level never has more nodes). */
class Scratch {
  /** Weight from the node at hand to each community; all zero between nodes. */
  readonly weightTo: Float64Array;
  /** The communities with a non-zero `weightTo`, in the order first touched (the tie-breaking order). */
  readonly touched: Int32Array;
  readonly queue: Int32Array;
  readonly queued: Uint8Array;
  /** A stack of the empty communities. */
  readonly empty: Int32Array;
  constructor(n: number) {
    this.weightTo = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.queued = new Uint8Array(n);
    this.empty = new Int32Array(n);
  }
}

/** Σ_c [in_c/2m − γ(K_c/2m)²], in_c the weight of half-edges inside c (ids below n): the quality Leiden maximises. */
export function qualityOf(graph: WeightedCsr, membership: ArrayLike<number>, resolution: number): number {
  const totals = new Float64Array(graph.n);
  let inside = 0;
  let twoM = 0;
  for (let v = 0; v < graph.n; v++) {
    let k = 0;
    const c = membership[v]!;
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) {
      const w = graph.weights[i]!;
      k += w;
      if (membership[graph.targets[i]!] === c) inside += w;
    }
    twoM += k;
    totals[c]! += k;
  }
  if (twoM === 0) return 0;
  let expected = 0;
  for (const total of totals) expected += (total / twoM) ** 2;
  return inside / twoM - resolution * expected;
}

/** Renumbers community ids (non-negative integers) to 0..k−1 in order of first appearance. */
function compact(membership: Int32Array): Int32Array {
  const n = membership.length;
  let largest = 0;
  for (let v = 0; v < n; v++) if (membership[v]! > largest) largest = membership[v]!;
  const renumber = new Int32Array(largest + 1).fill(-1);
  const compacted = new Int32Array(n);
  let next = 0;
  for (let v = 0; v < n; v++) {
    const c = membership[v]!;
    if (renumber[c] === -1) renumber[c] = next++;
    compacted[v] = renumber[c]!;
  }
  return compacted;
}

/** Distinct ids in a refined partition (ids are node numbers, below its length). */
function compactCount(membership: Int32Array): number {
  const n = membership.length;
  const seen = new Uint8Array(n);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const c = membership[v]!;
    if (!seen[c]) {
      seen[c] = 1;
      count++;
    }
  }
  return count;
}

function shuffledNodes(n: number, rng: Rng): Int32Array {
  const order = identity(n);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/**
 * Moves single nodes to the neighbouring (or an empty) community of largest gain, revisiting the
 * neighbours of every moved node through a queue, until no move gains. Changes `partition` in
 * place (ids stay below n) and returns the number of non-empty communities.
 */
function fastLocalMoves(level: Level, partition: Int32Array, scale: number, rng: Rng, scratch: Scratch): number {
  const { graph, strength } = level;
  const { n, offsets, targets, weights, unit } = graph;
  const { weightTo, touched, queue, queued, empty } = scratch;
  const total = new Float64Array(n);
  const size = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    total[partition[v]!]! += strength[v]!;
    size[partition[v]!]!++;
  }
  let emptyCount = 0;
  for (let c = n - 1; c >= 0; c--) if (size[c] === 0) empty[emptyCount++] = c;
  queue.set(shuffledNodes(n, rng));
  queued.fill(1, 0, n);
  let head = 0;
  let length = n;
  while (length > 0) {
    const v = queue[head]!;
    head = head + 1 === n ? 0 : head + 1;
    length--;
    queued[v] = 0;
    const own = partition[v]!;
    const k = strength[v]!;
    const first = offsets[v]!;
    const last = offsets[v + 1]!;
    let touchedCount = 0;
    for (let i = first; i < last; i++) {
      const c = partition[targets[i]!]!;
      if (weightTo[c] === 0) touched[touchedCount++] = c;
      weightTo[c]! += unit ? 1 : weights[i]!;
    }
    total[own]! -= k;
    size[own]!--;
    // scale·k·K_C is evaluated left to right, so scale·k may be taken once.
    const scaled = scale * k;
    // Staying wins ties, so a node never moves for nothing; an empty community gains 0.
    let best = own;
    let bestGain = weightTo[own]! - scaled * total[own]!;
    for (let t = 0; t < touchedCount; t++) {
      const c = touched[t]!;
      const gain = weightTo[c]! - scaled * total[c]!;
      if (gain > bestGain) {
        best = c;
        bestGain = gain;
      }
    }
    if (bestGain < 0 && size[own]! > 0) {
      best = empty[--emptyCount]!;
      bestGain = 0;
    }
    for (let t = 0; t < touchedCount; t++) weightTo[touched[t]!] = 0;
    total[best]! += k;
    size[best]!++;
    if (best === own) continue;
    if (size[own] === 0) empty[emptyCount++] = own;
    partition[v] = best;
    for (let i = first; i < last; i++) {
      const u = targets[i]!;
      if (queued[u] || partition[u] === best) continue;
      queued[u] = 1;
      let tail = head + length;
      if (tail >= n) tail -= n;
      queue[tail] = u;
      length++;
    }
  }
  let count = 0;
  for (let c = 0; c < n; c++) if (size[c]! > 0) count++;
  return count;
}

/**
 * Refinement: inside each community, starting from singletons, a well-connected singleton joins
 * the well-connected sub-community of largest non-negative gain. "Well-connected" (the paper's
 * γ-connectivity): the weight E(S, C − S) from S to the rest of its community C is at least
 * γ·K_S·(K_C − K_S)/2m. Returns the refined community of each node.
 */
function refine(level: Level, partition: Int32Array, scale: number, rng: Rng, scratch: Scratch): Int32Array {
  const { graph, strength } = level;
  const { n, offsets, targets, weights, unit } = graph;
  const { weightTo, touched } = scratch;
  const communityTotal = new Float64Array(n);
  for (let v = 0; v < n; v++) communityTotal[partition[v]!]! += strength[v]!;
  const refined = identity(n);
  const refinedTotal = Float64Array.from(strength);
  const refinedSize = new Int32Array(n).fill(1);
  // external[s]: weight from sub-community s to the rest of its community.
  const external = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const community = partition[v]!;
    let inside = 0;
    for (let i = offsets[v]!, end = offsets[v + 1]!; i < end; i++) if (partition[targets[i]!] === community) inside += unit ? 1 : weights[i]!;
    external[v] = inside;
  }
  // Well-connected: external[s] >= scale·refinedTotal[s]·(communityTotal[community] − refinedTotal[s]), written out below.
  const order = shuffledNodes(n, rng);
  for (let o = 0; o < n; o++) {
    const v = order[o]!;
    const community = partition[v]!;
    const own = refined[v]!;
    if (refinedSize[own] !== 1) continue;
    const communityK = communityTotal[community]!;
    if (!(external[own]! >= scale * refinedTotal[own]! * (communityK - refinedTotal[own]!))) continue;
    let touchedCount = 0;
    for (let i = offsets[v]!, end = offsets[v + 1]!; i < end; i++) {
      const u = targets[i]!;
      if (partition[u] !== community || u === v) continue;
      const s = refined[u]!;
      if (weightTo[s] === 0) touched[touchedCount++] = s;
      weightTo[s]! += unit ? 1 : weights[i]!;
    }
    const k = strength[v]!;
    const scaled = scale * k;
    let best = -1;
    let bestGain = 0;
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t]!;
      const sTotal = refinedTotal[s]!;
      if (!(external[s]! >= scale * sTotal * (communityK - sTotal))) continue;
      const gain = weightTo[s]! - scaled * sTotal;
      if (gain >= bestGain && (best < 0 || gain > bestGain)) {
        best = s;
        bestGain = gain;
      }
    }
    if (best >= 0) {
      refined[v] = best;
      refinedSize[own] = 0;
      refinedTotal[own] = 0;
      external[best] = external[best]! + external[own]! - 2 * weightTo[best]!;
      refinedSize[best]!++;
      refinedTotal[best]! += k;
    }
    for (let t = 0; t < touchedCount; t++) weightTo[touched[t]!] = 0;
  }
  return refined;
}

/** One node per refined community; edge weights summed, edges inside a community dropped. */
function aggregate(level: Level, refined: Int32Array, scratch: Scratch): { next: Level; aggregateOf: Int32Array } {
  const { graph, strength } = level;
  const { n, offsets: rowOffsets, targets: rowTargets, weights: rowWeights, unit } = graph;
  const { weightTo, touched } = scratch;
  const aggregateOf = compact(refined);
  let count = 0;
  for (let v = 0; v < n; v++) if (aggregateOf[v]! + 1 > count) count = aggregateOf[v]! + 1;
  // Members of each aggregate node by counting sort (typed arrays: far less garbage than lists).
  const start = new Int32Array(count + 1);
  for (let v = 0; v < n; v++) start[aggregateOf[v]! + 1]!++;
  for (let a = 0; a < count; a++) start[a + 1]! += start[a]!;
  const members = new Int32Array(n);
  const fill = start.slice(0, count);
  for (let v = 0; v < n; v++) members[fill[aggregateOf[v]!]!++] = v;
  const nextStrength = new Float64Array(count);
  const offsets = new Int32Array(count + 1);
  const targets = new Int32Array(rowTargets.length);
  const weights = new Float64Array(rowTargets.length);
  let edges = 0;
  for (let a = 0; a < count; a++) {
    let touchedCount = 0;
    let k = 0;
    for (let m = start[a]!, end = start[a + 1]!; m < end; m++) {
      const v = members[m]!;
      k += strength[v]!;
      for (let i = rowOffsets[v]!, last = rowOffsets[v + 1]!; i < last; i++) {
        const b = aggregateOf[rowTargets[i]!]!;
        if (b === a) continue;
        if (weightTo[b] === 0) touched[touchedCount++] = b;
        weightTo[b]! += unit ? 1 : rowWeights[i]!;
      }
    }
    nextStrength[a] = k;
    for (let t = 0; t < touchedCount; t++) {
      const b = touched[t]!;
      targets[edges] = b;
      weights[edges++] = weightTo[b]!;
      weightTo[b] = 0;
    }
    offsets[a + 1] = edges;
  }
  return {
    next: { graph: { n: count, offsets, targets: targets.slice(0, edges), weights: weights.slice(0, edges), unit: false }, strength: nextStrength },
    aggregateOf,
  };
}

/** 0, 1, …, n − 1. */
function identity(n: number): Int32Array {
  const values = new Int32Array(n);
  for (let v = 0; v < n; v++) values[v] = v;
  return values;
}
