import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { createDb, tables } from '@ona/db';
import { hashSecretToken, newSecretToken } from '../apps/server/src/modules/auth/secret-token.ts';
import { defaultQuestionnaire } from '../apps/server/src/modules/survey/default-questionnaire.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../apps/server/src/testing/fixtures.ts';

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
const base = `http://127.0.0.1:${PORT}/api`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dbName = `ona_bench_kill_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const db = await createDb({ url: url.toString(), poolSize: 4 });

// ---- Seed: an open engagement whose employees have accepted the terms, and an instant-survey host.
const d = db.db;
const org = await createOrganization(d, 'Kill Ltd');
const [engagement] = await d
  .insert(tables.engagements)
  .values({ organizationId: org.id, name: 'Kill test', accessFrom: day(-1), accessTill: day(10), defaultLanguage: 'en', surveyCreatedAt: new Date() })
  .returning();
const engagementId = engagement!.id;
const questionIds = (
  await d
    .insert(tables.questions)
    .values(defaultQuestionnaire().map((q, position) => ({ engagementId, key: q.key, category: q.category, kind: q.kind, position, texts: { ...q.texts } })))
    .returning({ id: tables.questions.id })
).map((q) => q.id);
const userRows = await d
  .insert(tables.users)
  .values(Array.from({ length: EMPLOYEES }, (_, i) => ({ email: `k${i}@bench.test`, name: `K ${i}`, passwordHash: 'not-used', currentOrganizationId: org.id })))
  .returning({ id: tables.users.id });
await d.insert(tables.memberships).values(userRows.map((u) => ({ userId: u.id, organizationId: org.id })));
const employeeIds = (
  await d
    .insert(tables.employees)
    .values(userRows.map((u, i) => ({ engagementId, name: `K ${i}`, email: `k${i}@bench.test`, userId: u.id })))
    .returning({ id: tables.employees.id })
).map((e) => e.id);
await d.insert(tables.moduleAccess).values(userRows.map((u) => ({ engagementId, userId: u.id, module: 'survey', accessLevel: 'self_only' })));
await d.insert(tables.surveyParticipations).values(employeeIds.map((employeeId) => ({ engagementId, employeeId, termsAcceptedAt: new Date() })));
const tokens = userRows.map(() => newSecretToken());
await d.insert(tables.authTokens).values(userRows.map((u, i) => ({ userId: u.id, tokenHash: hashSecretToken(tokens[i]!) })));
await createUser(d, { email: 'host@kill.test', organizationIds: [org.id], permissions: ['instant_survey_admin'] });

// ---- The server in its own process; SIGKILL gives it no chance to finish anything.
let server: ChildProcess | null = null;
async function startServer(): Promise<void> {
  server = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(PORT), HOST: '127.0.0.1', LOAD_DEMO: 'false', LOG_LEVEL: 'error', TRUST_PROXY: 'true', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/health/`)).status === 200) return;
    } catch {
      // not up yet
    }
    await pause(100);
  }
}
async function killServer(): Promise<void> {
  const child = server;
  if (!child?.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The whole group: npx, tsx and the node process that serves.
  process.kill(-child.pid, 'SIGKILL');
  await exited;
  server = null;
}

await startServer();
const json = { 'content-type': 'application/json' };
const login = await fetch(`${base}/auth/login/`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'host@kill.test', password: FIXTURE_PASSWORD }) });
const hostHeaders = { ...json, authorization: `Token ${((await login.json()) as { token: string }).token}` };
// Created and started in one call.
const createdSurvey = await fetch(`${base}/instant-survey/surveys/start-survey/`, {
  method: 'POST',
  headers: hostHeaders,
  body: JSON.stringify({ title: 'Kill', questions: [{ label: 'One', type: 'freetext' }, { label: 'Two', type: 'freetext' }, { label: 'Three', type: 'freetext' }], participants: [] }),
});
const survey = (await createdSurvey.json()) as { id: number; public_id: string; code: string; questions: { id: number }[] };
const participants: { id: number; token: string }[] = [];
for (let i = 0; i < PARTICIPANTS; i++) {
  const res = await fetch(`${base}/instant-survey/surveys/${survey.public_id}/create-user/`, { method: 'POST', headers: { ...json, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` }, body: JSON.stringify({ name: `P ${i}`, survey_code: survey.code }) });
  if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
  participants.push((await res.json()) as { id: number; token: string });
}

// ---- The load: every save is recorded as sent, then as acknowledged (200) or not.
type Sent = { sequence: number; value: string; acknowledged: boolean };
const employeeSaves = new Map<string, Sent[]>();
const instantSaves = new Map<string, Sent[]>();
const statuses = new Map<string, number>();
let sequenceClock = 0;
const nextSequence = () => (sequenceClock = Math.max(Date.now(), sequenceClock + 1));
let running = true;

async function employeeWorker(index: number): Promise<void> {
  const headers = { ...json, authorization: `Token ${tokens[index]}`, 'x-forwarded-for': `10.8.${index >> 8}.${index & 255}` };
  while (running) {
    const questionId = questionIds[randomInt(questionIds.length)]!;
    const selection = employeeIds.filter((id, i) => i !== index && randomInt(10) === 0).slice(0, 5);
    const sent: Sent = { sequence: nextSequence(), value: JSON.stringify(selection), acknowledged: false };
    const key = `${employeeIds[index]}:${questionId}`;
    employeeSaves.set(key, [...(employeeSaves.get(key) ?? []), sent]);
    try {
      const res = await fetch(`${base}/engagements/${engagementId}/survey/answers/${questionId}/`, { method: 'PUT', headers, body: JSON.stringify({ selected_users: selection, sequence: sent.sequence }) });
      statuses.set(`employee ${res.status}`, (statuses.get(`employee ${res.status}`) ?? 0) + 1);
      if (res.status === 200) sent.acknowledged = true;
      else await pause(50);
    } catch {
      statuses.set('employee no answer', (statuses.get('employee no answer') ?? 0) + 1);
      await pause(100);
    }
  }
}

async function participantWorker(index: number): Promise<void> {
  const p = participants[index]!;
  const headers = { ...json, authorization: `InstantToken ${p.token}`, 'x-forwarded-for': `10.9.${index >> 8}.${index & 255}` };
  while (running) {
    const questionId = survey.questions[randomInt(survey.questions.length)]!.id;
    const sequence = nextSequence();
    const sent: Sent = { sequence, value: `answer ${sequence}`, acknowledged: false };
    const key = `${p.id}:${questionId}`;
    instantSaves.set(key, [...(instantSaves.get(key) ?? []), sent]);
    try {
      const res = await fetch(`${base}/instant-survey/surveys/${survey.public_id}/save-answer/`, { method: 'POST', headers, body: JSON.stringify({ question_id: questionId, value: { type: 'freetext', text: sent.value }, sequence }) });
      statuses.set(`instant ${res.status}`, (statuses.get(`instant ${res.status}`) ?? 0) + 1);
      if (res.status === 200) sent.acknowledged = true;
      else await pause(50);
    } catch {
      statuses.set('instant no answer', (statuses.get('instant no answer') ?? 0) + 1);
      await pause(100);
    }
  }
}

const started = Date.now();
const workers = [...employeeIds.map((_, i) => employeeWorker(i)), ...participants.map((_, i) => participantWorker(i))];
for (let kill = 0; kill < KILLS; kill++) {
  await pause(2_000 + randomInt(3_000));
  await killServer();
  await pause(300);
  await startServer();
}
await pause(2_000);
running = false;
await Promise.all(workers);
await killServer();
const seconds = (Date.now() - started) / 1000;

// ---- The check: the stored answer is the newest acknowledged save or a newer one that was in flight.
function check(saves: Map<string, Sent[]>, stored: Map<string, { sequence: number | null; value: string }>) {
  let acknowledged = 0;
  let checked = 0;
  const problems: string[] = [];
  for (const [key, sent] of saves) {
    const acks = sent.filter((s) => s.acknowledged);
    acknowledged += acks.length;
    if (acks.length === 0) continue;
    checked += 1;
    const newestAck = Math.max(...acks.map((s) => s.sequence));
    const row = stored.get(key);
    const match = row && sent.find((s) => s.sequence === row.sequence && s.value === row.value);
    if (!row || !match || (row.sequence ?? 0) < newestAck) problems.push(`${key}: stored ${JSON.stringify(row)}, newest acknowledged ${newestAck}`);
  }
  return { acknowledged, checked, problems };
}
const employeeRows = await d.select().from(tables.answers);
const employeeStored = new Map(employeeRows.map((r) => [`${r.employeeId}:${r.questionId}`, { sequence: r.sequence, value: JSON.stringify(r.selectedEmployeeIds) }]));
const instantRows = await d.select().from(tables.instantSurveyAnswers);
const instantStored = new Map(instantRows.map((r) => [`${r.participantId}:${r.questionId}`, { sequence: r.sequence, value: (r.value as { text: string }).text }]));
const employeeResult = check(employeeSaves, employeeStored);
const instantResult = check(instantSaves, instantStored);

console.log(`${KILLS} SIGKILLs in ${seconds.toFixed(0)} s; ${EMPLOYEES} employees and ${PARTICIPANTS} instant participants saving all the time`);
console.log(`answers: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log(`employee: ${employeeResult.acknowledged} acknowledged saves, ${employeeResult.checked} answers checked, ${employeeResult.problems.length} wrong`);
console.log(`instant: ${instantResult.acknowledged} acknowledged saves, ${instantResult.checked} answers checked, ${instantResult.problems.length} wrong`);
for (const problem of [...employeeResult.problems, ...instantResult.problems].slice(0, 10)) console.log(`  ${problem}`);

await db.close();
const cleanup = new pg.Client({ connectionString: serverUrl });
await cleanup.connect();
await cleanup.query(`drop database if exists ${dbName} with (force)`);
await cleanup.end();
process.exit(employeeResult.problems.length + instantResult.problems.length === 0 ? 0 : 1);
