import type { AnalysisInput } from './types.ts';
import type { AnalysisOptions, DeepPartial } from './options.ts';
import { assertValidOptions, resolveOptions } from './options.ts';
import { buildOrganisation } from './graph/organisation.ts';
import { assembleMetrics, metricGraphs } from './metrics/metric-graphs.ts';
import type { AnalysisResult, CollaborationAnalysis, ProgressEvent, RunAnalysisHooks } from './run-analysis.ts';
import { createStepRunner, lastSteps, middleSteps, runAnalysis, withCollaborationMetrics } from './run-analysis.ts';
import { analyseCollaboration } from './metrics/collaboration.ts';

export interface RunAnalysisAsyncHooks extends RunAnalysisHooks {
  /** Worker threads of the analysis' task pool; 1 (the default) runs exactly `runAnalysis`. */
  workers?: number;
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
  const workers = hooks.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers is ${workers}; use a whole number ≥ 1 (1 runs on this thread, os.availableParallelism() uses every core).`);
  if (workers === 1) return runAnalysis(input, partialOptions, onProgress, hooks);
  const options = resolveOptions(partialOptions);
  assertValidOptions(options);
  if (input.employees.length < options.metrics.betweenness.parallelMinNodes) return runAnalysis(input, partialOptions, onProgress, hooks);
  // Loaded on demand: runAnalysis and the rest of the engine stay free of node:worker_threads.
  const [{ TaskPool }, { AnalysisInPool }] = await Promise.all([import('./parallel/task-pool.ts'), import('./parallel/analysis-in-pool.ts')]);
  const steps = createStepRunner(onProgress, hooks);
  const org = steps.step('organisation', () => buildOrganisation(input));
  const pool = new TaskPool(workers);
  try {
    const tasks = new AnalysisInPool(pool, org, options);
    const graphs = metricGraphs(org, options);
    // Submitted in the order the pool takes them: what this thread needs first comes first, and
    // the confidence and the layout last, to run while this thread works through the reports.
    const pending = {
      betweenness: Promise.all(largestFirst(graphs.map((planned) => () => (planned.betweenness ? tasks.betweenness(planned.graph, planned.betweenness) : null)))),
      measures: tasks.measures(graphs),
      communities: tasks.communities(),
      layout: tasks.regularLayout(),
      confidence: tasks.confidence(),
    };
    // A piece that fails while an earlier one is awaited must not surface as an unhandled rejection.
    for (const promise of Object.values(pending)) promise.catch(() => undefined);

    const waited = async <T>(promise: Promise<T>): Promise<{ value: T; ms: number }> => {
      const started = steps.clock();
      const value = await promise;
      return { value, ms: steps.clock() - started };
    };
    const betweenness = await waited(pending.betweenness);
    const measures = await waited(pending.measures);
    let collaboration: CollaborationAnalysis = null;
    const metrics = steps.step(
      'metrics',
      () => {
        // The collaboration network (when there is one) on this thread: one network of the per-network sizes.
        collaboration = analyseCollaboration(org, input.collaboration, options);
        return withCollaborationMetrics(assembleMetrics(graphs, measures.value, betweenness.value), collaboration);
      },
      betweenness.ms + measures.ms,
    );
    const communities = await waited(pending.communities);
    steps.step('communities', () => communities.value, communities.ms);
    const middle = middleSteps(input, org, metrics, options, steps);
    const confidence = await waited(pending.confidence);
    const layout = await waited(pending.layout);
    return lastSteps(input, org, metrics, options, steps, communities.value, middle, {
      confidence: () => confidence.value,
      regularLayout: () => layout.value,
      waitedMs: { confidence: confidence.ms, layouts: layout.ms },
      collaboration,
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
