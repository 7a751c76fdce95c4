import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../../e2e/support/browser.ts';
import { ServerProcess } from './server-process.ts';

/**
 * What the browser benchmarks share (graph, graph-overview, first-load): Debian's Chromium as the
 * browser tests launch it, the frame rate of a gesture, a CPU profile of the page, and a demo
 * server in a process of its own on a fresh embedded database.
 */

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/** Headless Debian Chromium with the browser tests' flags (software WebGL: --disable-gpu). */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * Frames per second and the longest frame while `action` runs, counted by requestAnimationFrame
 * in the page (a frame the renderer holds up shows as a long gap between two callbacks).
 */
export async function frameRate(page: Page, action: () => Promise<void>): Promise<{ fps: number; worstMs: number }> {
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__counting = true;
    const tick = (t) => {
      window.__frames.push(t);
      if (window.__counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await action();
  return (await page.evaluate(`(() => {
    window.__counting = false;
    const frames = window.__frames;
    const span = frames[frames.length - 1] - frames[0];
    let worst = 0;
    for (let i = 1; i < frames.length; i++) worst = Math.max(worst, frames[i] - frames[i - 1]);
    return { fps: span > 0 ? ((frames.length - 1) * 1000) / span : 0, worstMs: worst };
  })()`)) as { fps: number; worstMs: number };
}

type TProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type TCpuProfile = { nodes: TProfileNode[]; samples?: number[]; timeDeltas?: number[] };

/**
 * Runs `action` under the DevTools protocol's sampling profiler of the page and answers the
 * functions with the most self time (milliseconds), with `(garbage collector)`, `(program)` and
 * `(idle)` as the profiler names them. Only the page's main thread: the GPU process's rasterising
 * shows as the time the page waited, not here.
 */
export async function profilePage(page: Page, action: () => Promise<void>, top = 20): Promise<{ totalMs: number; functions: [string, number][] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const failure = await action().then(
    () => null,
    (error: unknown) => ({ error }),
  );
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: TCpuProfile };
  await cdp.detach();
  if (failure) throw failure.error;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    const delta = (profile.timeDeltas?.[i] ?? 0) / 1000;
    total += delta;
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${url.replace(/^.*\/(assets|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  }
  return { totalMs: total, functions: [...self].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

/**
 * The real server with the demo organisation, on a fresh embedded database in a temporary
 * directory, from the source of `root` (BENCH_ROOT: another checkout's "before" figures).
 */
export async function startDemoServer(options: { port: number; root: string; env?: Record<string, string> }): Promise<{ base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ona-bench-'));
  const base = `http://127.0.0.1:${options.port}`;
  const server = new ServerProcess({
    port: options.port,
    cwd: options.root,
    env: { DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'production', LOAD_DEMO: 'true', SECRETS_KEY: process.env.SECRETS_KEY ?? '0123456789abcdef0123456789abcdef', ...options.env },
  });
  try {
    await server.start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    async stop() {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a demo user in and answers the session token. */
export async function demoToken(base: string, email = 'admin@example.com', password = 'demo1234'): Promise<string> {
  const login = await fetch(`${base}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}
