import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql, tables } from '@ona/db';
import { generateDemoLogins, generateDemoOrganisation } from './demo/generate-demo.ts';
import { DEMO_PASSWORD, loadDemo } from './demo/load-demo.ts';
import type { AnalysisRun } from './modules/analysis/run-repository.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from './testing/test-app.ts';
import type { TestDatabase } from './testing/test-database.ts';
import { storedResultOf } from './testing/stored-result.ts';

/** A thread's nice value: field 19 of /proc/…/stat (the 17th after the command's closing bracket). */
const niceOf = (statPath: string): number => {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One analysis worker process, started as `npm run worker` starts it (Node with the tsx loader), so that its pid is the worker's own. */
interface WorkerProcess {
  child: ChildProcess;
  /** Its log lines (JSON, as in production) and what it printed. */
  lines: string[];
  /** The base of its health endpoint, once it listens. */
  healthUrl: Promise<string>;
}

const started: WorkerProcess[] = [];

function startWorker(databaseUrl: string): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: repoRoot,
    // NODE_ENV=production: JSON log lines with the process id, which say who took a run.
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, HOST: '127.0.0.1', WORKER_PORT: '0', LOG_LEVEL: 'info', PUBLIC_URL: 'http://app.test', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let announce: (url: string) => void = () => undefined;
  const healthUrl = new Promise<string>((resolve) => {
    announce = resolve;
  });
  let rest = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    const parts = (rest + text).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      const health = /health at (http:\/\/\S+\/api\/health\/)/.exec(line);
      if (health?.[1]) announce(health[1]);
    }
  });
  const worker = { child, lines, healthUrl };
  started.push(worker);
  return worker;
}

async function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGTERM');
  await exited;
}

/** The log entries of `worker` with the message `msg` (JSON lines of pino). */
function logged(worker: WorkerProcess, msg: string): { runId?: number; pid?: number }[] {
  return worker.lines.flatMap((line) => {
    if (!line.startsWith('{')) return [];
    const entry = JSON.parse(line) as { msg?: string; runId?: number; pid?: number };
    return entry.msg === msg ? [entry] : [];
  });
}

async function runOf(db: TestDatabase, runId: number): Promise<AnalysisRun> {
  const [run] = await db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.id, runId));
  if (!run) throw new Error(`run ${runId} is gone`);
  return run;
}

/** Polls the run until `done` says so (no timing: the test's own time-out is the only bound). */
async function waitForRun(db: TestDatabase, runId: number, done: (run: AnalysisRun) => boolean): Promise<AnalysisRun> {
  for (;;) {
    const run = await runOf(db, runId);
    if (done(run)) return run;
    await pause(100);
  }
}

/** Polls the worker's log until it holds a `msg` entry: the line is written after the run's commit and reaches this process a moment later. */
async function waitForLog(worker: WorkerProcess, msg: string): Promise<{ runId?: number; pid?: number }[]> {
  while (logged(worker, msg).length === 0) await pause(100);
  return logged(worker, msg);
}

let ctx: TestContext & { db: TestDatabase };
let engagementId: number;
let adminToken: string;

/**
 * Analyses on worker processes of their own (issue 34, item 2), on PostgreSQL: the web app here
 * runs with ANALYSIS_IN_PROCESS=false, so it only queues runs; `apps/server/src/worker.ts` runs in
 * real child processes against the same database and takes them from the job engine.
 */
describe.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')('analysis worker processes', () => {
  beforeAll(async () => {
    // Background job workers on, as on a real web instance: only the analysis queue is not worked here.
    ctx = await createTestApp({ analysisInProcess: false, pollJobs: true });
    // Large enough that an analysis takes a while (a worker is killed during one below).
    const company = generateDemoOrganisation({ size: 1000, earlierWave: false });
    await loadDemo(ctx.db.db, [company], generateDemoLogins(company));
    const [finished] = await ctx.db.db.select({ id: tables.engagements.id }).from(tables.engagements).orderBy(asc(tables.engagements.id)).limit(1);
    engagementId = finished?.id ?? 0;
    adminToken = await loginAs(ctx.app, 'admin@example.com', DEMO_PASSWORD);
  }, 600_000);
  afterEach(async () => {
    for (const worker of started.splice(0)) await stopWorker(worker);
  });
  afterAll(async () => {
    for (const worker of started.splice(0)) await stopWorker(worker);
    await ctx?.close();
  });

  const queueRun = async (): Promise<number> => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/run-analysis/`, headers: authHeader(adminToken) });
    expect(res.statusCode).toBe(202);
    return (res.json() as { id: number }).id;
  };

  it('a web instance that does not analyse leaves the run queued, and a worker process takes and finishes it', async () => {
    const runId = await queueRun();
    // The route woke the analysis queue; on this instance that does nothing, nor do its job workers take it.
    await ctx.app.analysisJobs.idle();
    expect(await runOf(ctx.db, runId)).toMatchObject({ status: 'queued' });

    const worker = startWorker(ctx.db.url as string);
    const health = await fetch(await worker.healthUrl);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
    // The process's own main thread (which reads the input and stores the parts) at ANALYSIS_NICE,
    // 10 by default, as its analysis threads are; never raised above what it was started with (Linux).
    if (process.platform === 'linux') expect(niceOf(`/proc/${worker.child.pid}/stat`)).toBe(Math.max(10, niceOf('/proc/self/stat')));
    expect(await runOf(ctx.db, runId)).not.toMatchObject({ status: 'failed' });

    const run = await waitForRun(ctx.db, runId, (r) => r.status === 'done' || r.status === 'failed');
    expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
    expect((await storedResultOf(ctx.db.db, runId))?.employees.length).toBeGreaterThan(900);
    expect(await waitForLog(worker, 'analysis done')).toEqual([expect.objectContaining({ runId, pid: worker.child.pid })]);
    // The run's e-mails were written for the web instances to deliver: leader codes are stored.
    const codes = await ctx.db.db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId));
    expect(codes.length).toBeGreaterThan(0);
    // The worker answers nothing but its health check.
    const other = await fetch((await worker.healthUrl).replace('/api/health/', '/api/auth/login/'), { method: 'POST' });
    expect(other.status).toBe(404);
  }, 600_000);

  it('a worker killed during a run (SIGKILL) leaves the run to be taken again by another worker once its heartbeat is missed', async () => {
    const runId = await queueRun();
    const first = startWorker(ctx.db.url as string);
    await waitForRun(ctx.db, runId, (r) => r.status !== 'queued');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(await runOf(ctx.db, runId)).toMatchObject({ status: 'running' });
    expect(logged(first, 'analysis done')).toEqual([]);

    const second = startWorker(ctx.db.url as string);
    await second.healthUrl;
    // The engine's maintenance (on the web instance and on the worker, about once a minute) fails
    // the job whose heartbeat stopped for ANALYSIS_HEARTBEAT_S and retries it after 10 s.
    const run = await waitForRun(ctx.db, runId, (r) => r.status === 'done' || r.status === 'failed');
    expect(run).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(await waitForLog(second, 'analysis done')).toEqual([expect.objectContaining({ runId, pid: second.child.pid })]);
    // The job engine marks the job completed after the handler returned, a moment after the run is
    // stored as done and logged: poll until it leaves 'active' (no timing, the test's time-out bounds it).
    const jobOf = async () => (await ctx.db.db.execute<{ state: string; retry_count: number }>(sql`select state, retry_count from pgboss.job where name = 'analysis-run' and data->>'runId' = ${String(runId)}`)).rows;
    let rows = await jobOf();
    while (rows.some((row) => row.state === 'active')) {
      await pause(100);
      rows = await jobOf();
    }
    expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 600_000);
});
