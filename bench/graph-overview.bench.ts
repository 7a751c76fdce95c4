import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { KEY_ROLES, type KeyRole } from '@ona/analytics';
import { buildGraphOverview, type GraphOverviewRequest } from '../apps/server/src/modules/graph/graph-overview.ts';
import { graphLabels } from '../apps/server/src/modules/graph/graph-labels.ts';
import type { GraphPerson, GraphSource, GraphTie } from '../apps/server/src/modules/graph/graph-source.ts';
import { createRng } from '../packages/analytics/src/prng.ts';
import { demoToken, frameRate, launchBenchBrowser, loadAverage as load, ms, profilePage, startDemoServer } from './support/browser-bench.ts';

/**
 * The graph view at scale (issue 34, item 4; docs/graph.md, "Overview of units"): a view of
 * PEOPLE people (default 20,000) and TIES ties (default 250,000) in the columnar answer of
 * GET …/graph-overview/, built on the server and drawn in headless Debian Chromium (software WebGL,
 * the browser tests' setup): time from the answer to the first frame with the nodes and with the
 * ties, frames per second while panning and zooming.
 *
 * The demo loader cannot load 20,000 people yet (issue 34, item 6: one INSERT overflows), so the
 * organisation is generated here as a graph source (units of 50 people, 80% of each person's ties
 * inside their unit) and the server part is timed in this process on it; the page runs against a
 * real demo server in a process of its own (embedded database, BENCH_PORT, default 47441), whose
 * graph-overview answer the browser is handed from the generated organisation instead
 * (playwright's route). Needs `npm run build:web` first. Not part of `npm test`.
 * OVERVIEW_BENCH_VIEW=units hands the page the overview of units instead of everyone opened;
 * OVERVIEW_BENCH_PROFILE=0 leaves out the second, profiled load; OVERVIEW_BENCH_SCREENSHOT=file.png
 * keeps a picture of the first draw.
 */
const PEOPLE = Number(process.env.OVERVIEW_BENCH_PEOPLE ?? 20_000);
const TIES = Number(process.env.OVERVIEW_BENCH_TIES ?? 250_000);
const UNIT_SIZE = 50;
const PORT = Number(process.env.BENCH_PORT ?? 47441);
const ROOT = resolve(process.env.BENCH_ROOT ?? '.');
if (!existsSync(resolve(ROOT, 'apps/web/dist/index.html'))) throw new Error('Build the web client first: npm run build:web');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function generateSource(peopleCount: number, tieCount: number): GraphSource {
  const next = createRng(34);
  const unitCount = Math.ceil(peopleCount / UNIT_SIZE);
  const side = Math.ceil(Math.sqrt(unitCount));
  const units = Array.from({ length: unitCount }, (_, u) => ({ id: u + 1, name: `Unit ${u + 1}`, parentId: null, color: `#${(((u * 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, '0')}` }));
  const noRoles = Object.fromEntries(KEY_ROLES.map((role) => [role, false])) as Record<KeyRole, boolean>;
  const people: GraphPerson[] = [];
  for (let i = 0; i < peopleCount; i++) {
    const u = Math.floor(i / UNIT_SIZE);
    const point = { x: (u % side) * 10 + next() * 6, y: Math.floor(u / side) * 10 + next() * 6 };
    people.push({ id: i + 1, name: `Person ${i + 1}`, unitId: u + 1, leaderId: null, gender: null, generation: null, attributes: {}, answerCount: 1, keyRoles: noRoles, positions: { regular: point, circular: point, orgchart: point, logo: point } });
  }
  const seen = new Set<number>();
  const ties: GraphTie[] = [];
  const questions = [1];
  while (ties.length < tieCount) {
    const source = Math.floor(next() * peopleCount);
    const unitStart = Math.floor(source / UNIT_SIZE) * UNIT_SIZE;
    const target = next() < 0.8 ? Math.min(peopleCount - 1, unitStart + Math.floor(next() * UNIT_SIZE)) : Math.floor(next() * peopleCount);
    if (source === target || seen.has(source * peopleCount + target)) continue;
    seen.add(source * peopleCount + target);
    ties.push({ source, target, questions });
  }
  return {
    people,
    indexById: new Map(people.map((p, i) => [p.id, i] as const)),
    units,
    questions: [{ id: 1, label: 'Work together', category: 'work_cooperation', work: true }],
    ties,
    collaboration: null,
    nodeSize: 0.15,
  };
}

console.log(`load average at the start: ${load()} (2 shared cores; other sessions ran their own work meanwhile)`);
let started = performance.now();
const source = generateSource(PEOPLE, TIES);
console.log(`generated ${PEOPLE} people in ${source.units.length} units with ${TIES} ties in ${ms(performance.now() - started)}`);

const labels = graphLabels('en');
const viewer = { level: 'all_access' as const, ownEmployeeId: null };
const request = (change: Partial<GraphOverviewRequest>): GraphOverviewRequest => ({ graphType: null, units: [], edges: 'all', filters: new Map(), open: [], rest: 'units', ...change });
function timeBuild(label: string, change: Partial<GraphOverviewRequest>): string {
  const times: number[] = [];
  let body = '';
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    body = JSON.stringify(buildGraphOverview(source, request(change), viewer, labels));
    times.push(performance.now() - t0);
  }
  console.log(`server, ${label}: built and serialised in ${ms(median(times))} (median of 5), ${(body.length / 1e6).toFixed(2)} MB`);
  return body;
}
const units = timeBuild('overview of units', {});
timeBuild('overview with one unit opened', { open: [1] });
const everyone = timeBuild(`every unit opened (${PEOPLE} people, ${TIES} ties)`, { open: source.units.map((u) => u.id), rest: 'none' });


const server = await startDemoServer({ port: PORT, root: ROOT });
const browser = await launchBenchBrowser();
try {
  const token = await demoToken(server.base);
  const journeys = (await (await fetch(`${server.base}/api/engagements/`, { headers: { authorization: `Token ${token}` } })).json()) as { id: number; name: string }[];
  const journey = journeys.find((e) => e.name.includes('spring')) ?? journeys[0]!;
  console.log(`demo server up; load average ${load()}`);

  /** A fresh page that opens the graph view on the generated answer and waits for its ties on screen. */
  async function openOverview(page: Page): Promise<void> {
    await page.addInitScript((t) => {
      localStorage.setItem('auth.token', t);
      localStorage.setItem('locale', 'en');
      // Open on the overview whatever the demo's size: the answer below is the 20,000-person one.
      (window as unknown as { __onaGraphTuning: { overviewMinPeople: number } }).__onaGraphTuning = { overviewMinPeople: 0 };
    }, token);
    await page.route('**/graph-overview/**', (route) => route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: process.env.OVERVIEW_BENCH_VIEW === 'units' ? units : everyone }));
    await page.goto(`${server.base}/engagements/${journey.id}/graph.html`);
    await page.waitForFunction(() => performance.getEntriesByName('ona:overview-ties-shown').length > 0, undefined, { timeout: 180_000 });
  }
  const newPage = () => browser.newPage({ viewport: { width: 1440, height: 900 } });

  const page = await newPage();
  await openOverview(page);
  // Every step the page marks (decoded, nodes and ties handed to WebGL, frames shown), after the answer.
  const drawn = (await page.evaluate(`(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/graph-overview/'));
    const steps = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('ona:overview')).map((m) => [m.name.slice('ona:overview-'.length), m.startTime - entry.responseEnd]);
    return { steps, count: window.__onaOverview.nodeCount(), edges: window.__onaOverview.edgeCount() };
  })()`)) as { steps: [string, number][]; count: number; edges: number };
  const at = (step: string) => drawn.steps.find(([name]) => name === step)?.[1] ?? Number.NaN;
  console.log(`page: ${drawn.count} people and ${drawn.edges} ties; after the answer arrived, people drawn in ${ms(at('nodes-shown'))}, ties drawn in ${ms(at('ties-shown'))} (goal 2 s); load average ${load()}`);
  console.log(`  steps after the answer: ${drawn.steps.map(([name, time]) => `${name} ${ms(time)}`).join(', ')}`);

  // OVERVIEW_BENCH_SCREENSHOT=file.png: the first draw as the reader sees it (to check the look).
  if (process.env.OVERVIEW_BENCH_SCREENSHOT) await page.getByTestId('graph-overview-canvas').screenshot({ path: process.env.OVERVIEW_BENCH_SCREENSHOT });
  const box = (await page.getByTestId('graph-overview-canvas').boundingBox())!;
  const pan = await frameRate(page, async () => {
    await page.mouse.move(box.x + 6, box.y + box.height - 6);
    await page.mouse.down();
    for (let i = 0; i < 40; i++) await page.mouse.move(box.x + 6 + Math.sin(i / 5) * 200, box.y + box.height - 6 - i * 6);
    await page.mouse.up();
  });
  console.log(`pan (40 pointer moves): ${pan.fps.toFixed(1)} frames/s, longest frame ${ms(pan.worstMs)} (goal 30)`);
  await page.waitForFunction(() => !(window as unknown as { __onaOverview: { previewing(): boolean } }).__onaOverview.previewing(), undefined, { timeout: 60_000 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoom = await frameRate(page, async () => {
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, i < 15 ? -100 : 100);
  });
  console.log(`zoom (30 wheel notches): ${zoom.fps.toFixed(1)} frames/s, longest frame ${ms(zoom.worstMs)} (goal 30)`);
  const settled = (await page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    const check = () => (window.__onaOverview.previewing() ? requestAnimationFrame(check) : requestAnimationFrame(() => resolve(performance.now() - t0)));
    check();
  })`)) as number;
  console.log(`picture drawn anew after the last notch: ${ms(settled)}; load average ${load()}`);
  await page.close();

  // Where the page's main thread spent the first draw: a second load under the CPU profiler.
  if (process.env.OVERVIEW_BENCH_PROFILE !== '0') {
    const profiled = await newPage();
    const { totalMs, functions } = await profilePage(profiled, () => openOverview(profiled));
    console.log(`CPU profile of a second load (page open to ties shown, main thread, ${ms(totalMs)} sampled); functions by self time:`);
    for (const [name, time] of functions) console.log(`  ${ms(time).padStart(8)}  ${name}`);
    await profiled.close();
  }
  console.log(`load average at the end: ${load()}`);
} finally {
  await browser.close();
  await server.stop();
}
