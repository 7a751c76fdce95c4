/**
 * A directed graph on integer node ids 0..n-1 in compressed sparse row form. The hot loops
 * (betweenness, PageRank, brokerage) run over these typed arrays; string keys and objects would
 * cost several times more time and memory on organisations of 20,000 people.
 */
export interface Digraph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** Out-neighbours of v: outTargets[outOffsets[v] .. outOffsets[v+1]), sorted ascending. */
  readonly outOffsets: Int32Array;
  readonly outTargets: Int32Array;
  /** In-neighbours of v, sorted ascending. */
  readonly inOffsets: Int32Array;
  readonly inSources: Int32Array;
}

/**
 * Builds a digraph from parallel source/target arrays. Self-loops are dropped and duplicate ties
 * merged: a nomination is a yes/no relation, and naming someone twice must not count twice.
 */
export function buildDigraph(nodeCount: number, sources: ArrayLike<number>, targets: ArrayLike<number>): Digraph {
  const count = Math.min(sources.length, targets.length);
  const outDegreeRaw = new Int32Array(nodeCount + 1);
  for (let e = 0; e < count; e++) {
    const s = sources[e]!;
    const t = targets[e]!;
    if (s !== t) outDegreeRaw[s + 1]!++;
  }
  for (let v = 0; v < nodeCount; v++) outDegreeRaw[v + 1]! += outDegreeRaw[v]!;
  const rawTargets = new Int32Array(outDegreeRaw[nodeCount]!);
  const cursor = outDegreeRaw.slice(0, nodeCount);
  for (let e = 0; e < count; e++) {
    const s = sources[e]!;
    const t = targets[e]!;
    if (s !== t) rawTargets[cursor[s]!++] = t;
  }
  // Sort each row and drop duplicates in place.
  const outOffsets = new Int32Array(nodeCount + 1);
  let write = 0;
  for (let v = 0; v < nodeCount; v++) {
    const start = outDegreeRaw[v]!;
    const end = outDegreeRaw[v + 1]!;
    const row = rawTargets.subarray(start, end).sort();
    outOffsets[v] = write;
    let last = -1;
    for (let i = 0; i < row.length; i++) {
      const t = row[i]!;
      if (t !== last) {
        rawTargets[write++] = t;
        last = t;
      }
    }
  }
  outOffsets[nodeCount] = write;
  const outTargets = rawTargets.slice(0, write);
  const { offsets: inOffsets, neighbours: inSources } = transposeRows(nodeCount, outOffsets, outTargets);
  return { nodeCount, edgeCount: write, outOffsets, outTargets, inOffsets, inSources };
}

function transposeRows(
  nodeCount: number,
  offsets: Int32Array,
  neighbours: Int32Array,
): { offsets: Int32Array; neighbours: Int32Array } {
  const tOffsets = new Int32Array(nodeCount + 1);
  for (let i = 0; i < neighbours.length; i++) tOffsets[neighbours[i]! + 1]!++;
  for (let v = 0; v < nodeCount; v++) tOffsets[v + 1]! += tOffsets[v]!;
  const tNeighbours = new Int32Array(neighbours.length);
  const cursor = tOffsets.slice(0, nodeCount);
  // Rows are visited in ascending order, so every transposed row comes out sorted.
  for (let v = 0; v < nodeCount; v++) {
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) tNeighbours[cursor[neighbours[i]!]!++] = v;
  }
  return { offsets: tOffsets, neighbours: tNeighbours };
}

/** The reversed graph: every tie points the other way. */
export function transpose(graph: Digraph): Digraph {
  return {
    nodeCount: graph.nodeCount,
    edgeCount: graph.edgeCount,
    outOffsets: graph.inOffsets,
    outTargets: graph.inSources,
    inOffsets: graph.outOffsets,
    inSources: graph.outTargets,
  };
}

export function hasEdge(graph: Digraph, source: number, target: number): boolean {
  let lo = graph.outOffsets[source]!;
  let hi = graph.outOffsets[source + 1]! - 1;
  const row = graph.outTargets;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = row[mid]!;
    if (value === target) return true;
    if (value < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function outDegreeOf(graph: Digraph, v: number): number {
  return graph.outOffsets[v + 1]! - graph.outOffsets[v]!;
}

export function inDegreeOf(graph: Digraph, v: number): number {
  return graph.inOffsets[v + 1]! - graph.inOffsets[v]!;
}

/** Union of several graphs on the same nodes (a tie when any of them has it). */
export function unionDigraphs(nodeCount: number, graphs: readonly Digraph[]): Digraph {
  let total = 0;
  for (const g of graphs) total += g.edgeCount;
  const sources = new Int32Array(total);
  const targets = new Int32Array(total);
  let k = 0;
  for (const g of graphs) {
    for (let v = 0; v < nodeCount; v++) {
      for (let i = g.outOffsets[v]!; i < g.outOffsets[v + 1]!; i++) {
        sources[k] = v;
        targets[k++] = g.outTargets[i]!;
      }
    }
  }
  return buildDigraph(nodeCount, sources, targets);
}

/** Undirected neighbourhood (in ∪ out) of v, sorted, without duplicates. */
export function undirectedNeighbours(graph: Digraph, v: number): Int32Array {
  const a = graph.outTargets.subarray(graph.outOffsets[v]!, graph.outOffsets[v + 1]!);
  const b = graph.inSources.subarray(graph.inOffsets[v]!, graph.inOffsets[v + 1]!);
  const merged = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    const next = x <= y ? x : y;
    if (x === next) i++;
    if (y === next) j++;
    merged[k++] = next;
  }
  return merged.slice(0, k);
}

/** Every node's undirected neighbourhood (as `undirectedNeighbours`) in one CSR: no array per node. */
export interface UndirectedRows {
  /** Neighbours of v: targets[offsets[v] .. offsets[v+1]), sorted, without duplicates. */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

export function undirectedRows(graph: Digraph): UndirectedRows {
  const n = graph.nodeCount;
  const { outOffsets, outTargets, inOffsets, inSources } = graph;
  const offsets = new Int32Array(n + 1);
  const merged = new Int32Array(outTargets.length + inSources.length);
  let k = 0;
  for (let v = 0; v < n; v++) {
    let i = outOffsets[v]!;
    const iEnd = outOffsets[v + 1]!;
    let j = inOffsets[v]!;
    const jEnd = inOffsets[v + 1]!;
    while (i < iEnd && j < jEnd) {
      const x = outTargets[i]!;
      const y = inSources[j]!;
      if (x <= y) i++;
      if (y <= x) j++;
      merged[k++] = x <= y ? x : y;
    }
    while (i < iEnd) merged[k++] = outTargets[i++]!;
    while (j < jEnd) merged[k++] = inSources[j++]!;
    offsets[v + 1] = k;
  }
  return { offsets, targets: merged.slice(0, k) };
}
