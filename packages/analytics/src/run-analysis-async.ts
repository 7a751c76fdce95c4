import type { AnalysisInput } from './types.ts';
import type { AnalysisOptions, DeepPartial } from './options.ts';
import { assertValidOptions, resolveOptions } from './options.ts';
import { buildOrganisation } from './graph/organisation.ts';
import type { Digraph } from './graph/digraph.ts';
import { betweenness } from './metrics/betweenness.ts';
import type { BetweennessOptions, BetweennessResult } from './metrics/betweenness.ts';
import { assembleMetrics, metricGraphs } from './metrics/metric-graphs.ts';
import type { AnalysisResult, ProgressEvent, RunAnalysisHooks } from './run-analysis.ts';
import { createStepRunner, finishAnalysis, runAnalysis } from './run-analysis.ts';

export interface RunAnalysisAsyncHooks extends RunAnalysisHooks {
  /** Worker threads for betweenness; 1 (the default) runs exactly `runAnalysis`. */
  workers?: number;
}

/**
 * `runAnalysis` with betweenness spread over worker threads. Which graphs get exact betweenness
 * and which get pivots is planned from the organisation's size and the options alone, exactly as
 * `runAnalysis` plans it; the workers only compute the plan faster. The exact sums are added in
 * the same chunk order on any number of threads, so the result equals `runAnalysis` bit for bit
 * whatever `workers` is (the server passes the machine's core count, which must not change what
 * an organisation's report says).
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
  const steps = createStepRunner(onProgress, hooks);
  const org = steps.step('organisation', () => buildOrganisation(input));
  const graphs = metricGraphs(org, options);

  const started = steps.clock();
  const requests = graphs.flatMap((planned) => (planned.betweenness ? [{ graph: planned.graph, options: planned.betweenness }] : []));
  const computed = org.size >= options.metrics.betweenness.parallelMinNodes ? await inWorkers(requests, workers) : requests.map((request) => betweenness(request.graph, request.options));
  const waitedMs = steps.clock() - started;
  let next = 0;
  const betweennessOf = graphs.map((planned) => (planned.betweenness ? computed[next++]! : null));

  const metrics = steps.step('metrics', () => assembleMetrics(graphs, options, betweennessOf), waitedMs);
  return finishAnalysis(input, org, metrics, options, steps);
}

// Loaded on demand: runAnalysis and the rest of the engine stay free of node:worker_threads.
async function inWorkers(requests: { graph: Digraph; options: BetweennessOptions }[], workers: number): Promise<BetweennessResult[]> {
  const { betweennessManyParallel } = await import('./parallel/betweenness-parallel.ts');
  return betweennessManyParallel(requests, { workers });
}
