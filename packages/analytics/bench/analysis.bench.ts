/**
 * Benchmark of a whole analysis on synthetic organisations of 1,000, 5,000 and 20,000 employees
 * (units of 8–15 under a manager tree, 13 questions, ~7 nominations per person per question,
 * mostly inside the unit). Prints time and memory per step; with --workers N the run is
 * runAnalysisAsync on N worker threads (exact betweenness on the work graph). The work graph's
 * communities are printed beside igraph's on the same graph (bench/communities/igraph-reference.json
 * at the repository root, for the 1,000 and 5,000 organisations). With --agreement,
 * the agreement of pivot-sampled betweenness with exact betweenness on the work graph and the
 * advice graph, for uniform and unit-stratified pivots.
 *
 * By default the run is `runAnalysisInSections` and each section is cut into pages and
 * compressed as it is handed over, then dropped, as the server's analysis worker stores a run
 * (by the server's own result-parts.ts: pages of 1,000, each network's metrics apart, the metrics
 * as number columns, the rest JSON, Zstandard at level 1), so the peak is the server's. --whole holds the whole result instead, as before sections existed.
 * Each run ends with a timeline of the analysis thread (each step's end, each section's encoding), which shows where it waits on the pool and where it works alone.
 *   npx tsx --expose-gc packages/analytics/bench/analysis.bench.ts [sizes…] [--workers N] [--whole] [--agreement]
 */
import { readFileSync } from 'node:fs';
import { runAnalysis, runAnalysisAsync, runAnalysisInSections } from '../src/index.ts';
import type { AnalysisResult, AnalysisStep, ResultSection, RunAnalysisAsyncHooks } from '../src/index.ts';
import { syntheticOrganisation } from '../src/testing/synthetic.ts';
import { buildOrganisation } from '../src/graph/organisation.ts';
import type { Digraph } from '../src/graph/digraph.ts';
import { betweenness } from '../src/metrics/betweenness.ts';
import type { BetweennessResult } from '../src/metrics/betweenness.ts';
import { betweennessParallel } from '../src/parallel/betweenness-parallel.ts';
// The server's own parts (the bench measures what the analysis worker does; nothing of the server runs in the engine).
import { splitSection } from '../../../apps/server/src/modules/analysis/result-parts.ts';

const args = process.argv.slice(2);
const workersAt = args.indexOf('--workers');
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : 1;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && (workersAt < 0 || i !== workersAt + 1)).map(Number);
const agreement = args.includes('--agreement');
const whole = args.includes('--whole');
/** This thread's CPU seconds since `from` (process.threadCpuUsage: the pool's threads not counted). */
const threadCpuSince = (from: NodeJS.CpuUsage): number => {
  const used = process.threadCpuUsage(from);
  return (used.user + used.system) / 1e6;
};
/** This thread's CPU seconds in cutting the sections into parts, encoding and compressing them, summed over a run. */
const partsCpu = { seconds: 0 };
/**
 * What this thread did when, from the run's start: each step's end and each section's encoding
 * (start and end), so that a wait on the pool and a stretch where this thread works alone show.
 */
const timeline: { at: number; what: string }[] = [];
let runStarted = 0;
const mark = (what: string) => timeline.push({ at: performance.now() - runStarted, what });
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
      mark(`step ${step} done`);
    },
    workers,
  };
  const started = performance.now();
  runStarted = started;
  timeline.length = 0;
  const threadCpuBefore = process.threadCpuUsage();
  partsCpu.seconds = 0;
  let stored = 0;
  let partCount = 0;
  const result: Pick<AnalysisResult, 'timings' | 'communities' | 'metrics'> = whole
    ? workers > 1
      ? await runAnalysisAsync(input, {}, undefined, hooks)
      : runAnalysis(input, {}, undefined, hooks)
    : await inSections(input, hooks, (bodies) => {
        partCount += bodies.length;
        for (const body of bodies) stored += body.byteLength;
      });
  const total = performance.now() - started;
  const threadCpu = threadCpuSince(threadCpuBefore);
  clearInterval(sampler);
  const slowest = [...result.timings].sort((a, b) => b.ms - a.ms)[0]!;
  const mode = whole ? 'whole result held' : `in sections, ${partCount} parts, ${mb(stored)} MB compressed`;
  console.log(`\n== ${size} employees, ${input.units.length} units, ${input.nominations.source.length} nominations, work graph ${result.metrics.work.edgeCount} ties (${result.metrics.work.betweennessMethod}), ${workers > 1 ? `${workers} workers` : 'one thread'}, ${mode}`);
  for (const t of result.timings) console.log(`  ${t.step.padEnd(20)} ${seconds(t.ms).padStart(7)} s   rss after ${mb(memoryAfter[t.step as AnalysisStep] ?? 0).padStart(5)} MB`);
  console.log(`  ${'TOTAL'.padEnd(20)} ${seconds(total).padStart(7)} s   peak rss ${mb(peakRss)} MB   slowest step ${slowest.step}`);
  console.log(`  this thread's CPU    ${threadCpu.toFixed(1)} s, of which the parts (cut, encoded, compressed) ${partsCpu.seconds.toFixed(1)} s`);
  const reference = igraph.networks[`synthetic-${size}`];
  const beside = reference ? `; igraph Louvain mean ${reference.louvain.mean.toFixed(4)} max ${reference.louvain.max.toFixed(4)}, Leiden max ${reference.leiden.max.toFixed(4)}` : '';
  console.log(`  timeline (s from the start): ${timeline.map((t) => `${(t.at / 1000).toFixed(1)} ${t.what}`).join('; ')}`);
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

/**
 * The run in sections: each section cut and compressed as it comes (`store` sees the bodies), and
 * only what the summary prints kept (timings, communities, the work network's metrics).
 */
async function inSections(input: Parameters<typeof runAnalysisInSections>[0], hooks: RunAnalysisAsyncHooks, store: (bodies: Buffer[]) => void): Promise<Pick<AnalysisResult, 'timings' | 'communities' | 'metrics'>> {
  const kept: Partial<Pick<AnalysisResult, 'timings' | 'communities' | 'metrics'>> = {};
  await runAnalysisInSections(input, {}, undefined, hooks, (section, value) => {
    store(compressedParts(section, value));
    if (section === 'timings' || section === 'communities') Object.assign(kept, { [section]: value });
    // Only the work network's figures are printed; the other networks' columns are dropped.
    if (section === 'metrics') kept.metrics = { work: (value as AnalysisResult['metrics']).work } as AnalysisResult['metrics'];
  });
  return kept as Pick<AnalysisResult, 'timings' | 'communities' | 'metrics'>;
}


/** A section cut, encoded and compressed by the server's own code, as its analysis worker stores a run. */
function compressedParts(section: ResultSection, value: unknown): Buffer[] {
  const started = process.threadCpuUsage();
  mark(`${section} encoding`);
  const bodies = splitSection(section, value).map((part) => part.body);
  partsCpu.seconds += threadCpuSince(started);
  mark(`${section} encoded`);
  return bodies;
}
