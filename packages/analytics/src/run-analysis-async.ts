import type { AnalysisInput } from './types.ts';
import type { AnalysisOptions, DeepPartial } from './options.ts';
import { assertValidOptions, resolveOptions } from './options.ts';
import { buildOrganisation } from './graph/organisation.ts';
import { assembleMetrics, distinctBetweenness, metricGraphs } from './metrics/metric-graphs.ts';
import type { AnalysisResult, CollaborationAnalysis, ProgressEvent, RunAnalysisHooks } from './run-analysis.ts';
import { analyseInSections, createStepRunner, handOverMetrics, lastSteps, middleSteps, withCollaborationMetrics } from './run-analysis.ts';
import { collectSections } from './result-sections.ts';
import type { SectionSink } from './result-sections.ts';
import { analyseCollaboration } from './metrics/collaboration.ts';
import type { BetweennessResult } from './metrics/betweenness.ts';
import type { GraphMetrics } from './metrics/network-metrics.ts';

export interface RunAnalysisAsyncHooks extends RunAnalysisHooks {
  /** Worker threads of the analysis' task pool; 1 (the default) runs exactly `runAnalysis`. */
  workers?: number;
  /**
   * Heap limit of each of the pool's worker threads in MB. A worker that reaches it fails the run
   * with an error whose `code` is ERR_WORKER_OUT_OF_MEMORY instead of ending the process.
   */
  workerHeapMb?: number;
}

/**
 * `runAnalysis` with its independent pieces on a pool of worker threads: betweenness and the
 * other measures of each network, the work network's Leiden runs, the confidence resamples and
 * the force layout are submitted at once, and this thread runs the steps that read them as they
 * arrive (brokerage, risk, groups and the reports while the pool still works on the confidence
 * and the layout). What is exact and what is sampled is planned from the organisation's size
 * and the options alone, exactly as `runAnalysis` plans it, and every piece's parts are combined
 * in the same order, so the result equals `runAnalysis` bit for bit whatever `workers` is (the
 * server passes the machine's core count, which must not change what an organisation's report
 * says). Below `metrics.betweenness.parallelMinNodes` people the run stays on this thread.
 */
export async function runAnalysisAsync(
  input: AnalysisInput,
  partialOptions: DeepPartial<AnalysisOptions> = {},
  onProgress?: (event: ProgressEvent) => void,
  hooks: RunAnalysisAsyncHooks = {},
): Promise<AnalysisResult> {
  const collected = collectSections();
  await runAnalysisInSections(input, partialOptions, onProgress, hooks, collected.sink);
  return collected.result();
}

/**
 * `runAnalysisAsync` handing each section of the result to `emit` as soon as it is final, and
 * keeping none it has handed over beyond what later steps read (result-sections.ts): a caller
 * that stores each section and drops it never holds the whole result. The sections, put together
 * in `RESULT_SECTIONS` order, are `runAnalysisAsync`'s result bit for bit.
 */
export async function runAnalysisInSections(
  input: AnalysisInput,
  partialOptions: DeepPartial<AnalysisOptions>,
  onProgress: ((event: ProgressEvent) => void) | undefined,
  hooks: RunAnalysisAsyncHooks,
  emit: SectionSink,
): Promise<void> {
  const workers = hooks.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers is ${workers}; use a whole number ≥ 1 (1 runs on this thread, os.availableParallelism() uses every core).`);
  if (workers === 1) return analyseInSections(input, partialOptions, onProgress, hooks, emit);
  const options = resolveOptions(partialOptions);
  assertValidOptions(options);
  if (input.employees.length < options.metrics.betweenness.parallelMinNodes) return analyseInSections(input, partialOptions, onProgress, hooks, emit);
  // Loaded on demand: runAnalysis and the rest of the engine stay free of node:worker_threads.
  const [{ TaskPool }, { AnalysisInPool }] = await Promise.all([import('./parallel/task-pool.ts'), import('./parallel/analysis-in-pool.ts')]);
  const steps = createStepRunner(onProgress, hooks);
  const org = steps.step('organisation', () => buildOrganisation(input));
  const pool = new TaskPool(workers, hooks.workerHeapMb);
  try {
    const tasks = new AnalysisInPool(pool, org, options);
    const graphs = metricGraphs(org, options);
    // Submitted in the order the pool takes them: what this thread needs first comes first, and
    // the confidence and the layout last, to run while this thread works through the reports.
    // The metrics' tasks in a holder that is emptied once they are read: a settled promise keeps
    // its value, and these values are every network's columns, handed over below.
    let metricTasks: MetricTasks | null = {
      betweenness: Promise.all(largestFirst(distinctBetweenness(graphs, (graph, settings) => tasks.betweenness(graph, settings)))),
      measures: tasks.measures(graphs),
    };
    const pending = {
      communities: tasks.communities(),
      layout: tasks.regularLayout(),
      confidence: tasks.confidence(),
    };
    // A piece that fails while an earlier one is awaited must not surface as an unhandled rejection.
    for (const promise of [...Object.values(metricTasks), ...Object.values(pending)]) promise.catch(() => undefined);

    const waited = async <T>(promise: Promise<T>): Promise<{ value: T; ms: number }> => {
      const started = steps.clock();
      const value = await promise;
      return { value, ms: steps.clock() - started };
    };
    // Set during the metrics step.
    const collaboration: { value: CollaborationAnalysis } = { value: null };
    const work = await metricsFromPool(metricTasks, (found) =>
      handOverMetrics(
        steps.step(
          'metrics',
          () => {
            // The collaboration network (when there is one) on this thread: one network of the per-network sizes.
            collaboration.value = analyseCollaboration(org, input.collaboration, options);
            return withCollaborationMetrics(assembleMetrics(graphs, found.measures, found.betweenness), collaboration.value);
          },
          found.ms,
        ),
        org,
        emit,
      ),
    waited);
    metricTasks = null;
    const communities = await waited(pending.communities);
    steps.step('communities', () => communities.value, communities.ms);
    const middle = middleSteps(input, org, work, options, steps, emit);
    const confidence = await waited(pending.confidence);
    const layout = await waited(pending.layout);
    // Every task is done: the worker threads' heaps and the shared copies of the graphs go before
    // the last steps build the graph data.
    await pool.close();
    tasks.release();
    lastSteps(org, work, options, steps, communities.value, middle, emit, {
      confidence: () => confidence.value,
      regularLayout: () => layout.value,
      waitedMs: { confidence: confidence.ms, layouts: layout.ms },
      collaboration: collaboration.value,
    });
  } finally {
    await pool.close();
  }
}

/**
 * Starts the thunks from the last to the first and gives their values in the original order: the
 * work network, planned last, is the largest, and the pool should take its long tasks first.
 */
function largestFirst<T>(thunks: readonly (() => T)[]): T[] {
  const values = new Array<T>(thunks.length);
  for (let i = thunks.length - 1; i >= 0; i--) values[i] = thunks[i]!();
  return values;
}

interface MetricTasks {
  betweenness: Promise<(BetweennessResult | null)[]>;
  measures: Promise<GraphMetrics[]>;
}

type Waited = <T>(promise: Promise<T>) => Promise<{ value: T; ms: number }>;

/**
 * Awaits the metrics' tasks and gives their values to `use` (which assembles and hands the
 * metrics over), from a frame of its own: once it returns, nothing of this function's keeps the
 * networks' columns alive.
 */
async function metricsFromPool<T>(metricTasks: MetricTasks, use: (found: { betweenness: (BetweennessResult | null)[]; measures: GraphMetrics[]; ms: number }) => T, waited: Waited): Promise<T> {
  const betweenness = await waited(metricTasks.betweenness);
  const measures = await waited(metricTasks.measures);
  return use({ betweenness: betweenness.value, measures: measures.value, ms: betweenness.ms + measures.ms });
}

