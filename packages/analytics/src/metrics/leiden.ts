import type { Rng } from '../prng.ts';

/** An undirected weighted graph without self-loops: each edge appears in both end points' rows. */
export interface WeightedCsr {
  n: number;
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
}

interface Level {
  graph: WeightedCsr;
  /** Strength of each node: the summed degree of the original nodes it stands for. */
  strength: Float64Array;
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
 */
export function leidenPartition(graph: WeightedCsr, resolution: number, rng: Rng, initial?: ArrayLike<number>): Int32Array {
  const n = graph.n;
  const strength = new Float64Array(n);
  for (let v = 0; v < n; v++) for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) strength[v]! += graph.weights[i]!;
  let twoM = 0;
  for (let v = 0; v < n; v++) twoM += strength[v]!;
  const membership = initial ? Int32Array.from(initial) : identity(n);
  if (twoM === 0) return membership;
  const scale = resolution / twoM;

  // nodeOf[v]: the node of the current level that original node v belongs to.
  const nodeOf = identity(n);
  let level: Level = { graph, strength };
  let partition = compact(membership);
  for (;;) {
    const communityCount = fastLocalMoves(level, partition, scale, rng);
    if (communityCount === level.graph.n) break;
    let refined = refine(level, partition, scale, rng);
    // Should refinement merge nothing, the aggregate would be this level again and the loop would
    // never end; aggregating the unrefined communities (Louvain's step) still shrinks the graph.
    if (compactCount(refined) === level.graph.n) refined = partition;
    const { next, aggregateOf } = aggregate(level, refined);
    const nextPartition = new Int32Array(next.graph.n);
    for (let v = 0; v < level.graph.n; v++) nextPartition[aggregateOf[v]!] = partition[v]!;
    for (let v = 0; v < n; v++) nodeOf[v] = aggregateOf[nodeOf[v]!]!;
    level = next;
    partition = compact(nextPartition);
  }
  for (let v = 0; v < n; v++) membership[v] = partition[nodeOf[v]!]!;
  return membership;
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
  let largest = 0;
  for (const c of membership) if (c > largest) largest = c;
  const renumber = new Int32Array(largest + 1).fill(-1);
  let next = 0;
  return membership.map((c) => {
    if (renumber[c] === -1) renumber[c] = next++;
    return renumber[c]!;
  });
}

/** Distinct ids in a refined partition (ids are node numbers, below its length). */
function compactCount(membership: Int32Array): number {
  const seen = new Uint8Array(membership.length);
  let count = 0;
  for (const c of membership) if (!seen[c]) {
    seen[c] = 1;
    count++;
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
function fastLocalMoves(level: Level, partition: Int32Array, scale: number, rng: Rng): number {
  const { graph, strength } = level;
  const n = graph.n;
  const total = new Float64Array(n);
  const size = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    total[partition[v]!]! += strength[v]!;
    size[partition[v]!]!++;
  }
  const empty: number[] = [];
  for (let c = n - 1; c >= 0; c--) if (size[c] === 0) empty.push(c);
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n).fill(1);
  queue.set(shuffledNodes(n, rng));
  let head = 0;
  let length = n;
  const weightTo = new Float64Array(n);
  const touched: number[] = [];
  while (length > 0) {
    const v = queue[head]!;
    head = (head + 1) % n;
    length--;
    queued[v] = 0;
    const own = partition[v]!;
    const k = strength[v]!;
    touched.length = 0;
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) {
      const c = partition[graph.targets[i]!]!;
      if (weightTo[c] === 0) touched.push(c);
      weightTo[c]! += graph.weights[i]!;
    }
    total[own]! -= k;
    size[own]!--;
    // Staying wins ties, so a node never moves for nothing; an empty community gains 0.
    let best = own;
    let bestGain = weightTo[own]! - scale * k * total[own]!;
    for (const c of touched) {
      const gain = weightTo[c]! - scale * k * total[c]!;
      if (gain > bestGain) {
        best = c;
        bestGain = gain;
      }
    }
    if (bestGain < 0 && size[own]! > 0) {
      best = empty.pop()!;
      bestGain = 0;
    }
    for (const c of touched) weightTo[c] = 0;
    total[best]! += k;
    size[best]!++;
    if (best === own) continue;
    if (size[own] === 0) empty.push(own);
    partition[v] = best;
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) {
      const u = graph.targets[i]!;
      if (queued[u] || partition[u] === best) continue;
      queued[u] = 1;
      queue[(head + length) % n] = u;
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
function refine(level: Level, partition: Int32Array, scale: number, rng: Rng): Int32Array {
  const { graph, strength } = level;
  const n = graph.n;
  const communityTotal = new Float64Array(n);
  for (let v = 0; v < n; v++) communityTotal[partition[v]!]! += strength[v]!;
  const refined = identity(n);
  const refinedTotal = Float64Array.from(strength);
  const refinedSize = new Int32Array(n).fill(1);
  // external[s]: weight from sub-community s to the rest of its community.
  const external = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) if (partition[graph.targets[i]!] === partition[v]) external[v]! += graph.weights[i]!;
  }
  const wellConnected = (s: number, community: number): boolean => external[s]! >= scale * refinedTotal[s]! * (communityTotal[community]! - refinedTotal[s]!);
  const weightTo = new Float64Array(n);
  const touched: number[] = [];
  for (const v of shuffledNodes(n, rng)) {
    const community = partition[v]!;
    if (refinedSize[refined[v]!] !== 1 || !wellConnected(refined[v]!, community)) continue;
    touched.length = 0;
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) {
      const u = graph.targets[i]!;
      if (partition[u] !== community || u === v) continue;
      const s = refined[u]!;
      if (weightTo[s] === 0) touched.push(s);
      weightTo[s]! += graph.weights[i]!;
    }
    const k = strength[v]!;
    let best = -1;
    let bestGain = 0;
    for (const s of touched) {
      if (!wellConnected(s, community)) continue;
      const gain = weightTo[s]! - scale * k * refinedTotal[s]!;
      if (gain >= bestGain && (best < 0 || gain > bestGain)) {
        best = s;
        bestGain = gain;
      }
    }
    if (best >= 0) {
      const own = refined[v]!;
      refined[v] = best;
      refinedSize[own] = 0;
      refinedTotal[own] = 0;
      external[best] = external[best]! + external[own]! - 2 * weightTo[best]!;
      refinedSize[best]!++;
      refinedTotal[best]! += k;
    }
    for (const s of touched) weightTo[s] = 0;
  }
  return refined;
}

/** One node per refined community; edge weights summed, edges inside a community dropped. */
function aggregate(level: Level, refined: Int32Array): { next: Level; aggregateOf: Int32Array } {
  const { graph, strength } = level;
  const n = graph.n;
  const aggregateOf = compact(refined);
  let count = 0;
  for (const a of aggregateOf) count = Math.max(count, a + 1);
  // Members of each aggregate node by counting sort (typed arrays: far less garbage than lists).
  const start = new Int32Array(count + 1);
  for (let v = 0; v < n; v++) start[aggregateOf[v]! + 1]!++;
  for (let a = 0; a < count; a++) start[a + 1]! += start[a]!;
  const members = new Int32Array(n);
  const fill = start.slice(0, count);
  for (let v = 0; v < n; v++) members[fill[aggregateOf[v]!]!++] = v;
  const nextStrength = new Float64Array(count);
  const offsets = new Uint32Array(count + 1);
  const targets = new Uint32Array(graph.targets.length);
  const weights = new Float64Array(graph.targets.length);
  const weightTo = new Float64Array(count);
  const touched: number[] = [];
  let edges = 0;
  for (let a = 0; a < count; a++) {
    touched.length = 0;
    for (let m = start[a]!; m < start[a + 1]!; m++) {
      const v = members[m]!;
      nextStrength[a]! += strength[v]!;
      for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) {
        const b = aggregateOf[graph.targets[i]!]!;
        if (b === a) continue;
        if (weightTo[b] === 0) touched.push(b);
        weightTo[b]! += graph.weights[i]!;
      }
    }
    for (const b of touched) {
      targets[edges] = b;
      weights[edges++] = weightTo[b]!;
      weightTo[b] = 0;
    }
    offsets[a + 1] = edges;
  }
  return {
    next: { graph: { n: count, offsets, targets: targets.slice(0, edges), weights: weights.slice(0, edges) }, strength: nextStrength },
    aggregateOf,
  };
}

/** 0, 1, …, n − 1. */
function identity(n: number): Int32Array {
  const values = new Int32Array(n);
  for (let v = 0; v < n; v++) values[v] = v;
  return values;
}
