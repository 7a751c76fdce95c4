import type { Digraph } from '../graph/digraph.ts';
import { undirectedRows } from '../graph/digraph.ts';

/** Ties of one unit's members: inside the unit, crossing its boundary, and Krackhardt–Stern's E-I index. */
export interface UnitEi {
  /** Index into the input's units (people of an unknown unit form their own groups and are left out). */
  unit: number;
  members: number;
  internal: number;
  external: number;
  /** (external − internal) / (external + internal); null without ties. */
  ei: number | null;
}

export interface NetworkFigures {
  /** Share of ties that are returned (NetworkX overall_reciprocity); null without ties. */
  reciprocity: number | null;
  /** 3 × triangles / connected triples on the undirected union of the ties; null without triples. */
  transitivity: number | null;
  /** Freeman's in-degree centralisation: Σ (max − in) / (n − 1)²; null below 3 people. */
  inDegreeCentralization: number | null;
  /** Freeman's betweenness centralisation on the normalised scores: Σ (max − b) / (n − 1); null when betweenness is skipped. */
  betweennessCentralization: number | null;
  /** E-I index of the whole network (every tie is internal or external to its ends' units). */
  ei: number | null;
  eiByUnit: UnitEi[];
}

export function networkFigures(
  graph: Digraph,
  degrees: { inDegree: readonly number[]; mutual: readonly number[] },
  betweennessNormalized: readonly number[] | null,
  unitOf: ArrayLike<number>,
  unitCount: number,
): NetworkFigures {
  const n = graph.nodeCount;
  let mutualTies = 0;
  for (const m of degrees.mutual) mutualTies += m;
  return {
    reciprocity: graph.edgeCount > 0 ? mutualTies / graph.edgeCount : null,
    transitivity: transitivity(graph),
    inDegreeCentralization: n >= 3 ? freeman(degrees.inDegree) / ((n - 1) * (n - 1)) : null,
    betweennessCentralization: betweennessCentralization(betweennessNormalized, n),
    ...eiIndex(graph, unitOf, unitCount),
  };
}

/** Freeman's betweenness centralisation on normalised scores; null when betweenness is skipped or below 3 people. */
export function betweennessCentralization(betweennessNormalized: readonly number[] | null, n: number): number | null {
  return betweennessNormalized && n >= 3 ? freeman(betweennessNormalized) / (n - 1) : null;
}

function freeman(values: readonly number[]): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  let sum = 0;
  for (const value of values) sum += max - value;
  return sum;
}

/** Global clustering of the undirected union (NetworkX `transitivity(G.to_undirected())`). */
function transitivity(graph: Digraph): number | null {
  const n = graph.nodeCount;
  const { offsets, targets } = undirectedRows(graph);
  const mark = new Uint8Array(n);
  let closed = 0;
  let triples = 0;
  for (let v = 0; v < n; v++) {
    const first = offsets[v]!;
    const last = offsets[v + 1]!;
    const d = last - first;
    triples += (d * (d - 1)) / 2;
    for (let i = first; i < last; i++) mark[targets[i]!] = 1;
    // Each tie among v's neighbours is seen from both ends: halve below.
    for (let i = first; i < last; i++) {
      const w = targets[i]!;
      for (let j = offsets[w]!, end = offsets[w + 1]!; j < end; j++) closed += mark[targets[j]!]!;
    }
    for (let i = first; i < last; i++) mark[targets[i]!] = 0;
  }
  return triples > 0 ? closed / 2 / triples : null;
}

function eiIndex(graph: Digraph, unitOf: ArrayLike<number>, unitCount: number): { ei: number | null; eiByUnit: UnitEi[] } {
  const internal = new Float64Array(unitCount);
  const external = new Float64Array(unitCount);
  const members = new Int32Array(unitCount);
  let totalInternal = 0;
  let total = 0;
  for (let v = 0; v < graph.nodeCount; v++) {
    const gv = unitOf[v]!;
    if (gv < unitCount) members[gv]!++;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const gw = unitOf[graph.outTargets[i]!]!;
      total++;
      if (gv === gw) {
        totalInternal++;
        if (gv < unitCount) internal[gv]!++;
      } else {
        if (gv < unitCount) external[gv]!++;
        if (gw < unitCount) external[gw]!++;
      }
    }
  }
  const eiByUnit: UnitEi[] = [];
  for (let unit = 0; unit < unitCount; unit++) {
    if (members[unit] === 0) continue;
    const ties = internal[unit]! + external[unit]!;
    eiByUnit.push({ unit, members: members[unit]!, internal: internal[unit]!, external: external[unit]!, ei: ties > 0 ? (external[unit]! - internal[unit]!) / ties : null });
  }
  return { ei: total > 0 ? (total - 2 * totalInternal) / total : null, eiByUnit };
}
