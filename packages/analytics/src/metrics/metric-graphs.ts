import type { GraphCategory, QuestionKind } from '../types.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS } from '../types.ts';
import type { Digraph } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BetweennessOptions, BetweennessResult } from './betweenness.ts';
import type { GraphMetrics } from './network-metrics.ts';
import type { GraphMetricsContext } from './network-metrics.ts';
import { computeGraphMeasures, withBetweenness } from './network-metrics.ts';
import { createLanczosWorkspace } from './lanczos.ts';

export interface AnalysisMetrics {
  byKind: Partial<Record<QuestionKind, GraphMetrics>>;
  byCategory: Partial<Record<GraphCategory, GraphMetrics>>;
  work: GraphMetrics;
  /** The collaboration network (undirected: in-degree = out-degree); absent without collaboration data. */
  collaboration?: GraphMetrics;
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
  const kindPlans = new Map<Digraph, Pick<MetricGraph, 'betweenness' | 'context'>>();
  QUESTION_KINDS.forEach((kind, i) => {
    if (org.askedKinds.has(kind)) {
      const plan = { betweenness: allBetweenness ? sampled(i + 1, settings.pivots, settings.exactMaxNodes) : null, context: context(i + 1, false) };
      const graph = org.byKind.get(kind)!;
      kindPlans.set(graph, plan);
      graphs.push({ scope: 'kind', kind, graph, ...plan });
    }
  });
  GRAPH_CATEGORIES.forEach((category, i) => {
    if (org.questions.some((q) => q.category === category)) {
      const graph = org.byCategory.get(category)!;
      // A category asked through one question kind is that kind's network (the same graph object):
      // it takes the kind's plan, seeds included, so one network shows one set of figures and is
      // computed once (distinctMeasures, distinctBetweenness).
      const plan = kindPlans.get(graph) ?? { betweenness: allBetweenness ? sampled(100 + i, settings.pivots, settings.exactMaxNodes) : null, context: context(100 + i, false) };
      graphs.push({ scope: 'category', category, graph, ...plan });
    }
  });
  // The work graph always gets betweenness: the broker role and the key-person checks read it.
  const workBetweenness = sampled(0, settings.workPivots, settings.workExactMaxNodes);
  graphs.push({ scope: 'work', graph: org.work, betweenness: workBetweenness, context: context(0, true) });
  return graphs;
}

/**
 * Which planned graphs need measures of their own. A category asked through one question kind is
 * that kind's graph object planned with the kind's context (metricGraphs), so its measures are the
 * same computation on the same graph and are done once: `distinct` lists the graphs to compute,
 * `of[i]` the entry of `distinct` graph i takes its measures from. The same graph planned with
 * another context shares them only when neither has seeded extras (closeness, communities).
 */
export function distinctMeasures(graphs: readonly MetricGraph[]): { distinct: number[]; of: number[] } {
  const distinct: number[] = [];
  const first = new Map<Digraph, number>();
  const of = graphs.map((planned, i) => {
    const known = first.get(planned.graph);
    if (known !== undefined) {
      const earlier = graphs[distinct[known]!]!.context;
      if (earlier === planned.context || (!earlier.extras && !planned.context.extras)) return known;
      return distinct.push(i) - 1;
    }
    first.set(planned.graph, distinct.length);
    return distinct.push(i) - 1;
  });
  return { distinct, of };
}

/**
 * Each planned graph's betweenness as a thunk that computes it, once for graphs planned with the
 * same graph and the same settings (metricGraphs gives a category asked through one question kind
 * the kind's graph and settings): the thunks may be called in any order, the first call of a pair
 * computes and the other takes its value. Null for a graph planned without betweenness.
 */
export function distinctBetweenness<T>(graphs: readonly MetricGraph[], compute: (graph: Digraph, options: BetweennessOptions) => T): (() => T | null)[] {
  const computed = new Map<BetweennessOptions, T>();
  return graphs.map((planned) => () => {
    const settings = planned.betweenness;
    if (!settings) return null;
    if (!computed.has(settings)) computed.set(settings, compute(planned.graph, settings));
    return computed.get(settings)!;
  });
}

/** The betweenness-free measures of every planned graph on this thread, each distinct one once. */
export function computeMeasures(graphs: readonly MetricGraph[], options: AnalysisOptions): GraphMetrics[] {
  const { distinct, of } = distinctMeasures(graphs);
  // One room for HITS' Lanczos basis, network after network (lanczos.ts: fresh memory is costly).
  const lanczos = createLanczosWorkspace();
  const computed = distinct.map((i) => computeGraphMeasures(graphs[i]!.graph, options, graphs[i]!.context, undefined, lanczos));
  return of.map((d) => computed[d]!);
}

/** The metrics of every planned graph; `measures[i]` and `betweennessOf[i]` belong to `graphs[i]`. */
export function assembleMetrics(graphs: readonly MetricGraph[], measures: readonly GraphMetrics[], betweennessOf: readonly (BetweennessResult | null)[]): AnalysisMetrics {
  const byKind: Partial<Record<QuestionKind, GraphMetrics>> = {};
  const byCategory: Partial<Record<GraphCategory, GraphMetrics>> = {};
  let work: GraphMetrics | null = null;
  for (const [i, planned] of graphs.entries()) {
    const metrics = withBetweenness(measures[i]!, betweennessOf[i] ?? null);
    if (planned.scope === 'kind') byKind[planned.kind] = metrics;
    else if (planned.scope === 'category') byCategory[planned.category] = metrics;
    else work = metrics;
  }
  if (!work) throw new Error('metricGraphs always plans the work graph');
  return { byKind, byCategory, work };
}
