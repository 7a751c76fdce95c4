/** The journey's units as a tree: children, each unit's subtree and each unit's line up to its root. */
export interface UnitTree {
  childrenOf(unitId: number): number[];
  /** The unit and every unit below it. */
  subtreeOf(unitId: number): Set<number>;
  /** The unit and every unit above it (a unit whose parent is unknown ends the line). */
  lineOf(unitId: number): number[];
}

export function unitTree(units: readonly { id: number; parentId: number | null }[]): UnitTree {
  const known = new Set(units.map((unit) => unit.id));
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parentId !== null && known.has(unit.parentId) ? unit.parentId : null] as const));
  const children = new Map<number, number[]>();
  for (const unit of units) {
    const parent = parentOf.get(unit.id);
    if (parent !== null && parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), unit.id]);
  }
  return {
    childrenOf: (unitId) => children.get(unitId) ?? [],
    subtreeOf: (unitId) => {
      const found = new Set<number>();
      const stack = [unitId];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (found.has(next)) continue;
        found.add(next);
        stack.push(...(children.get(next) ?? []));
      }
      return found;
    },
    lineOf: (unitId) => {
      const line: number[] = [];
      // A cycle in bad data must not loop forever: stop at a unit already on the line.
      for (let at: number | null | undefined = unitId; at !== null && at !== undefined && !line.includes(at); at = parentOf.get(at)) line.push(at);
      return line;
    },
  };
}
