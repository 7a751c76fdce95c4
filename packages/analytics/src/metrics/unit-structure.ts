import type { Digraph } from '../graph/digraph.ts';

export interface UnitStructure {
  unitIndex: number;
  members: number;
  /** Directed ties among members. */
  internalTies: number;
  /** Ties with exactly one end in the unit (either direction). */
  externalTies: number;
  /** internal / (members·(members−1)); null for a one-person unit. */
  density: number | null;
  /** Krackhardt & Stern (1988): (E − I) / (E + I); −1 all inward, +1 all outward; null without ties. */
  eiIndex: number | null;
}

export function unitStructure(graph: Digraph, unitOf: Int32Array, unitCount: number): UnitStructure[] {
  const members = new Int32Array(unitCount);
  const internal = new Int32Array(unitCount);
  const external = new Int32Array(unitCount);
  for (let v = 0; v < graph.nodeCount; v++) {
    const u = unitOf[v]!;
    if (u < unitCount) members[u]!++;
    for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
      const w = graph.outTargets[i]!;
      const uw = unitOf[w]!;
      if (uw === u) {
        if (u < unitCount) internal[u]!++;
      } else {
        if (u < unitCount) external[u]!++;
        if (uw < unitCount) external[uw]!++;
      }
    }
  }
  const result: UnitStructure[] = [];
  for (let u = 0; u < unitCount; u++) {
    const m = members[u]!;
    const ties = internal[u]! + external[u]!;
    result.push({
      unitIndex: u,
      members: m,
      internalTies: internal[u]!,
      externalTies: external[u]!,
      density: m > 1 ? internal[u]! / (m * (m - 1)) : null,
      eiIndex: ties > 0 ? (external[u]! - internal[u]!) / ties : null,
    });
  }
  return result;
}
