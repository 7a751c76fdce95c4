import { describe, expect, it } from 'vitest';
import { runAnalysis } from './run-analysis.ts';
import { runAnalysisAsync } from './run-analysis-async.ts';
import { syntheticOrganisation } from './testing/synthetic.ts';

// Small thresholds make a 300-person organisation take the large-organisation paths (pivots on
// every graph, work graph included) and start workers at any size; at the default thresholds the
// same paths begin at 20,000 employees, too large for a unit test.
const LARGE_PATHS = { metrics: { betweenness: { exactMaxNodes: 100, pivots: 40, workExactMaxNodes: 100, workPivots: 60, parallelMinNodes: 0 } } };

describe('runAnalysisAsync', () => {
  const input = syntheticOrganisation({ employees: 300, seed: 5, with360: true });

  it('fails with ERR_WORKER_OUT_OF_MEMORY when a pool worker reaches its heap limit, and this process goes on', async () => {
    await expect(runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 2, workerHeapMb: 4 })).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    // The same run without the limit still works in this process.
    expect((await runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 2 })).employeeIds).toHaveLength(300);
  });

  it('gives the same result with 1 and with 2 workers above the work graph’s exact size: the machine does not choose exact or sampled', async () => {
    const one = await runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 1 });
    const two = await runAnalysisAsync(input, LARGE_PATHS, undefined, { workers: 2 });
    expect(one.metrics.work.betweennessMethod).toBe('pivots');
    expect(two.metrics.work.betweennessMethod).toBe('pivots');
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(two).toEqual(runAnalysis(input, LARGE_PATHS));
  });

  it('gives the same exact work-graph betweenness with 1 and with 2 workers below that size', async () => {
    const exactWork = { metrics: { betweenness: { ...LARGE_PATHS.metrics.betweenness, workExactMaxNodes: 1_000 } } };
    const one = await runAnalysisAsync(input, exactWork, undefined, { workers: 1 });
    const two = await runAnalysisAsync(input, exactWork, undefined, { workers: 2 });
    expect(two.metrics.work.betweennessMethod).toBe('exact');
    expect(two.metrics.byKind.advice?.betweennessMethod).toBe('pivots');
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
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
