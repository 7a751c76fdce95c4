import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { GraphCategory } from '../types.ts';
import { GRAPH_CATEGORIES } from '../types.ts';
import type { KeyRole } from '../roles/key-roles.ts';
import type { Layout } from './layouts.ts';

export interface GraphNode {
  id: string;
  label: string;
  unit: string;
  /** Leader id, for the org chart. */
  parent: string | null;
  /** Nominations given (0 draws a triangle). */
  answer_count: number;
  size: number;
  key_roles: Record<KeyRole, boolean>;
  gender: string | null;
  organizational_unit: string;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** Ids of the questions on which the source named the target. */
  questions: string[];
  mutual: boolean;
}

export interface GraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
  units: { id: string; name: string; color: string }[];
  questions: { id: string; label: string; category: GraphCategory }[];
  graph_types: GraphCategory[];
  layouts: { regular: Layout; circular: Layout; orgchart: Layout; logo: Layout };
  statistics: { employees: number; connections: number; mutual: number; mutualShare: number };
}

export function buildGraphData(
  org: Organisation,
  keyRoles: readonly (readonly KeyRole[])[],
  answerCounts: readonly number[],
  layouts: GraphData['layouts'],
  options: AnalysisOptions,
): GraphData {
  const id = (v: number): string => org.employees[v]!.id;
  const allRoles: KeyRole[] = ['advisor', 'broker', 'expert', 'ideamaker', 'kol', 'mentor', 'spreader', 'talent'];
  const nodes: GraphNode[] = org.employees.map((employee, v) => ({
    id: employee.id,
    label: employee.name,
    unit: employee.unitId,
    parent: org.leaderOf[v]! >= 0 ? id(org.leaderOf[v]!) : null,
    answer_count: answerCounts[v]!,
    size: options.layout.nodeSize,
    key_roles: Object.fromEntries(allRoles.map((role) => [role, keyRoles[v]!.includes(role)])) as Record<KeyRole, boolean>,
    gender: employee.gender ?? null,
    organizational_unit: employee.unitId,
  }));
  const all = org.all;
  const edges: GraphEdge[] = [];
  let mutualTies = 0;
  const questionGraphs = org.questions.map((q) => org.byQuestion.get(q.id)!);
  // Which questions asked each tie of v: v's row of every question graph marks the people it
  // reaches with the question's bit (32 questions a word), and v's in-ties in `all` mark who names
  // v back; a tie then reads its words instead of searching 13 rows and the reverse row (100,000
  // people: over 80 million binary searches). Marks are cleared after v by the same rows.
  const words = Math.max(1, Math.ceil(questionGraphs.length / 32));
  const asked = new Uint32Array(org.size * words);
  const namesBack = new Int32Array(org.size).fill(-1);
  // Ties asked by the same questions share one list: a few hundred lists instead of one per tie
  // (millions at 100,000 people); the result reads and serialises the same.
  const listOf = new Map<string, string[]>();
  const questionsOf = (w: number): string[] => {
    let key = String(asked[w * words]!);
    for (let word = 1; word < words; word++) key += `,${asked[w * words + word]!}`;
    let questions = listOf.get(key);
    if (!questions) {
      questions = [];
      for (let q = 0; q < questionGraphs.length; q++) if (asked[w * words + (q >>> 5)]! & (1 << (q & 31))) questions.push(org.questions[q]!.id);
      listOf.set(key, questions);
    }
    return questions;
  };
  const markRows = (v: number, set: boolean) => {
    questionGraphs.forEach((graph, q) => {
      const bit = 1 << (q & 31);
      const word = q >>> 5;
      for (let i = graph.outOffsets[v]!; i < graph.outOffsets[v + 1]!; i++) {
        const at = graph.outTargets[i]! * words + word;
        asked[at] = set ? asked[at]! | bit : 0;
      }
    });
  };
  for (let v = 0; v < org.size; v++) {
    markRows(v, true);
    for (let i = all.inOffsets[v]!; i < all.inOffsets[v + 1]!; i++) namesBack[all.inSources[i]!] = v;
    for (let i = all.outOffsets[v]!; i < all.outOffsets[v + 1]!; i++) {
      const w = all.outTargets[i]!;
      const mutual = namesBack[w] === v;
      if (mutual) mutualTies++;
      edges.push({ source: id(v), target: id(w), questions: questionsOf(w), mutual });
    }
    markRows(v, false);
  }
  const palette = options.layout.palette;
  return {
    nodes,
    edges,
    units: org.units.map((unit, u) => ({ id: unit.id, name: unit.name, color: palette[u % palette.length]! })),
    questions: org.questions.map((q) => ({ id: q.id, label: q.label ?? q.id, category: q.category })),
    graph_types: GRAPH_CATEGORIES.filter((c) => org.questions.some((q) => q.category === c)),
    layouts,
    statistics: { employees: org.size, connections: all.edgeCount, mutual: mutualTies / 2, mutualShare: all.edgeCount > 0 ? mutualTies / all.edgeCount : 0 },
  };
}
