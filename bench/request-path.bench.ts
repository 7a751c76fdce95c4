import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq, sql, tables } from '@ona/db';
import { analyseDemoEngagements } from '../apps/server/src/demo/analyse-demo.ts';
import { generateDemoLogins, generateDemoOrganisation } from '../apps/server/src/demo/generate-demo.ts';
import { DEMO_PASSWORD, loadDemo } from '../apps/server/src/demo/load-demo.ts';
import { FIXTURE_PASSWORD } from '../apps/server/src/testing/fixtures.ts';
import { exportCommit } from './support/before-checkout.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { databaseBackendsCpu, databaseCpuBetween } from './support/database-cpu.ts';
import { ServerProcess } from './support/server-process.ts';
import { seedEngagement, startInstantSurvey } from './support/survey-saves.ts';
import { runInstantLoad, type InstantFigures } from './support/instant-load.ts';

/**
 * The request path at database speed (issue 20), measured on the server, not the client: every
 * server is a process of its own, this script is the load generator (autocannon for HTTP, plain
 * websockets for the instant survey), and every request comes from its own client address
 * (X-Forwarded-For; the servers trust their proxy, as behind a load balancer), so that no rate
 * limit of one address decides the figures. In one run, on one throw-away PostgreSQL database:
 *
 * - before: an export of BENCH_BEFORE_REF (default `main`; empty to skip) with its own code;
 * - after: this checkout;
 * - anchor: bench/support/raw-anchor.ts, plain Fastify + pg doing the same database work.
 *
 * Rows: employee answer save (50 connections); GET /api/engagements/ (50 connections); GET
 * …/retention-analytics-results/ of an analysed demo organisation (BENCH_DEMO_SIZE employees,
 * default 300, an answer of about 270 KB; also with If-None-Match when the server sends an ETag); instant survey with 1,000
 * participants and 100 saves in flight (save latency and save → host message). The HTTP rows
 * measure the targets in turn, BENCH_ROUNDS times (default 3) of BENCH_SECONDS each (default 5),
 * after a warm-up of BENCH_WARMUP_SECONDS (default 3) each; the instant row once per target for
 * all the rounds' seconds together. Prints a Markdown table, the load average and each row's throughput against the
 * anchor's, round by round.
 * Needs TEST_DATABASE_URL or DATABASE_URL (PostgreSQL); BENCH_PORT (default 9501 and the next two);
 * BENCH_ROWS (saves,list,retention,instant; 304 for the unchanged answer alone) picks rows; BENCH_PROFILE_DIR profiles the after server.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('request-path: TEST_DATABASE_URL or DATABASE_URL (PostgreSQL) is not set; skipped.');
  process.exit(0);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const BEFORE_REF = process.env.BENCH_BEFORE_REF ?? 'main';
const DEMO_SIZE = Number(process.env.BENCH_DEMO_SIZE ?? 300);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 9501);
const CONNECTIONS = 50;
/** Which rows to measure (BENCH_ROWS, comma-separated; default all). */
const ROWS = new Set((process.env.BENCH_ROWS ?? 'saves,list,retention,instant').split(','));

const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');
console.log(`request-path benchmark; load average (1/5/15 min) at the start: ${load()}`);

const database = await createBenchDatabase(serverUrl, 'ona_reqpath');
const servers: { name: string; process: ServerProcess }[] = [];
const running: ServerProcess[] = [];
try {
  let t0 = performance.now();
  const company = generateDemoOrganisation({ size: DEMO_SIZE, referenceDate: '2026-10-12' });
  const logins = generateDemoLogins(company);
  await loadDemo(database.handle.db, [company], logins);
  await analyseDemoEngagements(database.handle.db, '2026-10-12', logins.find((l) => l.role === 'leader')?.email ?? '');
  const [analysed] = await database.handle.db.select({ id: tables.analysisRuns.engagementId }).from(tables.analysisRuns).where(eq(tables.analysisRuns.status, 'done'));
  if (!analysed) throw new Error('no analysed engagement');
  const employees = await seedEngagement(database.handle.db, { label: 'Saves', employees: 200 });
  // The planner's statistics of the fresh load, as autovacuum would have them on a database in
  // use: without them the first minutes plan from defaults while autovacuum analyses beside the
  // measurement, and the journeys list's database CPU per request was twice its steady value.
  await database.handle.db.execute(sql`vacuum analyze`);
  console.log(`seeded and analysed a demo organisation of ${DEMO_SIZE} and an engagement of 200 in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const env = { DATABASE_URL: database.url, NODE_ENV: 'production' };
  const before = BEFORE_REF ? exportCommit(BEFORE_REF, 'before') : null;
  if (before) servers.push({ name: `before (${before.commit.slice(0, 7)})`, process: new ServerProcess({ port: PORT, env, cwd: before.dir }) });
  // BENCH_PROFILE_DIR: a CPU profile of the after server over the whole run (bench/support/profile-summary.ts reads it).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  servers.push({ name: 'after (this checkout)', process: new ServerProcess({ port: PORT + 1, env, nodeArgs: profile }) });
  for (const server of servers) {
    running.push(server.process);
    await server.process.start();
  }
  const base = (server: ServerProcess) => server.base.replace(/\/api$/, '');
  const first = servers[servers.length - 1]!.process;
  const login = await fetch(`${first.base}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
  const adminToken = ((await login.json()) as { token: string }).token;
  // Each product server's own instant survey (the anchor answers in the after server's).
  const instantSurveys = [];
  for (const server of servers) instantSurveys.push(await startInstantSurvey(server.process.base, employees.hostEmail, PARTICIPANTS));
  // Started last: it reads the tokens that exist (the admin's login included) once.
  const anchor = new ServerProcess({ port: PORT + 2, env, script: 'bench/support/raw-anchor.ts' });
  running.push(anchor);
  await anchor.start();
  const targets = [...servers, { name: 'anchor (raw Fastify + pg)', process: anchor }];
  console.log(`servers up in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  let address = 0;
  /** A client address of its own for every request. */
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  /**
   * cpuMsPerRequest: the server process's CPU time over the measurement divided by its requests;
   * dbCpuMsPerRequest: the same for the PostgreSQL backends of the bench database (null when their
   * processes cannot be read), which says whether a gap to the anchor is in Node or in the database.
   */
  type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuMsPerRequest: number | null; dbCpuMsPerRequest: number | null };
  /** One measurement's raw sums, so that rounds add up to one figure. */
  type Round = { requests: number; seconds: number; p50: number; p99: number; non2xx: number; errors: number; cpuSeconds: number | null; dbSeconds: number | null };
  const databaseName = new URL(database.url).pathname.slice(1);
  async function measure(server: ServerProcess, setupClient: (client: autocannon.Client) => void, seconds: number): Promise<Round> {
    const cpuBefore = server.cpuSeconds();
    const dbBefore = databaseBackendsCpu(databaseName);
    const result = await autocannon({ url: base(server), connections: CONNECTIONS, duration: seconds, setupClient });
    const cpuAfter = server.cpuSeconds();
    const dbSeconds = databaseCpuBetween(dbBefore, databaseBackendsCpu(databaseName));
    return { requests: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, cpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null, dbSeconds };
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const sum = (values: number[]) => values.reduce((x, y) => x + y, 0);
  const perRequestMs = (seconds: (number | null)[], requests: number) => (seconds.some((s) => s === null) || requests === 0 ? null : (1000 * sum(seconds as number[])) / requests);
  function combined(rounds: Round[]): Figures {
    const requests = sum(rounds.map((r) => r.requests));
    return {
      rps: requests / sum(rounds.map((r) => r.seconds)),
      p50: median(rounds.map((r) => r.p50)),
      p99: median(rounds.map((r) => r.p99)),
      non2xx: sum(rounds.map((r) => r.non2xx)),
      errors: sum(rounds.map((r) => r.errors)),
      cpuMsPerRequest: perRequestMs(rounds.map((r) => r.cpuSeconds), requests),
      dbCpuMsPerRequest: perRequestMs(rounds.map((r) => r.dbSeconds), requests),
    };
  }
  const ratioLines: string[] = [];
  /**
   * Measures a row on every target in turn, ROUNDS times over (after a warm-up of each), so that
   * the host's speed, which moves by a fifth between runs minutes apart on a shared machine, moves
   * all targets alike instead of deciding the comparison; each target's figures are its rounds
   * together (throughput and CPU over all of them, the median round's latencies). Prints each
   * round's throughput against the anchor's of the same round.
   */
  async function compared(row: string, list: { name: string; process: ServerProcess }[], setupFor: (target: { name: string; process: ServerProcess }) => (client: autocannon.Client) => void): Promise<void> {
    for (const target of list) await measure(target.process, setupFor(target), WARMUP_SECONDS);
    const rounds = list.map(() => [] as Round[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of list.entries()) rounds[i]!.push(await measure(target.process, setupFor(target), SECONDS));
    }
    const anchorAt = list.findIndex((target) => target.process === anchor);
    for (const [i, target] of list.entries()) {
      record(row, target.name, combined(rounds[i]!));
      if (anchorAt >= 0 && i !== anchorAt) {
        const ratios = rounds[i]!.map((r, k) => r.requests / r.seconds / (rounds[anchorAt]![k]!.requests / rounds[anchorAt]![k]!.seconds));
        ratioLines.push(`${row}, ${target.name} / anchor: ${(combined(rounds[i]!).rps / combined(rounds[anchorAt]!).rps).toFixed(2)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`);
      }
    }
  }
  const results: { row: string; target: string; figures: Figures | InstantFigures | null }[] = [];
  const record = (row: string, target: string, figures: Figures | InstantFigures | null) => {
    results.push({ row, target, figures });
    console.log(`${row} — ${target}: ${figures ? JSON.stringify(figures) : 'n/a'} (load ${load()})`);
  };

  // Employee saves: each connection is one employee saving answers with a growing sequence.
  if (ROWS.has('saves')) {
    await compared('employee answer save, 50 connections', targets, () => {
      let employee = 0;
      return (client: autocannon.Client) => {
        const index = employee++ % employees.tokens.length;
        let sequence = Date.now() * 10;
        client.setRequests([
          {
            method: 'PUT',
            setupRequest: (request) => {
              const questionId = employees.questionIds[sequence % employees.questionIds.length]!;
              const colleagues = [1, 2, 3].map((k) => employees.employeeIds[(index + k * 7) % employees.employeeIds.length]!);
              sequence += 1;
              return {
                ...request,
                path: `/api/engagements/${employees.engagementId}/survey/answers/${questionId}/`,
                headers: { 'content-type': 'application/json', authorization: `Token ${employees.tokens[index]}`, 'x-forwarded-for': nextAddress() },
                body: JSON.stringify({ selected_users: colleagues, sequence }),
              };
            },
          },
        ]);
      };
    });
  }

  const getAs = (path: string, extra: Record<string, string> = {}) => (client: autocannon.Client) =>
    client.setRequests([{ method: 'GET', path, setupRequest: (request) => ({ ...request, headers: { authorization: `Token ${adminToken}`, 'accept-language': 'en-US', 'x-forwarded-for': nextAddress(), ...extra } }) }]);

  if (ROWS.has('list')) await compared('GET /api/engagements/, 50 connections', targets, () => getAs('/api/engagements/'));

  const retention = `/api/engagements/${analysed.id}/retention-analytics-results/`;
  // `304` alone measures only the unchanged answer (a CPU profile of that path, BENCH_PROFILE_DIR).
  if (ROWS.has('retention') || ROWS.has('304')) {
    const probes = new Map<ServerProcess, { bytes: number; etag: string | null }>();
    for (const target of servers) {
      const probe = await fetch(`${base(target.process)}${retention}`, { headers: { authorization: `Token ${adminToken}`, 'accept-language': 'en-US', 'accept-encoding': 'identity' } });
      probes.set(target.process, { bytes: (await probe.arrayBuffer()).byteLength, etag: probe.headers.get('etag') });
    }
    const kilobytes = ((probes.get(servers[servers.length - 1]!.process)?.bytes ?? 0) / 1024).toFixed(0);
    if (ROWS.has('retention')) await compared(`GET …/retention-analytics-results/ (${kilobytes} KB), 50 connections`, servers, () => getAs(retention));
    const tagged = servers.filter((target) => probes.get(target.process)?.etag);
    for (const target of servers) if (!tagged.includes(target)) record('same, If-None-Match (304)', target.name, null);
    await compared('same, If-None-Match (304)', tagged, (target) => getAs(retention, { 'if-none-match': probes.get(target.process)?.etag ?? '' }));
  }

  for (const [i, target] of ROWS.has('instant') ? targets.entries() : []) {
    const survey = instantSurveys[Math.min(i, instantSurveys.length - 1)]!;
    const hostToken = target.process === anchor ? 'anchor' : await hostLogin(target.process.base, employees.hostEmail);
    record(`instant survey, ${PARTICIPANTS} participants, 100 saves in flight`, target.name, await runInstantLoad({ base: base(target.process), survey, hostToken, seconds: SECONDS * ROUNDS, inFlight: 100, connectParticipants: target.process !== anchor, nextAddress }));
  }

  console.log(`\nload average (1/5/15 min) at the end: ${load()}`);
  for (const line of ratioLines) console.log(line);
  console.log('');
  console.log('| path | target | throughput | p50 | p99 | other |');
  console.log('|---|---|---|---|---|---|');
  for (const { row, target, figures } of results) {
    if (!figures) console.log(`| ${row} | ${target} | n/a (no ETag) | | | |`);
    else if ('hostP99' in figures) console.log(`| ${row} | ${target} | ${figures.savesPerSecond.toFixed(0)} saves/s | ${figures.p50.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms | save → host p50 ${figures.hostP50.toFixed(1)} ms, p99 ${figures.hostP99.toFixed(1)} ms; ${figures.failed} failed, ${figures.unheard} unheard |`);
    else console.log(`| ${row} | ${target} | ${figures.rps.toFixed(0)} req/s | ${figures.p50} ms | ${figures.p99} ms | ${figures.cpuMsPerRequest === null ? '' : `server CPU ${figures.cpuMsPerRequest.toFixed(3)} ms/request; `}${figures.dbCpuMsPerRequest === null ? '' : `database CPU ${figures.dbCpuMsPerRequest.toFixed(3)} ms/request; `}${figures.non2xx} non-2xx, ${figures.errors} errors |`);
  }
} finally {
  for (const server of running) await server.stop('SIGTERM').catch(() => undefined);
  await database.drop();
}

async function hostLogin(api: string, email: string): Promise<string> {
  const res = await fetch(`${api}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: FIXTURE_PASSWORD }) });
  return ((await res.json()) as { token: string }).token;
}
