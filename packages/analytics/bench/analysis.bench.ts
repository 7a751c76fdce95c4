/**
 * Benchmark of a whole analysis on synthetic organisations of 1,000, 5,000 and 20,000 employees
 * (units of 8–15 under a manager tree, 13 questions, ~7 nominations per person per question,
 * mostly inside the unit). Prints time and memory per step, then the agreement of pivot-sampled
 * betweenness with exact betweenness on the work graph.
 *   npx tsx packages/analytics/bench/analysis.bench.ts [sizes…] [--agreement]
 */
import { runAnalysis } from '../src/index.ts';
import { syntheticOrganisation } from '../src/testing/synthetic.ts';
import { buildOrganisation } from '../src/graph/organisation.ts';
import { betweenness } from '../src/metrics/betweenness.ts';
import { DEFAULT_OPTIONS } from '../src/options.ts';

const args = process.argv.slice(2);
const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
const agreement = args.includes('--agreement');
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const input = syntheticOrganisation({ employees: size, seed: 42, with360: true });
  globalThis.gc?.();
  let peakRss = process.memoryUsage().rss;
  const memoryAfter: Record<string, number> = {};
  const started = performance.now();
  const result = runAnalysis(input, {}, undefined, {
    clock: () => performance.now(),
    onStepDone: (step) => {
      const rss = process.memoryUsage().rss;
      peakRss = Math.max(peakRss, rss);
      memoryAfter[step] = rss;
    },
  });
  const total = performance.now() - started;
  console.log(`\n== ${size} employees, ${input.units.length} units, ${input.nominations.length} nominations, work graph ${result.metrics.work.edgeCount} ties (${result.metrics.work.betweennessMethod})`);
  for (const t of result.timings) console.log(`  ${t.step.padEnd(20)} ${(t.ms / 1000).toFixed(2).padStart(7)} s   rss after ${mb(memoryAfter[t.step] ?? 0).padStart(5)} MB`);
  console.log(`  ${'TOTAL'.padEnd(20)} ${(total / 1000).toFixed(2).padStart(7)} s   peak rss ${mb(peakRss)} MB`);

  if (agreement) {
    const org = buildOrganisation(input);
    const t0 = performance.now();
    const exact = betweenness(org.work, { exactMaxNodes: Infinity, pivots: 1, seed: 1 });
    const exactMs = performance.now() - t0;
    const { pivots, workPivots } = DEFAULT_OPTIONS.metrics.betweenness;
    for (const k of [pivots, 512, workPivots]) {
      const t1 = performance.now();
      const sampled = betweenness(org.work, { exactMaxNodes: 0, pivots: k, seed: DEFAULT_OPTIONS.seed });
      const sampledMs = performance.now() - t1;
      const top = (values: number[]): Set<number> => new Set(values.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, Math.ceil(values.length * 0.05)).map(([, i]) => i));
      const exactTop = top(exact.raw);
      const sampledTop = top(sampled.raw);
      const overlap = [...exactTop].filter((i) => sampledTop.has(i)).length / exactTop.size;
      const meanRelError = exact.raw.reduce((s, v, i) => s + Math.abs(sampled.raw[i]! - v), 0) / exact.raw.reduce((s, v) => s + v, 0);
      console.log(`  betweenness exact ${(exactMs / 1000).toFixed(2)} s; ${k} pivots ${(sampledMs / 1000).toFixed(2)} s, top-5% overlap ${(overlap * 100).toFixed(1)}%, L1 error ${(meanRelError * 100).toFixed(1)}% of total`);
    }
  }
}
