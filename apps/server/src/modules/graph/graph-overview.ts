import { COLLABORATION_GRAPH_TYPE, NO_UNIT_ID, OVERVIEW_NODE_PERSON, OVERVIEW_NODE_UNIT, type TGraphOverview } from '@ona/contracts';
import { cutGraph } from './graph-cut.ts';
import { filterOptions } from './graph-filters.ts';
import type { GraphSource } from './graph-source.ts';
import { graphTypesOf, graphUnits, namedBy, type GraphRequest, type GraphViewer, type GraphViewLabels } from './graph-view.ts';
import { tieStatistics } from './tie-statistics.ts';

export interface GraphOverviewRequest extends Omit<GraphRequest, 'employees'> {
  /** Units drawn as their people (NO_UNIT_ID: the people without a unit). */
  open: readonly number[];
  /** `units`: the other units as nodes too; `none`: only the opened people. */
  rest: 'units' | 'none';
}

/**
 * The overview of units (pure): the same cut as the people view (access, narrowing, visibility of
 * ties: graph-cut.ts), then every person of a unit not opened folded into one node of that unit,
 * and the ties drawn summed per pair of nodes (directed). Nothing is counted that the people view
 * would not draw for the same caller and query, so no figure here can tell more than that view:
 * the overview has no anonymity threshold of its own, as the people view has none (docs/graph.md).
 */
export function buildGraphOverview(source: GraphSource, request: GraphOverviewRequest, viewer: GraphViewer, labels: GraphViewLabels): TGraphOverview {
  const { people } = source;
  const n = people.length;
  const cut = cutGraph(source, request, viewer);
  const { shown, relations } = cut;
  const unitKey = (i: number) => people[i]!.unitId ?? NO_UNIT_ID;

  // Units with someone shown, in the units' order, the people without a unit last.
  const shownPerUnit = new Map<number, number>();
  for (let i = 0; i < n; i++) if (shown[i]) shownPerUnit.set(unitKey(i), (shownPerUnit.get(unitKey(i)) ?? 0) + 1);
  const unitOrder = [...source.units.map((u) => u.id), NO_UNIT_ID].filter((id) => shownPerUnit.has(id));
  const asked = new Set(request.open);
  const opened = new Set(unitOrder.filter((id) => asked.has(id)));
  const unitNodes = request.rest === 'units' ? unitOrder.filter((id) => !opened.has(id)) : [];
  let personCount = 0;
  for (let i = 0; i < n; i++) if (shown[i] && opened.has(unitKey(i))) personCount++;

  const count = unitNodes.length + personCount;
  const kind = new Uint8Array(count);
  const id = new Int32Array(count);
  const unit = new Int32Array(count);
  const members = new Uint32Array(count);
  const internalTies = new Uint32Array(count);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const labelsOut: string[] = new Array<string>(count);
  const unitName = new Map(source.units.map((u) => [u.id, u.name] as const));
  const unitNode = new Map<number, number>();
  unitNodes.forEach((unitId, index) => {
    unitNode.set(unitId, index);
    kind[index] = OVERVIEW_NODE_UNIT;
    id[index] = unitId;
    unit[index] = unitId;
    labelsOut[index] = unitName.get(unitId) ?? '';
  });

  // Each person's node: their own when their unit is opened, their unit's otherwise (-1: not drawn).
  const nodeOf = new Int32Array(n).fill(-1);
  const sumX = new Float64Array(unitNodes.length);
  const sumY = new Float64Array(unitNodes.length);
  let next = unitNodes.length;
  for (let i = 0; i < n; i++) {
    if (!shown[i]) continue;
    const person = people[i]!;
    const key = unitKey(i);
    if (opened.has(key)) {
      nodeOf[i] = next;
      kind[next] = OVERVIEW_NODE_PERSON;
      id[next] = person.id;
      unit[next] = key;
      members[next] = 1;
      x[next] = person.positions.regular.x;
      y[next] = person.positions.regular.y;
      labelsOut[next] = person.name;
      next++;
      continue;
    }
    const node = unitNode.get(key);
    if (node === undefined) continue;
    nodeOf[i] = node;
    members[node]!++;
    sumX[node]! += person.positions.regular.x;
    sumY[node]! += person.positions.regular.y;
  }
  for (let node = 0; node < unitNodes.length; node++) {
    x[node] = sumX[node]! / members[node]!;
    y[node] = sumY[node]! / members[node]!;
  }

  // Ties between two people stay one each (with `mutual`); any tie touching a unit node is summed
  // into one per ordered pair of nodes; ties within one unit node are its `internal_ties`.
  const weightOf = new Map<number, number>();
  const pairs: number[] = [];
  const personTies: { source: number; target: number; mutual: boolean }[] = [];
  for (const tie of relations) {
    const a = nodeOf[tie.source]!;
    const b = nodeOf[tie.target]!;
    if (a < 0 || b < 0) continue;
    if (a === b) internalTies[a]!++;
    else if (kind[a] === OVERVIEW_NODE_PERSON && kind[b] === OVERVIEW_NODE_PERSON) personTies.push({ source: a, target: b, mutual: tie.mutual });
    else {
      const key = a * count + b;
      const weight = weightOf.get(key);
      if (weight === undefined) pairs.push(key);
      weightOf.set(key, (weight ?? 0) + 1);
    }
  }
  const tieCount = pairs.length + personTies.length;
  const tieFrom = new Uint32Array(tieCount);
  const target = new Uint32Array(tieCount);
  const weight = new Uint32Array(tieCount);
  const mutual = new Uint8Array(tieCount);
  pairs.forEach((key, t) => {
    tieFrom[t] = Math.floor(key / count);
    target[t] = key % count;
    weight[t] = weightOf.get(key)!;
  });
  personTies.forEach((tie, k) => {
    const t = pairs.length + k;
    tieFrom[t] = tie.source;
    target[t] = tie.target;
    weight[t] = 1;
    mutual[t] = tie.mutual ? 1 : 0;
  });

  const shownCount = shown.reduce((sum, v) => sum + v, 0);
  return {
    nodes: { count, kind: column(kind), id: column(id), unit: column(unit), people: column(members), internal_ties: column(internalTies), x: column(x), y: column(y), labels: labelsOut },
    ties: { count: tieCount, source: column(tieFrom), target: column(target), weight: column(weight), mutual: column(mutual) },
    units: graphUnits(source, cut.visiblePeople),
    filters: filterOptions(source, cut.visiblePeople, labels),
    questions: source.questions.map((q) => ({ id: q.id, label: q.label, category: q.category })),
    graph_types: graphTypesOf(source),
    graph_type: request.graphType,
    open: [...opened],
    statistics: tieStatistics(shownCount, relations, request.graphType !== COLLABORATION_GRAPH_TYPE),
    own_employee_id: cut.own === undefined ? null : people[cut.own]!.id,
    named_by: cut.hidesNominators && cut.own !== undefined && request.graphType !== COLLABORATION_GRAPH_TYPE ? namedBy(cut.ties, cut.own, source.questions) : null,
  };
}

/** A typed array as base64 (Node's encoder: the contracts' portable one is for the browser and tests). */
function column(values: Uint8Array | Int32Array | Uint32Array | Float32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}
