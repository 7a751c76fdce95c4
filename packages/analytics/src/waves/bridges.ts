/**
 * Bridges of an undirected graph: edges whose removal leaves more connected components (Tarjan's
 * low-link method, iterative so that a long chain cannot overflow the stack). A tie to someone
 * with no other tie is left out: it is a bridge only in the trivial sense that the other person
 * hangs on it, not a link between two groups.
 */
export function bridgesBetweenGroups(nodeCount: number, neighbours: readonly (readonly number[])[]): [number, number][] {
  const order = new Int32Array(nodeCount).fill(-1);
  const low = new Int32Array(nodeCount);
  const parent = new Int32Array(nodeCount).fill(-1);
  const cursor = new Int32Array(nodeCount);
  const bridges: [number, number][] = [];
  let counter = 0;
  for (let root = 0; root < nodeCount; root++) {
    if (order[root] !== -1) continue;
    const stack = [root];
    order[root] = low[root] = counter++;
    while (stack.length > 0) {
      const v = stack[stack.length - 1]!;
      const list = neighbours[v]!;
      if (cursor[v]! < list.length) {
        const w = list[cursor[v]!++]!;
        if (order[w] === -1) {
          parent[w] = v;
          order[w] = low[w] = counter++;
          stack.push(w);
        } else if (w !== parent[v]) {
          low[v] = Math.min(low[v]!, order[w]!);
        }
        continue;
      }
      stack.pop();
      const p = parent[v]!;
      if (p === -1) continue;
      low[p] = Math.min(low[p]!, low[v]!);
      if (low[v]! > order[p]! && list.length > 1 && neighbours[p]!.length > 1) bridges.push(p < v ? [p, v] : [v, p]);
    }
  }
  return bridges;
}

/** Undirected neighbour lists (each neighbour once) of directed ties. */
export function undirectedNeighbours(nodeCount: number, ties: readonly { a: number; b: number }[]): number[][] {
  const sets = Array.from({ length: nodeCount }, () => new Set<number>());
  for (const { a, b } of ties) {
    if (a === b) continue;
    sets[a]!.add(b);
    sets[b]!.add(a);
  }
  return sets.map((set) => [...set]);
}
