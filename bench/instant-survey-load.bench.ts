import { performance } from 'node:perf_hooks';
import { createDb, sql } from '@ona/db';
import type { TInstantSurvey } from '@ona/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { LiveSocketClient } from '../apps/server/src/modules/instant-survey/live-socket-client.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../apps/server/src/testing/fixtures.ts';

/**
 * 1,000 participants join one instant survey over HTTP + websockets on loopback and answer five
 * questions while the host's socket watches. Reports join and save latency (p50/p99), the time
 * from a save's request to the host's `answer` message, memory, and checks that no answer is lost
 * or doubled (every participant also retries one save). Clients and server share this process.
 * Run: npx tsx bench/instant-survey-load.bench.ts [participants] [concurrency] (DATABASE_URL for PostgreSQL,
 * REDIS_URL for the Redis hub).
 */
const PARTICIPANTS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 100);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  }));
}

const databaseUrl = process.env.DATABASE_URL;
const db = await createDb(databaseUrl ? { url: databaseUrl, poolSize: 20 } : { memory: true });
// TRUST_PROXY: each simulated device states its own address in X-Forwarded-For, as behind a proxy.
const app = await buildApp({ db, closeDbWithApp: true, settings: { SMTP_URL: undefined, MAIL_FROM: 'bench@ona.example', PUBLIC_URL: undefined, REDIS_URL: process.env.REDIS_URL, TRUST_PROXY: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const http = `http://127.0.0.1:${port}/api`;
const ws = `ws://127.0.0.1:${port}`;

const org = await createOrganization(db.db, 'Bench');
await createUser(db.db, { email: 'host@bench.test', organizationIds: [org.id], permissions: ['instant_survey_admin'] });
const login = await fetch(`${http}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'host@bench.test', password: FIXTURE_PASSWORD }) });
const hostToken = ((await login.json()) as { token: string }).token;
const hostHeaders = { 'content-type': 'application/json', authorization: `Token ${hostToken}` };
const created = await fetch(`${http}/instant-survey/surveys/start-survey/`, {
  method: 'POST',
  headers: hostHeaders,
  body: JSON.stringify({
    title: 'Load test',
    questions: [
      { label: 'Who?', type: 'user_select', multiple_selection: true },
      { label: 'Mood?', type: 'mood_select' },
      { label: 'Busy?', type: 'intensity_select', options: [{ label: 'Low' }, { label: 'High' }] },
      { label: 'Anything?', type: 'freetext' },
      { label: 'Points', type: 'scaling', options: [{ label: 'A' }, { label: 'B' }], points_total: 10 },
    ],
    participants: [],
  }),
});
const survey = (await created.json()) as TInstantSurvey;
const [qWho, qMood, qBusy, qText, qPoints] = survey.questions.map((q) => q.id) as [number, number, number, number, number];

const host = new LiveSocketClient();
await host.connect(ws, survey.id, { token: hostToken });
const memoryBefore = process.memoryUsage();

type TParticipant = { id: number; token: string; ip: string; socket: LiveSocketClient };
const participants: TParticipant[] = [];
const joinTimes: number[] = [];
const socketTimes: number[] = [];
const started = performance.now();
await pool(Array.from({ length: PARTICIPANTS }, (_, i) => i), CONCURRENCY, async (i) => {
  // Each simulated phone has its own address (X-Forwarded-For; the server trusts its proxy), as in a real room.
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const t0 = performance.now();
  const res = await fetch(`${http}/instant-survey/surveys/${survey.public_id}/create-user/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ name: `Participant ${i}`, survey_code: survey.code }) });
  if (res.status !== 201) throw new Error(`join ${i}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { id: number; token: string };
  joinTimes.push(performance.now() - t0);
  const socket = new LiveSocketClient({ keep: false });
  const t1 = performance.now();
  await socket.connect(ws, survey.public_id, { instant_token: body.token }, { 'x-forwarded-for': ip });
  socketTimes.push(performance.now() - t1);
  participants.push({ id: body.id, token: body.token, ip, socket });
});
const joinSeconds = (performance.now() - started) / 1000;

const saveTimes: number[] = [];
const sentAt = new Map<string, number>();
const hostLatency: number[] = [];
const hostSeen = new Set<string>();
let duplicateMessages = 0;
host.messages.length = 0;
const hostTimer = setInterval(() => {
  for (const m of host.messages.splice(0)) {
    if (m.type !== 'answer') continue;
    const key = `${m.participant}:${m.question}`;
    const t = sentAt.get(key);
    if (hostSeen.has(key)) duplicateMessages++;
    else if (t !== undefined) hostLatency.push(performance.now() - t);
    hostSeen.add(key);
  }
}, 1);

const save = async (p: TParticipant, question: number, value: object) => {
  const key = `${p.id}:${question}`;
  const t0 = performance.now();
  if (!sentAt.has(key)) sentAt.set(key, t0);
  const res = await fetch(`${http}/instant-survey/surveys/${survey.public_id}/save-answer/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `InstantToken ${p.token}`, 'x-forwarded-for': p.ip }, body: JSON.stringify({ question_id: question, value }) });
  if (res.status !== 200) throw new Error(`save ${key}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  saveTimes.push(performance.now() - t0);
};

const answersStarted = performance.now();
await pool(participants, CONCURRENCY, async (p, i) => {
  const other = participants[(i + 1) % participants.length] as TParticipant;
  await save(p, qWho, { type: 'user_select', selected_users: [other.id] });
  await save(p, qMood, { type: 'mood_select', mood: 'positive' });
  await save(p, qBusy, { type: 'intensity_select', option_id: 1 + (i % 2) });
  await save(p, qText, { type: 'freetext', text: `Answer ${i}` });
  await save(p, qPoints, { type: 'scaling', points: [{ option_id: 1, points: 6 }, { option_id: 2, points: 4 }] });
  // A retry after a "dropped" answer: must replace, never add.
  await save(p, qMood, { type: 'mood_select', mood: 'positive-very' });
});
const answerSeconds = (performance.now() - answersStarted) / 1000;
const expectedAnswers = PARTICIPANTS * 5;
const deadline = Date.now() + 30_000;
while (hostSeen.size < expectedAnswers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
clearInterval(hostTimer);
const memoryAfter = process.memoryUsage();

const [stored] = (await db.db.execute(sql`select count(*)::int as n, count(distinct (participant_id, question_id))::int as distinct_n from instant_survey_answers where survey_id = ${survey.id}`)).rows as { n: number; distinct_n: number }[];
const participantSockets = participants.filter((p) => p.socket.closeCode === null).length;

console.log(`instant survey load: ${PARTICIPANTS} participants, 5 questions (+1 retried save each), ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, ${app.realtime.mode} hub, concurrency ${CONCURRENCY}`);
console.log(`join (create-user): p50 ${ms(percentile(joinTimes, 50))}, p99 ${ms(percentile(joinTimes, 99))}; socket ready: p50 ${ms(percentile(socketTimes, 50))}, p99 ${ms(percentile(socketTimes, 99))}; all joined in ${joinSeconds.toFixed(1)} s`);
console.log(`save-answer: p50 ${ms(percentile(saveTimes, 50))}, p99 ${ms(percentile(saveTimes, 99))} over ${saveTimes.length} saves in ${answerSeconds.toFixed(1)} s (${(saveTimes.length / answerSeconds).toFixed(0)}/s)`);
console.log(`save → host 'answer' message: p50 ${ms(percentile(hostLatency, 50))}, p99 ${ms(percentile(hostLatency, 99))}`);
console.log(`memory (server + clients in one process): rss ${mb(memoryBefore.rss)} → ${mb(memoryAfter.rss)}, heap ${mb(memoryBefore.heapUsed)} → ${mb(memoryAfter.heapUsed)}; open participant sockets ${participantSockets}`);
console.log(`answers stored ${stored?.n} (distinct ${stored?.distinct_n}), expected ${expectedAnswers}; host saw ${hostSeen.size} distinct answers, ${duplicateMessages} repeats (the retries)`);
const ok = stored?.n === expectedAnswers && stored.distinct_n === expectedAnswers && hostSeen.size === expectedAnswers;
console.log(ok ? 'OK: no answer lost or doubled' : 'FAILED: answers lost or doubled');

for (const p of participants) p.socket.close();
host.close();
await app.close();
process.exit(ok ? 0 : 1);
