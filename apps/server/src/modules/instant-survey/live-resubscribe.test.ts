import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZInstantSurvey, type TInstantSocketMessage, type TInstantSurvey } from '@ona/contracts';
import type { App } from '../../app.ts';
import { authHeader } from '../../testing/test-app.ts';
import { instancesSharingRedis, type InstancesSharingRedis } from '../../testing/instances-sharing-redis.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import { LiveSocketClient } from './live-socket-client.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Issue 35, point 4: a host whose instance lost its Redis subscription must not stay deaf. Here
 * the subscriber connections of both instances are killed under a running survey, the way Redis
 * drops a client (a restart, a failover, `client-output-buffer-limit`).
 */
let db: TestDatabase;
let instances: InstancesSharingRedis | undefined;
let single: App;
let appA: App;
let appB: App;
let hostToken: string;

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * Kills the live-message subscriber connections of this test's deployment only (found by the name
 * they carry, which starts with the deployment's prefix): `CLIENT KILL TYPE pubsub` would cut
 * every other test file's subscriptions on the shared Redis too.
 */
async function killLiveSubscribers(prefix: string): Promise<number> {
  const admin = new Redis(REDIS_URL);
  try {
    const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')).split('\n');
    const ids = clients.filter((line) => line.split(' ').includes(`name=${prefix}live-subscriber`)).map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1] ?? '');
    for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  } finally {
    await admin.quit();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  instances = await instancesSharingRedis(db, 'liveresub');
  ({ single, appA, appB } = instances);
  hostToken = (await setUpInstantHosts({ app: single, db, close: async () => undefined }, 'resub')).host;
});
afterAll(async () => {
  await instances?.close();
  await db?.close();
});

const on = (app: App) => ({ app, db, close: async () => undefined });
const isRefetch = (message: TInstantSocketMessage) => message.type === 'refetch';

describe('live messages after the Redis subscriber connections of two instances were killed', () => {
  it('the host hears every answer saved after the kill (as its message, or in the reload a refetch message asks for), and both instances carry messages again', async () => {
    const [wsUrlA, wsUrlB] = await Promise.all([listen(appA), listen(appB)]);
    const survey: TInstantSurvey = await createSurveyAs(on(single), hostToken, { title: 'Resubscribe', questions: [{ label: 'Anything?', type: 'freetext' }] });
    await startSurveyAs(on(single), hostToken, survey.id);
    const question = survey.questions[0]!.id;
    // One after another: each join holds one of the address's 20 code guesses until its code proves right.
    const people: Awaited<ReturnType<typeof join>>[] = [];
    for (let i = 0; i < 40; i++) people.push(await join(on(appB), survey, `Person ${i}`));
    const save = async (person: { id: number; token: string }) => {
      const res = await appB.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(person.token), payload: { question_id: question, value: { type: 'freetext', text: 'hi' } } });
      expect(res.statusCode).toBe(200);
      return person.id;
    };

    // The host watches on instance A, a phone on instance B; answers are saved through B.
    const host = new LiveSocketClient();
    await host.connect(wsUrlA, survey.id, { token: hostToken });
    const phone = new LiveSocketClient();
    await phone.connect(wsUrlB, survey.public_id, { instant_token: people[0]!.token });
    const first = await save(people[0]!);
    await host.waitFor((m) => m.type === 'answer' && m.participant === first);

    expect(await killLiveSubscribers(appA.redisPrefix)).toBe(2);

    // The room goes on answering while the instances recover; a host that hears nothing of the
    // answers saved while its instance was away must be told to reload.
    const savedAfterKill: number[] = [];
    let next = 1;
    while (next < people.length - 3 && !host.messages.some(isRefetch)) savedAfterKill.push(await save(people[next++]!));
    await expect.poll(() => host.messages.some(isRefetch)).toBe(true);
    await expect.poll(() => phone.messages.some(isRefetch)).toBe(true);
    expect(host.messages.find(isRefetch)).toEqual({ type: 'refetch', survey: survey.id });
    expect(phone.messages.find(isRefetch)).toEqual({ type: 'refetch', survey: survey.public_id });

    // What the host page does on `refetch`: it loads the survey again (through its instance A).
    const reloaded = await appA.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(hostToken) });
    const inReload = new Set(ZInstantSurvey.parse(reloaded.json()).answers.map((a) => a.participant_id));
    // Answers saved after that reload can only reach the host as messages: the subscription is live again.
    for (const person of people.slice(next, next + 3)) savedAfterKill.push(await save(person));
    const heardByHost = () => new Set([...inReload, ...host.messages.flatMap((m) => (m.type === 'answer' ? [m.participant] : []))]);
    await expect.poll(() => savedAfterKill.filter((id) => !heardByHost().has(id))).toEqual([]);
    for (const id of savedAfterKill.slice(-3)) expect(host.messages.some((m) => m.type === 'answer' && m.participant === id)).toBe(true);

    // Instance B's subscription carries messages again too: the phone hears the survey close.
    const closed = await appA.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.id}/close-survey/`, headers: authHeader(hostToken) });
    expect(closed.statusCode).toBe(200);
    expect(await phone.waitFor((m) => m.type === 'state' && m.state === 'closed')).toEqual({ type: 'state', survey: survey.public_id, state: 'closed' });
    host.close();
    phone.close();
  });
});
