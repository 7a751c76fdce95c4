/** A unit row that names its parent; the org chart nests them. */
export type TParentedUnit = { id: number; parent: number | null };
export type TUnitTreeNode<T> = { unit: T; children: TUnitTreeNode<T>[] };

/**
 * Builds the unit tree from a flat list. A unit whose parent is missing from the list becomes a
 * root, and a parent chain that loops is cut where it closes, so bad data still draws.
 */
export function buildUnitTree<T extends TParentedUnit>(units: readonly T[]): TUnitTreeNode<T>[] {
  const nodes = new Map<number, TUnitTreeNode<T>>();
  for (const unit of units) nodes.set(unit.id, { unit, children: [] });
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parent]));
  const roots: TUnitTreeNode<T>[] = [];
  for (const unit of units) {
    const node = nodes.get(unit.id);
    if (!node) continue;
    const parent = unit.parent === null ? undefined : nodes.get(unit.parent);
    if (parent && !isAncestor(unit.id, unit.parent, parentOf)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `candidate` appears on the parent chain starting at `from` (a cycle through the unit). */
function isAncestor(candidate: number, from: number | null, parentOf: ReadonlyMap<number, number | null>): boolean {
  const seen = new Set<number>();
  let current = from;
  while (current !== null && current !== undefined && !seen.has(current)) {
    if (current === candidate) return true;
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return false;
}

/** Every unit id of a tree, depth first, for "expand all". */
export function treeIds<T extends { id: number }>(nodes: readonly TUnitTreeNode<T>[]): number[] {
  return nodes.flatMap((node) => [node.unit.id, ...treeIds(node.children)]);
}
