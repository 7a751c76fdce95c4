/**
 * Benchmark of a whole analysis on synthetic organisations of 1,000, 5,000 and 20,000 employees
 * (units of 8–15 under a manager tree, 13 questions, ~7 nominations per person per question,
 * mostly inside the unit). Prints time and memory per step; with --workers N the run is
 * runAnalysisAsync on N worker threads (exact betweenness on the work graph). The work graph's
 * communities are printed beside igraph's on the same graph (bench/communities/igraph-reference.json
 * at the repository root, for the 1,000 and 5,000 organisations). With --agreement,
 * the agreement of pivot-sampled betweenness with exact betweenness on the work graph and the
 * advice graph, for uniform and unit-stratified pivots.
 *   npx tsx --expose-gc packages/analytics/bench/analysis.bench.ts [sizes…] [--workers N] [--agreement]
 */
import { readFileSync } from 'node:fs';
import { runAnalysis, runAnalysisAsync } from '../src/index.ts';
import type { AnalysisResult, AnalysisStep, RunAnalysisAsyncHooks } from '../src/index.ts';
import { syntheticOrganisation } from '../src/testing/synthetic.ts';
import { buildOrganisation } from '../src/graph/organisation.ts';
import type { Digraph } from '../src/graph/digraph.ts';
import { betweenness } from '../src/metrics/betweenness.ts';
import type { BetweennessResult } from '../src/metrics/betweenness.ts';
import { betweennessParallel } from '../src/parallel/betweenness-parallel.ts';

const args = process.argv.slice(2);
const workersAt = args.indexOf('--workers');
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : 1;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && (workersAt < 0 || i !== workersAt + 1)).map(Number);
const agreement = args.includes('--agreement');
/** igraph's modularity on these organisations' work graphs (bench/communities/igraph_reference.py). */
const igraph = JSON.parse(readFileSync(new URL('../../../bench/communities/igraph-reference.json', import.meta.url), 'utf8')) as {
  networks: Record<string, Record<'louvain' | 'leiden', { mean: number; max: number }>>;
};
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

for (const size of sizes.length > 0 ? sizes : [1000, 5000, 20000]) {
  const input = syntheticOrganisation({ employees: size, seed: 42, with360: true });
  globalThis.gc?.();
  let peakRss = process.memoryUsage().rss;
  const memoryAfter: Partial<Record<AnalysisStep, number>> = {};
  // Worker threads live in this process, so rss counts their memory too.
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const hooks: RunAnalysisAsyncHooks = {
    clock: () => performance.now(),
    onStepDone: (step) => {
      const rss = process.memoryUsage().rss;
      peakRss = Math.max(peakRss, rss);
      memoryAfter[step] = rss;
    },
    workers,
  };
  const started = performance.now();
  const result: AnalysisResult = workers > 1 ? await runAnalysisAsync(input, {}, undefined, hooks) : runAnalysis(input, {}, undefined, hooks);
  const total = performance.now() - started;
  clearInterval(sampler);
  const slowest = [...result.timings].sort((a, b) => b.ms - a.ms)[0]!;
  console.log(`\n== ${size} employees, ${input.units.length} units, ${input.nominations.length} nominations, work graph ${result.metrics.work.edgeCount} ties (${result.metrics.work.betweennessMethod}), ${workers > 1 ? `runAnalysisAsync, ${workers} workers` : 'runAnalysis'}`);
  for (const t of result.timings) console.log(`  ${t.step.padEnd(20)} ${seconds(t.ms).padStart(7)} s   rss after ${mb(memoryAfter[t.step as AnalysisStep] ?? 0).padStart(5)} MB`);
  console.log(`  ${'TOTAL'.padEnd(20)} ${seconds(total).padStart(7)} s   peak rss ${mb(peakRss)} MB   slowest step ${slowest.step}`);
  const reference = igraph.networks[`synthetic-${size}`];
  const beside = reference ? `; igraph Louvain mean ${reference.louvain.mean.toFixed(4)} max ${reference.louvain.max.toFixed(4)}, Leiden max ${reference.leiden.max.toFixed(4)}` : '';
  console.log(`  communities (work)   modularity ${result.communities.modularity.toFixed(4)}, ${result.communities.count} communities${beside}`);
  if (agreement) await measureAgreement(input);
}

async function measureAgreement(input: Parameters<typeof buildOrganisation>[0]): Promise<void> {
  const org = buildOrganisation(input);
  const graphs: [string, Digraph][] = [
    ['work', org.work],
    ['advice', org.byKind.get('advice')!],
  ];
  for (const [name, graph] of graphs) {
    const t0 = performance.now();
    const exact = workers > 1 ? await betweennessParallel(graph, { workers }) : betweenness(graph, { exactMaxNodes: Infinity, pivots: 1, seed: 1 });
    console.log(`  ${name} graph: exact ${seconds(performance.now() - t0)} s${workers > 1 ? ` on ${workers} workers` : ''}`);
    for (const k of [256, 512, 2048]) {
      const line: string[] = [];
      for (const strata of [undefined, org.unitOf]) {
        const t1 = performance.now();
        const sampled = betweenness(graph, { exactMaxNodes: 0, pivots: k, seed: 20_260_101, strata });
        line.push(`${strata ? 'stratified' : 'uniform'} ${describe(exact, sampled)} (${seconds(performance.now() - t1)} s)`);
      }
      console.log(`    ${String(k).padStart(5)} pivots: ${line.join('; ')}`);
    }
  }
}

/** Share of the exact top 5% also in the sampled top 5%, and L1 error as a share of the total. */
function describe(exact: BetweennessResult, sampled: BetweennessResult): string {
  const top = (values: number[]): Set<number> =>
    new Set(values.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, Math.ceil(values.length * 0.05)).map(([, i]) => i));
  const exactTop = top(exact.raw);
  const sampledTop = top(sampled.raw);
  const overlap = [...exactTop].filter((i) => sampledTop.has(i)).length / exactTop.size;
  const l1 = exact.raw.reduce((s, v, i) => s + Math.abs(sampled.raw[i]! - v), 0) / exact.raw.reduce((s, v) => s + v, 0);
  return `top-5% ${(overlap * 100).toFixed(1)}%, L1 ${(l1 * 100).toFixed(1)}%`;
}
