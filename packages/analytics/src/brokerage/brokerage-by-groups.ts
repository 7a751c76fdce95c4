import type { Digraph } from '../graph/digraph.ts';
import { buildDigraph } from '../graph/digraph.ts';
import type { NetworkKey } from '../metrics/person-metrics.ts';
import type { AnalysisOptions } from '../options.ts';
import type { AnalysisResult } from '../run-analysis.ts';
import type { GraphCategory, QuestionKind } from '../types.ts';
import { WORK_KINDS } from '../types.ts';
import type { BrokerageColumn, BrokerageResult, BrokerageRole } from './gould-fernandez.ts';
import { BROKERAGE_COLUMNS, brokerage } from './gould-fernandez.ts';
import { groupRoles } from './group-roles.ts';

export interface NetworkQuestion {
  id: string;
  kind: QuestionKind;
  category: GraphCategory;
}

/** The questions whose ties make a network, as `buildOrganisation` unites them. */
export function networkQuestionIds(questions: readonly NetworkQuestion[], key: NetworkKey): Set<string> {
  const [scope, name] = key === 'work' ? (['work', ''] as const) : (key.split(':') as ['kind' | 'category', string]);
  const work = new Set<QuestionKind>(WORK_KINDS);
  return new Set(
    questions.filter((q) => (scope === 'work' ? work.has(q.kind) : scope === 'kind' ? q.kind === name : q.category === name)).map((q) => q.id),
  );
}

/**
 * A network of a stored analysis rebuilt from its graph (`result.graph.edges`: every tie with the
 * questions it was given on), indexed like `result.employeeIds`. The same digraph the run built,
 * so brokerage can be recomputed with other groups without the survey's answers.
 */
export function networkDigraph(result: { employeeIds: readonly string[]; graph: Pick<AnalysisResult['graph'], 'edges'> }, questionIds: ReadonlySet<string>): Digraph {
  const index = new Map(result.employeeIds.map((id, i) => [id, i]));
  const sources: number[] = [];
  const targets: number[] = [];
  for (const edge of result.graph.edges) {
    if (!edge.questions.some((q) => questionIds.has(q))) continue;
    const source = index.get(edge.source);
    const target = index.get(edge.target);
    if (source === undefined || target === undefined) continue;
    sources.push(source);
    targets.push(target);
  }
  return buildDigraph(result.employeeIds.length, sources, targets);
}

/** The collaboration network of a stored analysis (`result.collaboration.ties`, each tie both ways), indexed like `result.employeeIds`. */
export function collaborationNetworkDigraph(result: { employeeIds: readonly string[]; collaboration?: Pick<NonNullable<AnalysisResult['collaboration']>, 'ties'> | null }): Digraph {
  const index = new Map(result.employeeIds.map((id, i) => [id, i]));
  const sources: number[] = [];
  const targets: number[] = [];
  for (const tie of result.collaboration?.ties ?? []) {
    const a = index.get(tie.source);
    const b = index.get(tie.target);
    if (a === undefined || b === undefined) continue;
    sources.push(a, b);
    targets.push(b, a);
  }
  return buildDigraph(result.employeeIds.length, sources, targets);
}

export interface GroupBrokerage {
  /** Counts and sna z-scores per person, as columns indexed like `result.employeeIds`. */
  raw: Record<BrokerageColumn, number[]>;
  z: Record<BrokerageColumn, (number | null)[]>;
  /** The group roles each person earns with these groups (the rule of `groupRoles`). */
  roles: BrokerageRole[][];
}

/** Gould–Fernandez brokerage and group roles with any assignment of people to groups. */
export function brokerageByGroups(graph: Digraph, groupOf: ArrayLike<number>, options: AnalysisOptions): GroupBrokerage {
  const result = brokerage(graph, groupOf);
  return { ...brokerageColumns(result), roles: groupRoles(result, options) };
}

/** Group roles from stored brokerage columns (a per-kind or per-category network with units as groups). */
export function groupRolesFromColumns(columns: Pick<GroupBrokerage, 'raw' | 'z'>, options: AnalysisOptions): BrokerageRole[][] {
  const nodes = columns.raw.total.map((_, v) => ({
    raw: Object.fromEntries(BROKERAGE_COLUMNS.map((c) => [c, columns.raw[c][v]!])) as Record<BrokerageColumn, number>,
    z: Object.fromEntries(BROKERAGE_COLUMNS.map((c) => [c, columns.z[c][v] ?? null])) as Record<BrokerageColumn, number | null>,
  }));
  return groupRoles({ nodes }, options);
}

/** Counts and z-scores as columns (they serialise to a fraction of one object per person). */
export function brokerageColumns(result: BrokerageResult): Pick<GroupBrokerage, 'raw' | 'z'> {
  const raw = {} as Record<BrokerageColumn, number[]>;
  const z = {} as Record<BrokerageColumn, (number | null)[]>;
  for (const column of BROKERAGE_COLUMNS) {
    raw[column] = result.nodes.map((node) => node.raw[column]);
    z[column] = result.nodes.map((node) => node.z[column]);
  }
  return { raw, z };
}
