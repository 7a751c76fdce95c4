import { describe, expect, it } from 'vitest';
import { runAnalysis } from './run-analysis.ts';
import { runAnalysisAsync } from './run-analysis-async.ts';
import { syntheticOrganisation } from './testing/synthetic.ts';

// Small thresholds make a 300-person organisation take the large-organisation paths.
const LARGE_PATHS = { metrics: { betweenness: { exactMaxNodes: 100, pivots: 40, workExactMaxNodes: 100, workPivots: 60, parallelMinNodes: 0 } } };

describe('runAnalysisAsync', () => {
  const input = syntheticOrganisation({ employees: 300, seed: 5, with360: true });

  it('gives the work graph exact betweenness where runAnalysis samples pivots', async () => {
    const sampled = runAnalysis(input, LARGE_PATHS);
    const parallel = await runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 2 });
    expect(sampled.metrics.work.betweennessMethod).toBe('pivots');
    expect(parallel.metrics.work.betweennessMethod).toBe('exact');
  });

  it('equals runAnalysis bit for bit once both compute the work graph exactly', async () => {
    const exactWork = { metrics: { betweenness: { ...LARGE_PATHS.metrics.betweenness, workExactMaxNodes: 1_000_000 } } };
    const parallel = await runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 2 });
    expect(parallel.metrics.byKind.advice?.betweennessMethod).toBe('pivots');
    expect(parallel).toEqual(runAnalysis(input, exactWork));
  });

  it('reports every step once and counts the time spent in workers under metrics', async () => {
    let now = 0;
    const steps: string[] = [];
    const result = await runAnalysisAsync(input, LARGE_PATHS, (event) => steps.push(event.step), { workers: 2, clock: () => (now += 1) });
    expect(steps).toEqual(runAnalysis(input).timings.map((t) => t.step));
    expect(result.timings.find((t) => t.step === 'metrics')!.ms).toBeGreaterThan(1);
  });

  it('runs on this thread with one worker and below parallelMinNodes, with the same result', async () => {
    const single = await runAnalysisAsync(input, {}, undefined, { workers: 1 });
    expect(single).toEqual(runAnalysis(input));
    const small = await runAnalysisAsync(input, {}, undefined, { workers: 2 });
    expect(small).toEqual(runAnalysis(input));
  });

  it('refuses a worker count that is not a whole number ≥ 1', async () => {
    await expect(runAnalysisAsync(input, {}, undefined, { workers: 1.5 })).rejects.toThrow(/whole number/);
  });
});
