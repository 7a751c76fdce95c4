import type { AnalysisResult } from '../run-analysis.ts';
import type { GraphCategory, QuestionKind } from '../types.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS } from '../types.ts';
import type { BrokerageColumn } from '../brokerage/gould-fernandez.ts';
import type { GraphMetrics } from './network-metrics.ts';
import type { NetworkFigures } from './network-level.ts';

/** Every per-person metric the Metrics table shows, in column order. */
export const PERSON_METRIC_IDS = [
  'in_degree',
  'out_degree',
  'mutual',
  'reciprocity',
  'betweenness',
  'betweenness_normalized',
  'closeness',
  'pagerank',
  'eigenvector',
  'hub',
  'authority',
  'effective_size',
  'constraint',
  'community',
  'brokerage_coordinator',
  'brokerage_itinerant',
  'brokerage_representative',
  'brokerage_gatekeeper',
  'brokerage_liaison',
  'brokerage_coordinator_z',
  'brokerage_itinerant_z',
  'brokerage_representative_z',
  'brokerage_gatekeeper_z',
  'brokerage_liaison_z',
] as const;
export type PersonMetricId = (typeof PERSON_METRIC_IDS)[number];

/**
 * A network of the analysis: the union of the work kinds, one question kind, one category, or the
 * collaboration network (mail, calendar, chat metadata).
 */
export type NetworkKey = 'work' | `kind:${QuestionKind}` | `category:${GraphCategory}` | 'collaboration';

/** The networks a result has metrics for, work first, then kinds and categories in the engine's order, collaboration last. */
/**
 * The networks a result has metrics for. Takes only which networks are present, so that a reader
 * of a result stored in parts can answer it from the parts' names without reading them.
 */
export function networkKeys(result: { metrics: { byKind: Partial<Record<QuestionKind, unknown>>; byCategory: Partial<Record<GraphCategory, unknown>>; collaboration?: unknown } }): NetworkKey[] {
  const keys: NetworkKey[] = ['work'];
  for (const kind of QUESTION_KINDS) if (result.metrics.byKind[kind]) keys.push(`kind:${kind}`);
  for (const category of GRAPH_CATEGORIES) if (result.metrics.byCategory[category]) keys.push(`category:${category}`);
  if (result.metrics.collaboration) keys.push('collaboration');
  return keys;
}

export function graphMetricsOf(result: Pick<AnalysisResult, 'metrics'>, key: NetworkKey): GraphMetrics | null {
  if (key === 'work') return result.metrics.work;
  if (key === 'collaboration') return result.metrics.collaboration ?? null;
  const [scope, name] = key.split(':') as ['kind' | 'category', string];
  const metrics = scope === 'kind' ? result.metrics.byKind[name as QuestionKind] : result.metrics.byCategory[name as GraphCategory];
  return metrics ?? null;
}

export interface PersonMetricTable {
  /** Columns indexed like `result.employeeIds`; a null column was skipped for this network's size. */
  columns: Record<PersonMetricId, readonly (number | null)[] | null>;
  network: NetworkFigures & { nodeCount: number; edgeCount: number; density: number; communityCount: number | null; modularity: number | null; betweennessMethod: GraphMetrics['betweennessMethod']; closenessMethod: GraphMetrics['closenessMethod'] };
}

/**
 * The per-person metrics of one network as columns. The work network's communities and
 * brokerage come from the analysis's own steps (computed once there), the other networks carry
 * theirs. null when the result has no such network.
 */
export function personMetricTable(result: Pick<AnalysisResult, 'metrics' | 'communities' | 'brokerage'>, key: NetworkKey): PersonMetricTable | null {
  const metrics = graphMetricsOf(result, key);
  if (!metrics) return null;
  const work = key === 'work';
  const community = work ? result.communities.membership : metrics.community;
  const brokerRaw = (column: BrokerageColumn): readonly number[] | null =>
    work ? result.brokerage.nodes.map((node) => node.raw[column]) : (metrics.brokerage?.raw[column] ?? null);
  const brokerZ = (column: BrokerageColumn): readonly (number | null)[] | null =>
    work ? result.brokerage.nodes.map((node) => node.z[column]) : (metrics.brokerage?.z[column] ?? null);
  const columns: Record<PersonMetricId, readonly (number | null)[] | null> = {
    in_degree: metrics.inDegree,
    out_degree: metrics.outDegree,
    mutual: metrics.mutual,
    reciprocity: metrics.reciprocityOut,
    betweenness: metrics.betweenness,
    betweenness_normalized: metrics.betweennessNormalized,
    closeness: metrics.closenessNormalized,
    pagerank: metrics.pagerank,
    eigenvector: metrics.eigenvector,
    hub: metrics.hubs,
    authority: metrics.authorities,
    effective_size: metrics.effectiveSize,
    constraint: metrics.constraint,
    // Shown 1-based: "community 1" reads better than "community 0".
    community: community ? community.map((c) => c + 1) : null,
    brokerage_coordinator: brokerRaw('coordinator'),
    brokerage_itinerant: brokerRaw('itinerant'),
    brokerage_representative: brokerRaw('representative'),
    brokerage_gatekeeper: brokerRaw('gatekeeper'),
    brokerage_liaison: brokerRaw('liaison'),
    brokerage_coordinator_z: brokerZ('coordinator'),
    brokerage_itinerant_z: brokerZ('itinerant'),
    brokerage_representative_z: brokerZ('representative'),
    brokerage_gatekeeper_z: brokerZ('gatekeeper'),
    brokerage_liaison_z: brokerZ('liaison'),
  };
  return {
    columns,
    network: {
      ...metrics.network,
      nodeCount: metrics.nodeCount,
      edgeCount: metrics.edgeCount,
      density: metrics.density,
      communityCount: work ? result.communities.count : metrics.community ? new Set(metrics.community).size : null,
      modularity: work ? result.communities.modularity : metrics.communityModularity,
      betweennessMethod: metrics.betweennessMethod,
      closenessMethod: metrics.closenessMethod,
    },
  };
}
