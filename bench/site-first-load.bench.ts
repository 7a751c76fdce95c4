import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { coldLoad, kb, median, seconds, type TColdLoad } from './support/cold-load.ts';
import { ServerProcess } from './support/server-process.ts';

/**
 * First loads of the public site's pages (issue 16): the site is built (apps/site), served by the
 * real server in its own process, and opened cold in headless Chromium on emulated Fast 3G (see
 * support/cold-load.ts). For each page it reports the compressed bytes of JavaScript, CSS and
 * HTML that came over the wire and the first contentful paint, median of RUNS (default 3). The
 * budget the issue sets: under 100 KB of compressed JavaScript per page; the contact page is the
 * only one with a script at all.
 *
 * BENCH_SKIP_BUILD=1 serves the existing apps/site/dist. BENCH_PORT (default 9002). Not part of `npm test`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 9002);
const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 3);
const JS_BUDGET = 100 * 1024;
const PAGES = ['index.html', 'en/index.html', 'contact.html', 'en/contact.html', 'blog/index.html', 'en/blog/what-organisational-network-analysis-shows.html', 'privacy/202411.html'];

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build:site', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the site build failed');
}

const dataDir = mkdtempSync(resolve('tmp-data-bench-'));
const server = new ServerProcess({ port: PORT, env: { DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${PORT}` } });
try {
  await server.start();
  console.log(`load average before the runs: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log('| Page | JavaScript | CSS | HTML | First contentful paint |');
  console.log('|---|---|---|---|---|');
  let overBudget = false;
  for (const path of PAGES) {
    const loads: TColdLoad[] = [];
    for (let run = 0; run < RUNS; run++) {
      loads.push(await coldLoad(`http://127.0.0.1:${PORT}/site/${path}`, { ready: async (page) => void (await page.locator('h1').first().waitFor({ timeout: 120_000 })) }));
    }
    const bytes = (type: string) => median(loads.map((load) => load.bytes[type] ?? 0));
    const js = bytes('Script');
    overBudget ||= js > JS_BUDGET;
    console.log(`| ${path} | ${kb(js)} in ${loads[0]?.files.Script ?? 0} files | ${kb(bytes('Stylesheet'))} | ${kb(bytes('Document'))} | ${seconds(median(loads.map((load) => load.fcp)))} |`);
  }
  console.log(`load average after the runs: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(overBudget ? 'A page is over the budget of 100 KB of compressed JavaScript.' : 'Every page is within the budget of 100 KB of compressed JavaScript.');
} finally {
  await server.stop('SIGTERM').catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.lock`, { recursive: true, force: true });
}
