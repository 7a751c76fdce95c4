import type { GraphCategory, QuestionKind } from '../types.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS } from '../types.ts';
import type { Digraph } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BetweennessOptions, BetweennessResult } from './betweenness.ts';
import type { GraphMetrics } from './network-metrics.ts';
import type { GraphMetricsContext } from './network-metrics.ts';
import { computeGraphMetrics } from './network-metrics.ts';

export interface AnalysisMetrics {
  byKind: Partial<Record<QuestionKind, GraphMetrics>>;
  byCategory: Partial<Record<GraphCategory, GraphMetrics>>;
  work: GraphMetrics;
}

/** One graph that gets metrics, with how its betweenness is computed (null: skipped). */
export type MetricGraph = { graph: Digraph; betweenness: BetweennessOptions | null; context: GraphMetricsContext } & (
  | { scope: 'kind'; kind: QuestionKind }
  | { scope: 'category'; category: GraphCategory }
  | { scope: 'work' }
);

/**
 * Every graph of `result.metrics` and its betweenness settings. Planning them apart from
 * computing them lets the betweenness run on this thread or on workers with the same pivots.
 * The plan reads only the organisation and the options, never how many threads will run it: the
 * same input gives the same result on a laptop, on one core and on a 64-core server.
 */
export function metricGraphs(org: Organisation, options: AnalysisOptions): MetricGraph[] {
  const settings = options.metrics.betweenness;
  const allBetweenness = org.size <= settings.allGraphsMaxNodes;
  const sampled = (seedSalt: number, pivots: number, exactMaxNodes: number): BetweennessOptions => ({ exactMaxNodes, pivots, seed: options.seed + seedSalt, strata: org.unitOf });
  const unitCount = org.units.length;
  // Closeness, communities and brokerage of the per-kind and per-category networks only up to a
  // size (they would double the metrics step above it); the work network always has them.
  const extrasEverywhere = org.size <= options.metrics.perNetworkExtrasMaxNodes;
  const closeness = options.metrics.closeness;
  const context = (seedSalt: number, work: boolean): GraphMetricsContext => ({
    unitOf: org.unitOf,
    unitCount,
    extras:
      work || extrasEverywhere
        ? { closeness: { exactMaxNodes: closeness.exactMaxNodes, pivots: work ? closeness.workPivots : closeness.pivots, seed: options.seed + seedSalt }, communitiesAndBrokerage: !work, seed: options.seed + seedSalt }
        : null,
  });
  const graphs: MetricGraph[] = [];
  QUESTION_KINDS.forEach((kind, i) => {
    if (org.askedKinds.has(kind)) {
      const between = allBetweenness ? sampled(i + 1, settings.pivots, settings.exactMaxNodes) : null;
      graphs.push({ scope: 'kind', kind, graph: org.byKind.get(kind)!, betweenness: between, context: context(i + 1, false) });
    }
  });
  GRAPH_CATEGORIES.forEach((category, i) => {
    if (org.questions.some((q) => q.category === category)) {
      const between = allBetweenness ? sampled(100 + i, settings.pivots, settings.exactMaxNodes) : null;
      graphs.push({ scope: 'category', category, graph: org.byCategory.get(category)!, betweenness: between, context: context(100 + i, false) });
    }
  });
  // The work graph always gets betweenness: the broker role and the key-person checks read it.
  const workBetweenness = sampled(0, settings.workPivots, settings.workExactMaxNodes);
  graphs.push({ scope: 'work', graph: org.work, betweenness: workBetweenness, context: context(0, true) });
  return graphs;
}

/** The metrics of every planned graph; `betweennessOf[i]` belongs to `graphs[i]`. */
export function assembleMetrics(graphs: readonly MetricGraph[], options: AnalysisOptions, betweennessOf: readonly (BetweennessResult | null)[]): AnalysisMetrics {
  const byKind: Partial<Record<QuestionKind, GraphMetrics>> = {};
  const byCategory: Partial<Record<GraphCategory, GraphMetrics>> = {};
  let work: GraphMetrics | null = null;
  for (const [i, planned] of graphs.entries()) {
    const metrics = computeGraphMetrics(planned.graph, options, betweennessOf[i] ?? null, planned.context);
    if (planned.scope === 'kind') byKind[planned.kind] = metrics;
    else if (planned.scope === 'category') byCategory[planned.category] = metrics;
    else work = metrics;
  }
  if (!work) throw new Error('metricGraphs always plans the work graph');
  return { byKind, byCategory, work };
}
