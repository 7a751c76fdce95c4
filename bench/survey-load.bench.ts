import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, statementChunks, tables } from '@ona/db';
import { hashSecretToken, newSecretToken } from '../apps/server/src/modules/auth/secret-token.ts';
import { defaultQuestionnaire } from '../apps/server/src/modules/survey/default-questionnaire.ts';
import { createBenchDatabase } from './support/bench-database.ts';
import { ServerProcess } from './support/server-process.ts';

/**
 * Survey load against PostgreSQL over real HTTP: 500 employees, all at once, accept the terms and
 * answer the 13 questions (each a PUT naming up to 3–8 colleagues). Prints throughput and p50/p99
 * latency, then checks that every answer the server acknowledged is stored exactly as sent. The
 * server runs in a process of its own (this script is only the load generator). Needs
 * TEST_DATABASE_URL (or DATABASE_URL) of a server where it may create a throw-away database.
 * BENCH_EMPLOYEES changes the size (at least 2); BENCH_PORT the server's port (default 9401).
 */
const EMPLOYEES = Math.max(2, Number(process.env.BENCH_EMPLOYEES ?? 500));
const PORT = Number(process.env.BENCH_PORT ?? 9401);
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('survey-load: TEST_DATABASE_URL or DATABASE_URL (PostgreSQL) is not set; skipped.');
  process.exit(0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const database = await createBenchDatabase(serverUrl, 'ona_bench');
const db = database.handle;
// TRUST_PROXY (set by ServerProcess): each simulated employee states its own address in X-Forwarded-For, as behind a proxy.
const server = new ServerProcess({ port: PORT, env: { DATABASE_URL: database.url, NODE_ENV: 'production' } });

try {
  const d = db.db;
  const [org] = await d.insert(tables.organizations).values({ name: 'Bench Ltd' }).returning();
  const [engagement] = await d
    .insert(tables.engagements)
    .values({ organizationId: org!.id, name: 'Load test', accessFrom: day(-1), accessTill: day(10), defaultLanguage: 'en', surveyCreatedAt: new Date() })
    .returning();
  const engagementId = engagement!.id;
  const questionRows = await d
    .insert(tables.questions)
    .values(defaultQuestionnaire().map((q, position) => ({ engagementId, key: q.key, category: q.category, kind: q.kind, position, texts: { ...q.texts } })))
    .returning({ id: tables.questions.id });
  const questionIds = questionRows.map((q) => q.id);
  const unitRows = await d.insert(tables.units).values(Array.from({ length: 20 }, (_, i) => ({ engagementId, name: `Unit ${i + 1}`, position: i }))).returning({ id: tables.units.id });
  // In statements within PostgreSQL's parameter limit and the ORM's row count (statementChunks), so
  // that BENCH_EMPLOYEES of many thousands loads (issue 35, point 8).
  const userRows: { id: number }[] = [];
  const userValues = Array.from({ length: EMPLOYEES }, (_, i) => ({ email: `person${i}@bench.test`, name: `Person ${i}`, passwordHash: 'not-used', currentOrganizationId: org!.id }));
  for (const chunk of statementChunks(userValues)) userRows.push(...(await d.insert(tables.users).values(chunk).returning({ id: tables.users.id })));
  for (const chunk of statementChunks(userRows.map((u) => ({ userId: u.id, organizationId: org!.id })))) await d.insert(tables.memberships).values(chunk);
  const employeeRows: { id: number; userId: number | null }[] = [];
  const employeeValues = userRows.map((u, i) => ({ engagementId, name: `Person ${i}`, email: `person${i}@bench.test`, userId: u.id, unitId: unitRows[i % unitRows.length]!.id }));
  for (const chunk of statementChunks(employeeValues)) employeeRows.push(...(await d.insert(tables.employees).values(chunk).returning({ id: tables.employees.id, userId: tables.employees.userId })));
  for (const chunk of statementChunks(userRows.map((u) => ({ engagementId, userId: u.id, module: 'survey' as const, accessLevel: 'self_only' as const })))) await d.insert(tables.moduleAccess).values(chunk);
  const tokens = userRows.map(() => newSecretToken());
  for (const chunk of statementChunks(userRows.map((u, i) => ({ userId: u.id, tokenHash: hashSecretToken(tokens[i]!) })))) await d.insert(tables.authTokens).values(chunk);
  const employeeIds = employeeRows.map((e) => e.id);

  await server.start();
  const base = server.base;

  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const acknowledged = new Map<string, number[]>();
  const takeSurvey = async (index: number) => {
    const me = employeeIds[index]!;
    // Each employee comes from their own address, as in real life (the rate limit is per client).
    const headers = { authorization: `Token ${tokens[index]}`, 'content-type': 'application/json', 'x-forwarded-for': `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}` };
    const terms = await fetch(`${base}/engagements/${engagementId}/survey/accept-terms/`, { method: 'POST', headers, body: '{}' });
    if (terms.status !== 200) {
      failures.set(terms.status, (failures.get(terms.status) ?? 0) + 1);
      return;
    }
    for (const questionId of questionIds) {
      const named = new Set<number>();
      // Never more than there are colleagues (a small engagement has fewer than eight).
      const wanted = Math.min(randomInt(3, 9), employeeIds.length - 1);
      while (named.size < wanted) {
        const colleague = employeeIds[randomInt(employeeIds.length)]!;
        if (colleague !== me) named.add(colleague);
      }
      const selected = [...named];
      const started = performance.now();
      const res = await fetch(`${base}/engagements/${engagementId}/survey/answers/${questionId}/`, { method: 'PUT', headers, body: JSON.stringify({ selected_users: selected }) });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status === 200) acknowledged.set(`${me}:${questionId}`, selected);
      else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
    }
  };

  const started = performance.now();
  await Promise.all(employeeIds.map((_, i) => takeSurvey(i)));
  const seconds = (performance.now() - started) / 1000;
  await server.stop('SIGTERM');

  const stored = await d.select().from(tables.answers).where(eq(tables.answers.engagementId, engagementId));
  const storedBy = new Map(stored.map((a) => [`${a.employeeId}:${a.questionId}`, a.selectedEmployeeIds]));
  let missing = 0;
  for (const [key, selected] of acknowledged) {
    const row = storedBy.get(key);
    if (!row || row.length !== selected.length || row.some((id, i) => id !== selected[i])) missing++;
  }
  latencies.sort((a, b) => a - b);
  const requests = latencies.length + employeeIds.length;
  console.log(`survey load on PostgreSQL over HTTP: ${EMPLOYEES} employees × ${questionIds.length} questions, all concurrently`);
  console.log(`  wall time ${seconds.toFixed(1)} s; ${(latencies.length / seconds).toFixed(0)} answers/s (${(requests / seconds).toFixed(0)} requests/s with accept-terms)`);
  console.log(`  PUT …/survey/answers/{q}/ latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`);
  console.log(`  acknowledged ${acknowledged.size} answers; failed ${[...failures.values()].reduce((a, b) => a + b, 0)} ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : ''}`);
  console.log(`  verification: ${acknowledged.size - missing}/${acknowledged.size} acknowledged answers stored exactly as sent; ${stored.length} rows in answers`);
  if (missing > 0 || failures.size > 0) process.exitCode = 1;
} finally {
  if (server.running) await server.stop('SIGTERM');
  await database.drop();
}
