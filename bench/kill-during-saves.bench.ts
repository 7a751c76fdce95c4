import { randomInt } from 'node:crypto';
import { createBenchDatabase } from './support/bench-database.ts';
import { ServerProcess } from './support/server-process.ts';
import { SaveLoad, seedEngagement, startInstantSurvey } from './support/survey-saves.ts';

/**
 * Durability under SIGKILL: the server runs in a process of its own (from source, on PostgreSQL);
 * this process keeps employees and instant-survey participants saving answers (each save with a
 * growing `sequence`), kills the server with SIGKILL at random moments, starts it again, and at
 * the end checks every answer the server acknowledged: the stored answer must be the newest
 * acknowledged save of that question or a newer one that was in flight at the kill — never an
 * older one, never a value nobody sent. Not part of any test run (it takes minutes):
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/kill-during-saves.bench.ts
 * BENCH_KILLS (3), BENCH_EMPLOYEES (60), BENCH_PARTICIPANTS (60), BENCH_PORT (8801).
 */
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 60);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 8801);
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('kill-during-saves: TEST_DATABASE_URL or DATABASE_URL (PostgreSQL) is not set; skipped.');
  process.exit(0);
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createBenchDatabase(serverUrl, 'ona_bench_kill');
const engagement = await seedEngagement(database.handle.db, { label: 'Kill', employees: EMPLOYEES });

// The server in its own process; SIGKILL gives it no chance to finish anything.
const server = new ServerProcess({ port: PORT, env: { DATABASE_URL: database.url } });
await server.start();
const instant = await startInstantSurvey(server.base, engagement.hostEmail, PARTICIPANTS);

const load = new SaveLoad(engagement, instant);
const started = Date.now();
load.start((path, init) => fetch(`${server.base}${path}`, init));
for (let kill = 0; kill < KILLS; kill++) {
  await pause(2_000 + randomInt(3_000));
  await server.stop('SIGKILL');
  await pause(300);
  await server.start();
}
await pause(2_000);
await load.stop();
await server.stop('SIGKILL');
const seconds = (Date.now() - started) / 1000;

const { employee, instant: instantResult } = await load.check(database.handle.db);
console.log(`${KILLS} SIGKILLs in ${seconds.toFixed(0)} s; ${EMPLOYEES} employees and ${PARTICIPANTS} instant participants saving all the time`);
console.log(`answers: ${[...load.statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log(`employee: ${employee.acknowledged} acknowledged saves, ${employee.checked} answers checked, ${employee.problems.length} wrong`);
console.log(`instant: ${instantResult.acknowledged} acknowledged saves, ${instantResult.checked} answers checked, ${instantResult.problems.length} wrong`);
for (const problem of [...employee.problems, ...instantResult.problems].slice(0, 10)) console.log(`  ${problem}`);

await database.drop();
process.exit(employee.problems.length + instantResult.problems.length === 0 ? 0 : 1);
