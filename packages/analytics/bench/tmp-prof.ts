import { syntheticOrganisation } from '../src/testing/synthetic.ts';
import { buildOrganisation } from '../src/graph/organisation.ts';
import { resolveOptions } from '../src/options.ts';
import { degreeMetrics } from '../src/metrics/degree.ts';
import { eigenvectorCentrality } from '../src/metrics/eigenvector.ts';
import { pagerank } from '../src/metrics/pagerank.ts';
import { hits } from '../src/metrics/hits.ts';
import { twoStepReach } from '../src/metrics/reach.ts';
import { structuralHoles } from '../src/metrics/structural-holes.ts';
import { harmonicCloseness } from '../src/metrics/closeness.ts';
import { stabilitySources, centralityVectors } from '../src/confidence/centrality-vectors.ts';
import { communityRun, undirectedCsr, communityRunSeeds } from '../src/metrics/communities.ts';
import { forceLayout } from '../src/layout/layouts.ts';
const size = Number(process.argv[2] ?? 100000);
const input = syntheticOrganisation({ employees: size, seed: 42, with360: true });
const org = buildOrganisation(input);
const options = resolveOptions({});
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const time = <T>(label: string, f: () => T): T => { const c = cpu(); const t = performance.now(); const v = f(); console.log(label.padEnd(40), ((performance.now() - t) / 1000).toFixed(2), 's wall', (cpu() - c).toFixed(2), 'cpu'); return v; };
const g = org.work;
const which = process.argv.slice(3);
const on = (k: string) => which.length === 0 || which.includes(k);
if (on('measures')) {
  time('degree', () => degreeMetrics(g));
  time('eigen', () => eigenvectorCentrality(g, options.metrics.eigenvector));
  time('pagerank', () => pagerank(g, options.metrics.pagerank));
  time('hits', () => hits(g, options.metrics.hits));
  time('reach', () => twoStepReach(g));
  time('holes', () => structuralHoles(g));
  const kinds = [...org.byKind.entries()];
  for (const [k, kg] of kinds.slice(0, 2)) {
    time(`${k} eigen`, () => eigenvectorCentrality(kg, options.metrics.eigenvector));
    time(`${k} pagerank`, () => pagerank(kg, options.metrics.pagerank));
    time(`${k} hits`, () => hits(kg, options.metrics.hits));
    time(`${k} reach`, () => twoStepReach(kg));
    time(`${k} holes`, () => structuralHoles(kg));
  }
}
if (on('stability')) {
  const sources = stabilitySources(g, options, options.seed);
  time('stability full', () => centralityVectors(g, options, sources, options.seed));
  time('closeness conf', () => harmonicCloseness(g, { exactMaxNodes: options.confidence.exactMaxNodes, pivots: options.confidence.pivots, seed: 1 }));
}
if (on('leiden')) {
  const u = undirectedCsr(g);
  const seeds = communityRunSeeds(options.seed, 5);
  time('leiden run', () => communityRun({ ...u }, 1, seeds[0]!));
}
if (on('layout')) time('forceLayout', () => forceLayout(g, org.unitOf, options.seed, options.layout.forceIterations, options.layout.forceWorkBudget));
