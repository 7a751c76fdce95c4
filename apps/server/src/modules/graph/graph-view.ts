import { COLLABORATION_GRAPH_TYPE, type TEdgeVisibility, type TGraphCategory, type TGraphType, type TGraphNamedBy, type TGraphNode, type TGraphRelation, type TGraphUnit, type TGraphVisualization } from '@ona/contracts';
import { cutGraph } from './graph-cut.ts';
import { attributeLabel, customKeys, filterOptions, type FilterLabels } from './graph-filters.ts';
import type { GraphPerson, GraphSource } from './graph-source.ts';
import { tieStatistics } from './tie-statistics.ts';

export type GraphSeeingLevel = 'self_only' | 'subtree' | 'all_access';

export interface GraphViewer {
  level: GraphSeeingLevel;
  /** The caller's employee index in the source (null when they are not an employee of it). */
  ownEmployeeId: number | null;
}

export interface GraphRequest {
  graphType: TGraphType | null;
  units: readonly number[];
  employees: readonly number[];
  edges: TEdgeVisibility;
  filters: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What the graph page asks for when it opens: every work question, nobody narrowed or selected, every tie. */
export const OPENING_GRAPH_REQUEST: GraphRequest = { graphType: null, units: [], employees: [], edges: 'all', filters: new Map() };

export interface GraphViewLabels extends FilterLabels {
  department: string;
}

/**
 * Cuts one view out of a graph source (pure): the ties of the chosen category (all work questions
 * by default), the people the caller may see, narrowed by units (with their sub-units) and filters,
 * the ties among them in the chosen visibility, and the selection of `employee` with direct ties.
 */
export function buildGraphView(source: GraphSource, request: GraphRequest, viewer: GraphViewer, labels: GraphViewLabels): TGraphVisualization {
  const { people } = source;
  const n = people.length;
  const { ties, own, hidesNominators, visible, shown, visiblePeople, relations, given, received } = cutGraph(source, request, viewer);
  const collaboration = request.graphType === COLLABORATION_GRAPH_TYPE;

  const selectedIds = new Set(request.employees.map((id) => source.indexById.get(id)).filter((i): i is number => i !== undefined && shown[i] === 1));
  const selected = new Uint8Array(n);
  if (selectedIds.size === 0) selected.fill(1);
  else {
    for (const i of selectedIds) selected[i] = 1;
    for (const t of relations) {
      if (selectedIds.has(t.source)) selected[t.target] = 1;
      if (selectedIds.has(t.target)) selected[t.source] = 1;
    }
  }

  const unitById = new Map(source.units.map((u) => [u.id, u] as const));
  const keys = customKeys(visiblePeople);
  const employees: TGraphNode[] = [];
  for (let i = 0; i < n; i++) {
    if (!shown[i]) continue;
    const p = people[i]!;
    const leaderIndex = p.leaderId === null ? undefined : source.indexById.get(p.leaderId);
    const unitName = p.unitId === null ? '' : (unitById.get(p.unitId)?.name ?? '');
    const attributes: Record<string, string> = { department: unitName, generation: p.generation ?? '', gender: p.gender ?? '' };
    for (const key of keys) attributes[`attr_${key}`] = p.attributes[key] ?? '';
    employees.push({
      id: p.id,
      label: p.name,
      unit: p.unitId,
      parent: leaderIndex !== undefined && shown[leaderIndex] ? p.leaderId : null,
      leader_name: leaderIndex !== undefined && visible[leaderIndex] ? people[leaderIndex]!.name : null,
      // The survey's "gave no answers" (the triangle) says nothing about the collaboration network.
      answer_count: collaboration ? null : answerCountFor(viewer.level, i === own, p.answerCount),
      x: p.positions.regular.x,
      y: p.positions.regular.y,
      positions: p.positions,
      size: source.nodeSize,
      isSelected: selected[i] === 1,
      attributes,
      key_roles: { ...p.keyRoles },
      gender: p.gender,
      organizational_unit: unitName,
      given: given[i]!,
      received: received[i]!,
    });
  }

  const out: TGraphRelation[] = relations.map((t) => ({
    source: people[t.source]!.id,
    target: people[t.target]!.id,
    questions: t.questions,
    mutual: t.mutual,
    isSelected: selectedIds.size === 0 || selectedIds.has(t.source) || selectedIds.has(t.target),
  }));

  return {
    employees,
    units: graphUnits(source, visiblePeople),
    node_attributes: [
      { key: 'department', label: labels.department },
      { key: 'generation', label: labels.filter('generation') },
      { key: 'gender', label: labels.filter('gender') },
      ...keys.map((key) => ({ key: `attr_${key}`, label: attributeLabel(key) })),
    ],
    questions: source.questions.map((q) => ({ id: q.id, label: q.label, category: q.category })),
    relations: out,
    filters: filterOptions(source, visiblePeople, labels),
    graph_types: graphTypesOf(source),
    statistics: tieStatistics(employees.length, out, !collaboration),
    graph_type: request.graphType,
    own_employee_id: own === undefined ? null : people[own]!.id,
    // Nobody names anyone in the collaboration network: there is no one to count.
    named_by: hidesNominators && own !== undefined && !collaboration ? namedBy(ties, own, source.questions) : null,
  };
}

/** The units with their colours; `in_scope`: a unit with someone the caller may see, or above one (choosing it brings them along). */
export function graphUnits(source: GraphSource, visiblePeople: readonly GraphPerson[]): TGraphUnit[] {
  const unitById = new Map(source.units.map((u) => [u.id, u] as const));
  const inScope = new Set<number>();
  for (const person of visiblePeople) {
    for (let unitId = person.unitId; unitId !== null && !inScope.has(unitId); unitId = unitById.get(unitId)?.parentId ?? null) inScope.add(unitId);
  }
  return source.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId, color: u.color, in_scope: inScope.has(u.id) }));
}

/** The categories the source has questions of, in the spec's order, then collaboration when the run has it. */
export function graphTypesOf(source: GraphSource): TGraphType[] {
  return [...[...new Set(source.questions.map((q) => q.category))].sort(categoryOrder), ...(source.collaboration ? ([COLLABORATION_GRAPH_TYPE] as TGraphType[]) : [])];
}

/**
 * Another person's total of nominations given, as a caller below all_access may see it: the total
 * minus the ties drawn (summed over the categories) would show the ties the caller may not see,
 * those naming the caller included. At subtree a 0 stays 0 (the triangle of "did not answer"; who
 * answered is shown to a leader elsewhere too); at self_only nothing of the others' answers shows.
 */
function answerCountFor(level: GraphSeeingLevel, isOwn: boolean, total: number): number | null {
  if (level === 'all_access' || isOwn) return total;
  return level === 'subtree' && total === 0 ? 0 : null;
}

/** How many people named the caller in the category, in the whole engagement: counts, never names. */
export function namedBy(ties: readonly { source: number; target: number; questions: readonly number[] }[], own: number, questions: GraphSource['questions']): TGraphNamedBy {
  let peopleCount = 0;
  const perQuestion = new Map<number, number>();
  for (const t of ties) {
    if (t.target !== own) continue;
    peopleCount++;
    for (const q of t.questions) perQuestion.set(q, (perQuestion.get(q) ?? 0) + 1);
  }
  return {
    people: peopleCount,
    by_question: questions.filter((q) => perQuestion.has(q.id)).map((q) => ({ question_id: q.id, count: perQuestion.get(q.id)! })),
  };
}

const ORDER: readonly TGraphCategory[] = ['trust', 'corporate_info', 'work_info', 'active_info', 'work_cooperation', 'corporate_values', 'opinion', 'idea', 'quality_work_connection'];
function categoryOrder(a: TGraphCategory, b: TGraphCategory): number {
  return ORDER.indexOf(a) - ORDER.indexOf(b);
}
