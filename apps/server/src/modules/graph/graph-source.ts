import { KEY_ROLES, WORK_KINDS, type GraphData, type KeyRole, type QuestionKind } from '@ona/analytics';
import type { TGraphCategory, TGraphLayout } from '@ona/contracts';

export type GraphPositions = Record<TGraphLayout, { x: number; y: number }>;

/** One person as the graph draws them: stored figures of the analysis plus the record's fields. */
export interface GraphPerson {
  id: number;
  name: string;
  unitId: number | null;
  leaderId: number | null;
  gender: string | null;
  generation: string | null;
  /** Custom attributes imported by the admin (filters). */
  attributes: Readonly<Record<string, string>>;
  answerCount: number;
  keyRoles: Readonly<Record<KeyRole, boolean>>;
  positions: GraphPositions;
}

export interface GraphQuestion {
  id: number;
  label: string;
  category: TGraphCategory;
  /** Among the work kinds: the default graph (no graph_type) draws these. */
  work: boolean;
}

/** A directed tie: `source` named `target` on `questions` (indexes into `people`). */
export interface GraphTie {
  source: number;
  target: number;
  questions: readonly number[];
}

/**
 * Everything a graph view is cut from: the people with their stored positions, the units, the
 * questions and every directed tie. Built once per analysis run (or per uploaded workbook) and
 * never changed, so that a request only filters.
 */
export interface GraphSource {
  people: readonly GraphPerson[];
  indexById: ReadonlyMap<number, number>;
  units: readonly { id: number; name: string; parentId: number | null; color: string }[];
  questions: readonly GraphQuestion[];
  ties: readonly GraphTie[];
  /**
   * The run's collaboration network (mail, calendar, chat): each undirected tie both ways, no
   * questions; null when the run has none (graph_type `collaboration` is then not offered).
   */
  collaboration: readonly GraphTie[] | null;
  /** Node size of the analysis options (spec: 0.15). */
  nodeSize: number;
}

/** Database fields of an employee that the stored analysis does not carry. */
export interface PersonRecord {
  id: number;
  name: string;
  unitId: number | null;
  leaderId: number | null;
  gender: string | null;
  generation: string | null;
  attributes: Record<string, string>;
}

export interface QuestionRecord {
  id: number;
  label: string;
  category: string;
  kind: string;
}

const WORK = new Set<string>(WORK_KINDS);

export function isWorkKind(kind: string): kind is QuestionKind {
  return WORK.has(kind);
}

/** A stored graph made ready once per analysis run: engine ids as numbers, ties as index pairs. */
export interface PreparedGraph {
  graph: GraphData;
  /** Database id of each engine node, in engine order. */
  nodeIds: readonly number[];
  /** Ties between engine indexes. */
  ties: readonly GraphTie[];
  /** The collaboration network's ties between engine indexes, both ways; null when the run has none. */
  collaboration: readonly GraphTie[] | null;
}

/** The stored `result.collaboration` when it looks like one (runs before it, or without data, have none). */
export function collaborationTiesOf(value: unknown): { source: string; target: string }[] | null {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { ties?: unknown }).ties)) return null;
  return (value as { ties: { source: string; target: string }[] }).ties;
}

export function prepareGraph(graph: GraphData, collaboration: readonly { source: string; target: string }[] | null = null): PreparedGraph {
  const nodeIds = graph.nodes.map((node) => Number(node.id));
  const index = new Map(nodeIds.map((id, i) => [id, i] as const));
  const ties: GraphTie[] = [];
  for (const edge of graph.edges) {
    const source = index.get(Number(edge.source));
    const target = index.get(Number(edge.target));
    if (source !== undefined && target !== undefined) ties.push({ source, target, questions: edge.questions.map(Number) });
  }
  let collaborationTies: GraphTie[] | null = null;
  if (collaboration) {
    collaborationTies = [];
    for (const tie of collaboration) {
      const a = index.get(Number(tie.source));
      const b = index.get(Number(tie.target));
      if (a !== undefined && b !== undefined && a !== b) collaborationTies.push({ source: a, target: b, questions: [] }, { source: b, target: a, questions: [] });
    }
  }
  return { graph, nodeIds, ties, collaboration: collaborationTies };
}

/**
 * Joins the stored graph of an analysis with the current records. Engine ids are decimal database
 * ids; an employee removed since the analysis is left out, one added since is drawn at the origin
 * of every layout with no ties until the next analysis.
 */
export function graphSourceFrom(
  prepared: PreparedGraph,
  records: readonly PersonRecord[],
  units: readonly { id: number; name: string; parentId: number | null }[],
  questions: readonly QuestionRecord[],
): GraphSource {
  const { graph, nodeIds } = prepared;
  const nodeIndex = new Map(nodeIds.map((id, i) => [id, i] as const));
  const colorOf = new Map(graph.units.map((u) => [Number(u.id), u.color] as const));
  const palette = [...new Set(graph.units.map((u) => u.color))];
  const noRoles = Object.fromEntries(KEY_ROLES.map((role) => [role, false])) as Record<KeyRole, boolean>;
  const layoutPoint = (layout: TGraphLayout, i: number | undefined) => {
    const columns = graph.layouts[layout];
    return i === undefined ? { x: 0, y: 0 } : { x: round(columns.x[i] ?? 0), y: round(columns.y[i] ?? 0) };
  };
  const people: GraphPerson[] = records.map((record) => {
    const i = nodeIndex.get(record.id);
    const node = i === undefined ? undefined : graph.nodes[i];
    return {
      ...record,
      answerCount: node?.answer_count ?? 0,
      keyRoles: node?.key_roles ?? noRoles,
      positions: {
        regular: layoutPoint('regular', i),
        circular: layoutPoint('circular', i),
        orgchart: layoutPoint('orgchart', i),
        logo: layoutPoint('logo', i),
      },
    };
  });
  const indexById = new Map(people.map((p, i) => [p.id, i] as const));
  // Usually the records are the analysed people in the same order: the ties are then reused as is.
  const sameOrder = people.length === nodeIds.length && people.every((p, i) => p.id === nodeIds[i]);
  const remap = (list: readonly GraphTie[]): readonly GraphTie[] => {
    if (sameOrder) return list;
    const remapped: GraphTie[] = [];
    for (const tie of list) {
      const source = indexById.get(nodeIds[tie.source]!);
      const target = indexById.get(nodeIds[tie.target]!);
      if (source !== undefined && target !== undefined) remapped.push({ source, target, questions: tie.questions });
    }
    return remapped;
  };
  const ties = remap(prepared.ties);
  return {
    people,
    indexById,
    units: units.map((u, i) => ({ ...u, color: colorOf.get(u.id) ?? palette[i % Math.max(1, palette.length)] ?? '#868e96' })),
    questions: questions.flatMap((q) => (isCategory(q.category) ? [{ id: q.id, label: q.label, category: q.category, work: isWorkKind(q.kind) }] : [])),
    ties,
    collaboration: prepared.collaboration ? remap(prepared.collaboration) : null,
    nodeSize: graph.nodes[0]?.size ?? 0.15,
  };
}

const CATEGORIES: readonly string[] = [
  'trust',
  'corporate_info',
  'work_info',
  'active_info',
  'work_cooperation',
  'corporate_values',
  'opinion',
  'idea',
  'quality_work_connection',
];

export function isCategory(value: string): value is TGraphCategory {
  return CATEGORIES.includes(value);
}

/** Layout coordinates keep 4 decimals: enough for a screen, a third of the bytes on the wire. */
function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : 0;
}

/** Checks the shape of a stored graph before trusting it (a run of an older engine may lack it). */
export function looksLikeGraphData(value: unknown): value is GraphData {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<GraphData>;
  return Array.isArray(candidate.nodes) && Array.isArray(candidate.edges) && typeof candidate.layouts === 'object' && candidate.layouts !== null;
}
