import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, statementChunks, tables, type Database } from '@ona/db';
import { appendAuditEntry } from '../apps/server/src/modules/audit/audit-repository.ts';
import { storeTally, tallyFile } from '../apps/server/src/modules/collaboration-imports/import-service.ts';
import { collaborationKeyFrom } from '../apps/server/src/modules/collaboration-imports/party-keys.ts';
import { createSeededRandom } from '../apps/server/src/demo/seeded-random.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { ServerProcess } from './support/server-process.ts';
import { createUser, FIXTURE_PASSWORD } from '../apps/server/src/testing/fixtures.ts';

/**
 * A million rows of Exchange message trace imported (issue 33: "time, peak memory, goal under 60 s
 * and under 500 MB"). The CSV (Get-MessageTrace | Export-Csv: one row per recipient, subject and
 * all) is written to disk first, a row at a time, so it never sits in memory; then, for each
 * database, what the upload route runs once the file is on disk: stream it through csv-parse into
 * weekly pair counts, and store them with the import and its audit entry in one transaction.
 * First through the server: the compiled server (`npm run build:server`) in a process of its own on
 * a PostgreSQL database, the file uploaded as the administrator would (multipart POST), the time
 * until the answer and the server process's peak resident set (VmHWM of /proc/<pid>/status).
 * COLLABORATION_ROWS (default 1,000,000), COLLABORATION_PEOPLE (default 5,000), TEST_DATABASE_URL,
 * COLLABORATION_SERVER=0 skips the run through the server, COLLABORATION_IN_PROCESS=0 the
 * in-process runs, COLLABORATION_EMBEDDED=0 the embedded database, COLLABORATION_PORT (47410).
 * Not part of `npm test`.
 */
const ROWS = Number(process.env.COLLABORATION_ROWS ?? 1_000_000);
const PEOPLE = Number(process.env.COLLABORATION_PEOPLE ?? 5_000);
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const peakRss = () => mb(process.resourceUsage().maxRSS * 1024);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const address = (i: number) => `person${i}@bench-company.example`;

/** Mails of 1-4 recipients (1 in 50 to 12: a broadcast), 5 % to outsiders, over 12 weeks before now; a row per recipient. */
async function writeTrace(path: string, now: number): Promise<number> {
  const random = createSeededRandom(33);
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('"Received","SenderAddress","RecipientAddress","Subject","Status","ToIP","FromIP","Size","MessageId","MessageTraceId","Organization"\r\n');
  let rows = 0;
  let message = 0;
  while (rows < ROWS) {
    message++;
    const sender = random.int(0, PEOPLE - 1);
    const team = Math.floor(sender / 10) * 10;
    const recipients = random.chance(0.02) ? 12 : random.int(1, 4);
    const at = new Date(now - random.int(1, 12 * 7 * 24 * 60) * 60_000).toISOString().replace('Z', '0000');
    const chosen = new Set<string>();
    while (chosen.size < recipients) chosen.add(random.chance(0.05) ? `client${random.int(1, 500)}@customer.example` : address(random.chance(0.7) ? team + random.int(0, 9) : random.int(0, PEOPLE - 1)));
    let r = 0;
    for (const recipient of chosen) {
      if (rows >= ROWS) break;
      rows++;
      r++;
      await write(`"${at}","${address(sender)}","${recipient}","Quarterly figures ${message}","Delivered","","10.0.0.1","${20_000 + r}","<m${message}@bench-company.example>","${message}-trace","bench.onmicrosoft.com"\r\n`);
    }
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

async function tenant(db: Database): Promise<{ organizationId: number; userId: number }> {
  const [organization] = await db.insert(tables.organizations).values({ name: 'Bench company' }).returning();
  const [user] = await db.insert(tables.users).values({ email: 'admin@bench.test', name: 'Admin', passwordHash: 'x' }).returning();
  if (!organization || !user) throw new Error('no tenant');
  const people = Array.from({ length: PEOPLE }, (_, i) => ({ organizationId: organization.id, externalId: `p${i}`, userName: address(i), email: address(i), displayName: `Person ${i}` }));
  for (const chunk of statementChunks(people)) await db.insert(tables.directoryPeople).values(chunk);
  return { organizationId: organization.id, userId: user.id };
}

/** The server process's peak resident set so far (Linux VmHWM), in bytes; null elsewhere. */
function serverPeakRss(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return line ? Number(line.replace(/\D/g, '')) * 1024 : null;
  } catch {
    return null;
  }
}

/** The whole import through the compiled server: upload, tally, store, answer; time and the server's peak RSS. */
async function runThroughServer(path: string): Promise<void> {
  const database = await createBenchDatabase(SERVER, 'h1_collaboration_bench');
  const server = new ServerProcess({ port: Number(process.env.COLLABORATION_PORT ?? 47410), compiled: true, env: { DATABASE_URL: database.url, SECRETS_KEY: 'bench-secrets-key-of-at-least-32-characters', PUBLIC_URL: 'http://127.0.0.1' } });
  try {
    const { organizationId } = await tenant(database.handle.db);
    await createUser(database.handle.db, { email: 'collaboration-admin@bench.test', organizationIds: [organizationId], permissions: ['organization_admin'] });
    await server.start();
    const pid = server.pid()!;
    const before = serverPeakRss(pid);
    const login = await fetch(`${server.base}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'collaboration-admin@bench.test', password: FIXTURE_PASSWORD }) });
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    // openAsBlob reads the file from disk as the request is sent: the bench never holds it in memory.
    form.append('collaboration_file', await openAsBlob(path, { type: 'text/csv' }), 'message-trace.csv');
    const started = performance.now();
    const res = await fetch(`${server.base}/organization/collaboration-imports/?source=message_trace`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
    const total = performance.now() - started;
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${answer.slice(0, 500)}`);
    const peak = serverPeakRss(pid);
    console.log(`through the server (PostgreSQL): upload to answer ${s(total)}; ${JSON.stringify((JSON.parse(answer) as { counts: unknown }).counts)}; server peak RSS ${peak === null ? 'n/a' : mb(peak)} (${before === null ? 'n/a' : mb(before)} after start-up)`);
  } finally {
    await server.stop('SIGTERM');
    await database.drop();
  }
}

async function run(label: string, db: Database, path: string, now: Date): Promise<void> {
  const who = await tenant(db);
  const key = collaborationKeyFrom('bench-secrets-key-of-at-least-32-characters');
  const context = { ...who, source: 'message_trace' as const, path, now, key };
  const started = performance.now();
  const tallied = await tallyFile(db, context);
  const read = performance.now() - started;
  const stored = await storeTally(db, context, tallied, async (tx, id) => {
    await appendAuditEntry(tx, key, { organizationId: who.organizationId, occurredAt: now, action: 'collaboration.import', outcome: 'success', actorUserId: who.userId, apiKeyId: null, scimTokenId: null, sessionId: null, route: 'POST /api/organization/collaboration-imports/', engagementId: null, subjectEmployeeId: null, subjectUserId: null, targetIds: { id }, ipAddress: null, userAgent: null });
  });
  const total = performance.now() - started;
  console.log(`${label}: read ${s(read)}, stored ${s(total - read)}, total ${s(total)}; ${JSON.stringify(stored.counts)}; peak RSS ${peakRss()}`);
}

const folder = mkdtempSync(resolve('tmp-collaboration-bench-'));
try {
  console.log(`load average at the start: ${loadavg().map((v) => v.toFixed(2)).join(' ')}; ${ROWS.toLocaleString('en')} rows, ${PEOPLE.toLocaleString('en')} people`);
  const now = new Date();
  const path = join(folder, 'trace.csv');
  const rows = await writeTrace(path, now.getTime());
  console.log(`message trace: ${rows.toLocaleString('en')} rows, ${mb(statSync(path).size)} on disk; peak RSS after writing it ${peakRss()}`);
  if (process.env.COLLABORATION_SERVER !== '0') await runThroughServer(path);
  if (process.env.COLLABORATION_IN_PROCESS !== '0') {
    const postgres = await createBenchDatabase(SERVER, 'h1_collaboration_bench');
    try {
      await run('PostgreSQL', postgres.handle.db, path, now);
    } finally {
      await postgres.drop();
    }
  }
  if (process.env.COLLABORATION_IN_PROCESS !== '0' && process.env.COLLABORATION_EMBEDDED !== '0') {
    const dataDir = join(folder, 'pglite');
    const embedded = await createDb({ dataDir });
    try {
      await run('embedded (PGlite)', embedded.db, path, now);
    } finally {
      await embedded.close();
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`load average at the end: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
