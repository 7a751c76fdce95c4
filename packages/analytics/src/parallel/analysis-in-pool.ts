import type { Digraph } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import { betweennessFromSums, planBetweenness, pivotResult } from '../metrics/betweenness.ts';
import type { BetweennessOptions, BetweennessResult } from '../metrics/betweenness.ts';
import { allSources, chunkBounds, exactChunkCount, pivotChunkCount } from '../metrics/brandes-kernel.ts';
import { bestCommunities, communityRunSeeds, isolatedCommunities, undirectedCsr } from '../metrics/communities.ts';
import type { Communities } from '../metrics/communities.ts';
import { distinctMeasures } from '../metrics/metric-graphs.ts';
import type { MetricGraph } from '../metrics/metric-graphs.ts';
import { withCloseness } from '../metrics/network-metrics.ts';
import type { GraphMetrics } from '../metrics/network-metrics.ts';
import { closenessFromSums, planCloseness } from '../metrics/closeness.ts';
import type { ClosenessPlan, ClosenessResult } from '../metrics/closeness.ts';
import { assembleNetworkConfidence, planNetworkConfidence } from '../confidence/network-confidence.ts';
import type { NetworkConfidence } from '../confidence/network-confidence.ts';
import { planRankStability, summariseRankStability } from '../confidence/rank-stability.ts';
import type { RankStability, RankStabilityOptions } from '../confidence/rank-stability.ts';
import type { Layout } from '../layout/layouts.ts';
import type { TaskPool } from './task-pool.ts';
import { createSharedFullVectors } from './shared-full-vectors.ts';
import { digraphSharer, shared, sharedCsr } from './shared-arrays.ts';

/**
 * The analysis' independent pieces as tasks of one pool: betweenness and the other measures of
 * each network, the Leiden runs of the work network, the confidence resamples and the force
 * layout. Each piece is planned on this thread exactly as the single-thread run plans it (same
 * pivots, same seeds, same resamples) and its parts are combined in the same order, so the result
 * equals `runAnalysis` bit for bit, whatever the number of workers.
 */
export class AnalysisInPool {
  private share = digraphSharer();
  private readonly unitOf: Int32Array;

  constructor(
    private readonly pool: TaskPool,
    private readonly org: Organisation,
    private readonly options: AnalysisOptions,
  ) {
    this.unitOf = shared(org.unitOf);
  }

  /**
   * Drops the shared copies of the graphs (as large as the graphs themselves) once every task is
   * done; a task submitted later shares its graph anew.
   */
  release(): void {
    this.share = digraphSharer();
  }

  /** Betweenness of one graph in the chunks the single-thread `betweenness` sums (exact and pivots alike). */
  async betweenness(graph: Digraph, options: BetweennessOptions): Promise<BetweennessResult> {
    const plan = planBetweenness(graph, options);
    const n = graph.nodeCount;
    if (plan.method === 'exact') return betweennessFromSums(await this.chunkSums('brandes', graph, allSources(n), exactChunkCount(n)), 'exact', n);
    return pivotResult(await this.chunkSums('brandes', graph, plan.sources, pivotChunkCount(plan.sources.length)), plan);
  }

  /** Sums over the sources in `chunks` tasks, each summed from zero and added in chunk order, as on one thread. */
  private async chunkSums(kind: 'brandes' | 'closeness', graph: Digraph, sources: Int32Array, chunks: number): Promise<Float64Array> {
    const rows = this.share(graph);
    const all = shared(sources);
    const partials = await Promise.all(
      Array.from({ length: chunks }, (_, c) => {
        const [from, to] = chunkBounds(sources.length, chunks, c);
        return this.pool.run(kind, { graph: rows, sources: all, from, to });
      }),
    );
    const total = new Float64Array(graph.nodeCount);
    for (const partial of partials) for (let v = 0; v < total.length; v++) total[v]! += partial[v]!;
    return total;
  }

  /** The betweenness-free measures of every planned graph, each distinct one once (see distinctMeasures). */
  async measures(graphs: readonly MetricGraph[]): Promise<GraphMetrics[]> {
    const { distinct, of } = distinctMeasures(graphs);
    const { unitOf } = this;
    // The work network (planned last) first: its sampled closeness is the longest of these tasks.
    const computed = new Array<Promise<GraphMetrics>>(distinct.length);
    for (let d = distinct.length - 1; d >= 0; d--) {
      const planned = graphs[distinct[d]!]!;
      const extras = planned.context.extras;
      const closeness = extras && planCloseness(planned.graph.nodeCount, extras.closeness);
      const measures = this.pool.run('measures', { graph: this.share(planned.graph), options: this.options, context: { ...planned.context, unitOf }, closenessApart: closeness !== null });
      // Closeness apart, in the chunks `harmonicCloseness` sums: the work network's 2,048 pivots would be the longest task.
      computed[d] = closeness
        ? Promise.all([measures, this.closeness(planned.graph, closeness)]).then(([found, apart]) => withCloseness(found, apart))
        : measures;
    }
    const measures = await Promise.all(computed);
    return of.map((d) => measures[d]!);
  }

  private async closeness(graph: Digraph, plan: ClosenessPlan): Promise<ClosenessResult> {
    return closenessFromSums(await this.chunkSums('closeness', graph, plan.sources, plan.exact ? 1 : pivotChunkCount(plan.sources.length)), plan);
  }

  /** The work network's communities: each seeded run a task, the best kept in run order. */
  async communities(): Promise<Communities> {
    const { seed } = this.options;
    const { resolution, runs } = this.options.metrics.communities;
    const undirected = undirectedCsr(this.org.work);
    if (undirected.targets.length === 0) return isolatedCommunities(this.org.size);
    const graph = sharedCsr(undirected);
    const found = await Promise.all(communityRunSeeds(seed, runs).map((runSeed) => this.pool.run('communityRun', { graph, resolution, seed: runSeed })));
    return bestCommunities(undirected, found);
  }

  async confidence(): Promise<NetworkConfidence> {
    const plan = planNetworkConfidence(this.org, this.options);
    const stability = await Promise.all(plan.tests.map((test) => this.rankStability(test.graph, test.options)));
    return assembleNetworkConfidence(this.org, plan, stability);
  }

  /** One stability test: its full vectors a task, each resample a task, all submitted at once (shared-full-vectors.ts). */
  private async rankStability(graph: Digraph, options: RankStabilityOptions): Promise<RankStability> {
    const plan = planRankStability(graph, this.org.answered, this.options, options);
    const rows = this.share(graph);
    const sources = plan.sources && shared(plan.sources);
    const full = createSharedFullVectors(graph.nodeCount);
    const common = { graph: rows, options: this.options, sources, seed: options.seed, full };
    const computed = this.pool.run('stabilityFull', common);
    const samples = Promise.all(plan.samples.map((dropped) => this.pool.run('stabilitySample', { ...common, dropped })));
    // Either may fail first; the other's rejection is then not left unhandled.
    samples.catch(() => undefined);
    await computed;
    return summariseRankStability(plan, await samples);
  }

  regularLayout(): Promise<Layout & { iterations: number }> {
    const { org, options } = this;
    return this.pool.run('forceLayout', {
      graph: this.share(org.work),
      unitOf: this.unitOf,
      seed: options.seed,
      iterations: options.layout.forceIterations,
      workBudget: options.layout.forceWorkBudget,
    });
  }
}
