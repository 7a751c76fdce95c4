import { COLLABORATION_GRAPH_TYPE } from '@ona/contracts';
import { unitTree } from '../analytics-shared/unit-tree.ts';
import { subordinatesOf } from '../engagements/access-scope.ts';
import { matchesFilters } from './graph-filters.ts';
import type { GraphPerson, GraphSource } from './graph-source.ts';
import type { GraphRequest, GraphViewer } from './graph-view.ts';

/** A tie of the chosen category between two people's indexes, with its questions. */
export interface CategoryTie {
  source: number;
  target: number;
  questions: number[];
}

/** A tie drawn, with whether its reverse is drawn too. */
export interface DrawnTie extends CategoryTie {
  mutual: boolean;
}

/**
 * What one request may see of a graph source, before it is written out in either form (the
 * people view of graph-visualization, the unit overview of graph-overview): both are cut here,
 * so that the access rules, narrowing and tie visibility cannot differ between them.
 */
export interface GraphCut {
  /** Every tie of the chosen category (the whole engagement: `named_by` counts from it). */
  ties: CategoryTie[];
  /** The caller's index in the source, if they are one of its people. */
  own: number | undefined;
  /** Below all_access: nobody learns who named them. */
  hidesNominators: boolean;
  /** 1 for the people the caller may see. */
  visible: Uint8Array;
  /** 1 for the people the view keeps (visible, in the chosen units, matching the filters). */
  shown: Uint8Array;
  visiblePeople: GraphPerson[];
  /** Ties among the people shown that the caller may see, every visibility. */
  kept: CategoryTie[];
  /** The kept ties in the chosen visibility (`edges`), with `mutual`. */
  relations: DrawnTie[];
  /** Ties given and received per person among the kept ones. */
  given: Int32Array;
  received: Int32Array;
}

export function cutGraph(source: GraphSource, request: Pick<GraphRequest, 'graphType' | 'units' | 'edges' | 'filters'>, viewer: GraphViewer): GraphCut {
  const { people } = source;
  const n = people.length;
  const questionIds = new Set(source.questions.filter((q) => (request.graphType === null ? q.work : q.category === request.graphType)).map((q) => q.id));
  const collaboration = request.graphType === COLLABORATION_GRAPH_TYPE;

  // Ties of the category, as index pairs with their questions; the collaboration network's ties
  // (both ways, no questions) when it is chosen.
  const ties: CategoryTie[] = [];
  if (collaboration) for (const tie of source.collaboration ?? []) ties.push({ source: tie.source, target: tie.target, questions: [] });
  else {
    for (const tie of source.ties) {
      const questions = tie.questions.filter((q) => questionIds.has(q));
      if (questions.length > 0) ties.push({ source: tie.source, target: tie.target, questions });
    }
  }

  const own = viewer.ownEmployeeId === null ? undefined : source.indexById.get(viewer.ownEmployeeId);
  // Below all_access nobody learns who named them (ARCHITECTURE.md, house style 9; docs/graph.md).
  const hidesNominators = viewer.level !== 'all_access';
  const visible = new Uint8Array(n);
  if (viewer.level === 'all_access') visible.fill(1);
  else if (own !== undefined) {
    visible[own] = 1;
    if (viewer.level === 'subtree') {
      const leaderOf = new Map(people.map((p) => [p.id, p.leaderId] as const));
      for (const id of subordinatesOf(people[own]!.id, leaderOf)) {
        const index = source.indexById.get(id);
        if (index !== undefined) visible[index] = 1;
      }
    } else {
      // self_only: the people the caller named; those who named the caller stay counts (namedBy).
      for (const tie of ties) if (tie.source === own) visible[tie.target] = 1;
    }
  }

  const chosenUnits = unitsWithDescendants(source, request.units);
  const shown = new Uint8Array(n);
  const visiblePeople: GraphPerson[] = [];
  for (let i = 0; i < n; i++) {
    if (!visible[i]) continue;
    const person = people[i]!;
    visiblePeople.push(person);
    if (chosenUnits && (person.unitId === null || !chosenUnits.has(person.unitId))) continue;
    if (!matchesFilters(source, person, request.filters)) continue;
    shown[i] = 1;
  }

  // Ties among the people shown. Below all_access no tie naming the caller is kept, so a returned
  // tie is drawn as the caller's own and never as mutual; self_only keeps only the caller's ties.
  const kept = ties.filter(
    (t) => shown[t.source] && shown[t.target] && !(hidesNominators && t.target === own) && (viewer.level !== 'self_only' || t.source === own),
  );
  const pairKey = (a: number, b: number) => a * n + b;
  const present = new Set(kept.map((t) => pairKey(t.source, t.target)));
  const given = new Int32Array(n);
  const received = new Int32Array(n);
  for (const t of kept) {
    given[t.source]!++;
    received[t.target]!++;
  }
  const drawn = kept
    .map((t) => ({ ...t, mutual: present.has(pairKey(t.target, t.source)) }))
    .filter((t) => request.edges === 'all' || (request.edges === 'mutual' && t.mutual) || (request.edges === 'oneway' && !t.mutual));
  const relations = request.edges === 'none' ? [] : drawn;
  return { ties, own, hidesNominators, visible, shown, visiblePeople, kept, relations, given, received };
}

/** The chosen units and every unit below them; null when no unit was chosen (no narrowing). */
function unitsWithDescendants(source: GraphSource, chosen: readonly number[]): Set<number> | null {
  if (chosen.length === 0) return null;
  const tree = unitTree(source.units);
  const result = new Set<number>();
  for (const id of chosen) for (const unit of tree.subtreeOf(id)) result.add(unit);
  return result;
}
