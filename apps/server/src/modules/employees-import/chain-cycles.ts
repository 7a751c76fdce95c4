/**
 * The cycles of a "points to its parent" relation (leader e-mails, parent units): each cycle once,
 * as the list of its members in order. Members of a cycle have no root, which would make the
 * leader tree (and every subtree report) endless.
 */
export function findCycles<K>(parentOf: ReadonlyMap<K, K | null>): K[][] {
  const state = new Map<K, 'walking' | 'done'>();
  const cycles: K[][] = [];
  for (const start of parentOf.keys()) {
    if (state.has(start)) continue;
    const path: K[] = [];
    let node: K | null | undefined = start;
    while (node !== null && node !== undefined && !state.has(node)) {
      state.set(node, 'walking');
      path.push(node);
      node = parentOf.get(node);
    }
    if (node !== null && node !== undefined && state.get(node) === 'walking') {
      cycles.push(path.slice(path.indexOf(node)));
    }
    for (const visited of path) state.set(visited, 'done');
  }
  return cycles;
}
