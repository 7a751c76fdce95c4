import type { Digraph } from '../graph/digraph.ts';
import { undirectedRows } from '../graph/digraph.ts';

export interface StructuralHoles {
  /** Burt's effective size; null for a person with no tie in either direction. */
  effectiveSize: (number | null)[];
  /** Burt's aggregate constraint; null for a person with no tie in either direction. */
  constraint: (number | null)[];
}

/**
 * Burt's (1992) effective size and constraint of each person's ego network, read as NetworkX
 * reads a DiGraph (`nx.effective_size`, `nx.constraint`): the contacts of u are everyone u names
 * or is named by, and the tie strength between two people is the mutual weight a_uv + a_vu
 * (1 one way, 2 both ways). With p(u,w) = m(u,w) / Σ_x m(u,x):
 *   effective size(u) = Σ_v [1 − Σ_w p(u,w) · m(v,w) / max_x m(v,x)]
 *   constraint(u)     = Σ_v [p(u,v) + Σ_w p(u,w) · p(w,v)]²
 * with v and w over u's contacts. NetworkX leaves a person nobody but others name (no out-tie)
 * undefined; the formulas are well defined there and the engine gives the value (the reference
 * script checks it against NetworkX's own local sums).
 *
 * Written here because no kept library has it for this graph form: graphology-metrics offers
 * no structural-hole measure, and the typed-array digraph lets a marker array replace the
 * O(deg² log deg) edge look-ups of a direct transcription: Σ_v deg(v)² work in all.
 */
export function structuralHoles(graph: Digraph): StructuralHoles {
  const n = graph.nodeCount;
  const { outOffsets, outTargets, inOffsets, inSources } = graph;
  // Σ_x m(v,x) is v's in-degree plus out-degree; max_x m(v,x) is 2 when v has a mutual tie.
  const strength = new Float64Array(n);
  const maxWeight = new Float64Array(n);
  const { offsets: contactOffsets, targets: contacts } = undirectedRows(graph);
  for (let v = 0; v < n; v++) {
    strength[v] = outOffsets[v + 1]! - outOffsets[v]! + inOffsets[v + 1]! - inOffsets[v]!;
    const distinct = contactOffsets[v + 1]! - contactOffsets[v]!;
    // Mutual contacts are counted twice in in + out, so fewer distinct contacts means a mutual tie.
    maxWeight[v] = distinct < strength[v]! ? 2 : distinct > 0 ? 1 : 0;
  }
  const share = new Float64Array(n); // p(u,w) for w among u's contacts, 0 elsewhere
  const effectiveSize: (number | null)[] = new Array<number | null>(n).fill(null);
  const constraint: (number | null)[] = new Array<number | null>(n).fill(null);
  for (let u = 0; u < n; u++) {
    const first = contactOffsets[u]!;
    const last = contactOffsets[u + 1]!;
    if (first === last) continue;
    const su = strength[u]!;
    for (let i = outOffsets[u]!; i < outOffsets[u + 1]!; i++) share[outTargets[i]!]! += 1 / su;
    for (let i = inOffsets[u]!; i < inOffsets[u + 1]!; i++) share[inSources[i]!]! += 1 / su;
    let effective = 0;
    let total = 0;
    for (let c = first; c < last; c++) {
      const v = contacts[c]!;
      const mv = maxWeight[v]!;
      // Each occurrence of w in v's out- and in-lists adds 1 to m(v,w) = m(w,v).
      let redundancy = 0;
      let indirect = 0;
      for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) {
        const w = outTargets[i]!;
        const pw = share[w]!;
        if (pw === 0) continue;
        redundancy += pw / mv;
        indirect += pw / strength[w]!;
      }
      for (let i = inOffsets[v]!; i < inOffsets[v + 1]!; i++) {
        const w = inSources[i]!;
        const pw = share[w]!;
        if (pw === 0) continue;
        redundancy += pw / mv;
        indirect += pw / strength[w]!;
      }
      effective += 1 - redundancy;
      const local = share[v]! + indirect;
      total += local * local;
    }
    effectiveSize[u] = effective;
    constraint[u] = total;
    for (let c = first; c < last; c++) share[contacts[c]!] = 0;
  }
  return { effectiveSize, constraint };
}
