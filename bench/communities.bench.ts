/**
 * Communities against igraph (issue 18): on the benchmark's work networks (the analysis
 * benchmark's synthetic organisations and the demo's finished survey, 1,000 and 5,000 people) the
 * engine's modularity and time beside igraph's Louvain and Leiden (bench/communities/igraph-reference.json,
 * made by bench/communities/igraph_reference.py). Figures go to docs/benchmarks.md.
 *   npx tsx bench/communities.bench.ts [sizes…]
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_OPTIONS } from '@ona/analytics';
import { detectCommunities } from '../packages/analytics/src/metrics/communities.ts';
import { benchmarkGraphs } from './communities/benchmark-graphs.ts';

interface Figures {
  min: number;
  mean: number;
  max: number;
  seconds: number;
}
const reference = JSON.parse(readFileSync(new URL('./communities/igraph-reference.json', import.meta.url), 'utf8')) as {
  igraph: string;
  networks: Record<string, { louvain: Figures; leiden: Figures }>;
};
const sizes = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const q = (value: number) => value.toFixed(4);
const { communities } = DEFAULT_OPTIONS.metrics;

console.log(`engine Leiden (resolution ${communities.resolution}) against python-igraph ${reference.igraph}, seeds 0–9`);
for (const { name, work } of benchmarkGraphs(sizes.length > 0 ? sizes : undefined)) {
  const igraph = reference.networks[name];
  const line: string[] = [];
  for (const runs of [1, communities.networkRuns, communities.runs]) {
    const started = performance.now();
    const found = detectCommunities(work, DEFAULT_OPTIONS.seed, { resolution: communities.resolution, runs });
    line.push(`${runs} run${runs > 1 ? 's' : ''} Q ${q(found.modularity)} (${found.count} communities, ${((performance.now() - started) / 1000).toFixed(2)} s)`);
  }
  console.log(`\n${name}: ${line.join('; ')}`);
  if (igraph) {
    for (const method of ['louvain', 'leiden'] as const) {
      const f = igraph[method];
      console.log(`  igraph ${method.padEnd(7)} Q min ${q(f.min)} mean ${q(f.mean)} max ${q(f.max)} (${f.seconds.toFixed(3)} s a run)`);
    }
  }
}
