import { randomBytes } from 'node:crypto';
import { createBenchDatabase } from './support/bench-database.ts';
import { ServerProcess } from './support/server-process.ts';
import { SaveLoad, seedEngagement, startInstantSurvey, type Send } from './support/survey-saves.ts';

/**
 * A rolling restart under survey load: two server instances (each a process of its own) on one
 * PostgreSQL database and one Redis with one REDIS_PREFIX, as a scaled-out deployment runs. This
 * process is both the load balancer and the clients: employees' answer saves (PUT with a
 * `sequence`) and instant-survey saves go round-robin to the two instances; a request refused by a
 * stopping instance (503 `service_restarting`), a refused connection, or a connection closed
 * before the answer is sent once more, unchanged, to the other instance — as a load balancer
 * retries an idempotent request (a save with the same sequence is idempotent: the second is
 * acknowledged and ignored). Meanwhile instance A is stopped with SIGTERM, awaited, started again
 * and awaited healthy, then B, and that twice. At the end every acknowledged save is checked
 * against the database. Not part of any test run (it takes a minute or more):
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/rolling-restart.bench.ts
 * BENCH_EMPLOYEES (40), BENCH_PARTICIPANTS (40), BENCH_ROUNDS (2), BENCH_SECONDS (60: the load
 * runs at least that long), BENCH_PORT (9401; B on the next port), REDIS_URL
 * (redis://127.0.0.1:6379; empty for none), BENCH_COMPILED=1 to run apps/server/dist/server.js
 * (after `npm run build:server`) instead of the source.
 */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 40);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 9401);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const COMPILED = process.env.BENCH_COMPILED === '1';
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('rolling-restart: TEST_DATABASE_URL or DATABASE_URL (PostgreSQL) is not set; skipped.');
  process.exit(0);
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createBenchDatabase(serverUrl, 'h14_rolling');
const engagement = await seedEngagement(database.handle.db, { label: 'Rolling', employees: EMPLOYEES });

// Server-side warnings and errors (JSON lines): a shutdown that hit its deadline, a 500's stack.
const serverLog: string[] = [];
const env = {
  DATABASE_URL: database.url,
  REDIS_URL,
  REDIS_PREFIX: `h14_rolling_${randomBytes(4).toString('hex')}`,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SHUTDOWN_DEADLINE_MS: '10000',
};
const instances = [0, 1].map(
  (i) => new ServerProcess({ port: PORT + i, env, compiled: COMPILED, onOutput: (line) => line.trim() !== '' && line.startsWith('{') && serverLog.push(`${'AB'[i]}: ${line}`) }),
);
const names = ['A', 'B'];
await Promise.all(instances.map((instance) => instance.start()));
const instant = await startInstantSurvey(instances[0]!.base, engagement.hostEmail, PARTICIPANTS);

// ---- The load balancer: round-robin; one retry on the other instance when the first cannot serve.
const routing = new Map<string, number>();
const note = (label: string) => routing.set(label, (routing.get(label) ?? 0) + 1);
let turn = 0;
type Attempt = { response: Response } | { failure: 'refused' | 'cut' };
async function attempt(instance: ServerProcess, path: string, init: RequestInit): Promise<Attempt> {
  try {
    return { response: await fetch(`${instance.base}${path}`, init) };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return { failure: code === 'ECONNREFUSED' ? 'refused' : 'cut' };
  }
}
async function isRestarting(response: Response): Promise<boolean> {
  if (response.status !== 503) return false;
  const body = (await response.clone().json().catch(() => null)) as { code?: string } | null;
  return body?.code === 'service_restarting';
}
const send: Send = async (path, init) => {
  const first = turn++ % 2;
  const tried = await attempt(instances[first]!, path, init);
  if ('response' in tried) {
    if (!(await isRestarting(tried.response))) {
      if (tried.response.status >= 500) note(`5xx from a running instance (${tried.response.status})`);
      return tried.response;
    }
    await tried.response.arrayBuffer();
    note('503 service_restarting, sent to the other instance');
  } else {
    note(tried.failure === 'refused' ? 'connection refused, sent to the other instance' : 'connection closed before the answer, sent to the other instance');
  }
  const retried = await attempt(instances[1 - first]!, path, init);
  if ('failure' in retried) {
    note(`the other instance failed too (${retried.failure})`);
    throw new Error('no instance answered');
  }
  if (retried.response.status >= 500) note(`5xx on the other instance (${retried.response.status}${(await isRestarting(retried.response)) ? ' service_restarting' : ''})`);
  return retried.response;
};

// ---- The restarts: A, then B, ROUNDS times; the load runs SECONDS at least.
const load = new SaveLoad(engagement, instant);
const started = Date.now();
load.start(send);
const restarts: string[] = [];
const gapMs = Math.max(2_000, (SECONDS * 1000) / (ROUNDS * 2 + 1) - 5_000);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, instance] of instances.entries()) {
    await pause(gapMs);
    const stopAt = Date.now();
    const code = await instance.stop('SIGTERM');
    const exitedAt = Date.now();
    await instance.start();
    restarts.push(`${names[i]}: stopped in ${((exitedAt - stopAt) / 1000).toFixed(1)} s (exit code ${code}), healthy again after ${((Date.now() - exitedAt) / 1000).toFixed(1)} s`);
  }
}
const left = SECONDS * 1000 - (Date.now() - started);
await pause(Math.max(3_000, left));
await load.stop();
const seconds = (Date.now() - started) / 1000;
await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));

const { employee, instant: instantResult, doubledInstant } = await load.check(database.handle.db);
const serverErrors = serverLog.filter((line) => /"level":(50|60)/.test(line));
const otherFailures = [...routing].filter(([label]) => label.startsWith('5xx') || label.startsWith('the other')).reduce((sum, [, n]) => sum + n, 0);
console.log(`${ROUNDS} rounds of rolling restarts (A then B, SIGTERM) in ${seconds.toFixed(0)} s; ${EMPLOYEES} employees and ${PARTICIPANTS} instant participants saving all the time, round-robin over two instances (${COMPILED ? 'compiled' : 'from source'})`);
for (const line of restarts) console.log(`  ${line}`);
console.log(`answers to the clients: ${[...load.statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log(`load balancer: ${[...routing].map(([k, v]) => `${k}: ${v}`).join(', ') || 'nothing to retry'}`);
console.log(`employee: ${employee.acknowledged} acknowledged saves, ${employee.checked} answers checked, ${employee.problems.length} lost or wrong`);
console.log(`instant: ${instantResult.acknowledged} acknowledged saves, ${instantResult.checked} answers checked, ${instantResult.problems.length} lost or wrong, ${doubledInstant} stored twice`);
console.log(`5xx other than a stopping instance's 503, or no instance answering: ${otherFailures}; server log lines: ${serverLog.length} (errors: ${serverErrors.length})`);
for (const line of [...employee.problems, ...instantResult.problems, ...serverLog].slice(0, 15)) console.log(`  ${line.slice(0, 400)}`);

await database.drop();
const failed = employee.problems.length + instantResult.problems.length + doubledInstant + otherFailures + serverErrors.length;
process.exit(failed === 0 ? 0 : 1);
