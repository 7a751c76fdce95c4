import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import { LiveSocketClient } from './live-socket-client.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import * as repo from './repository.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('the live socket of one server', () => {
  let ctx: TestContext;
  let wsUrl: string;
  let tokens: Awaited<ReturnType<typeof setUpInstantHosts>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    tokens = await setUpInstantHosts(ctx);
    wsUrl = await listen(ctx.app);
  });
  afterAll(async () => ctx.close());

  it('the host hears new_user, state and answer messages of their survey', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const host = new LiveSocketClient();
    await host.connect(wsUrl, survey.id, { token: tokens.host });
    const participant = await join(ctx, survey, 'Live Lena');
    expect(await host.waitFor((m) => m.type === 'new_user')).toEqual({ type: 'new_user', survey: survey.id, user: { id: participant.id, name: 'Live Lena' } });

    const waiting = new LiveSocketClient();
    await waiting.connect(wsUrl, survey.public_id, { instant_token: participant.token });
    await startSurveyAs(ctx, tokens.host, survey.id);
    expect(await waiting.waitFor((m) => m.type === 'state')).toEqual({ type: 'state', survey: survey.public_id, state: 'started' });

    const freetext = survey.questions.find((q) => q.type === 'freetext');
    await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(participant.token), payload: { question_id: freetext?.id, value: { type: 'freetext', text: 'hi' } } });
    expect(await host.waitFor((m) => m.type === 'answer')).toMatchObject({ type: 'answer', survey: survey.id, participant: participant.id, question: freetext?.id });
    host.close();
    waiting.close();
  });

  it('the host hears new_user once when an invited participant first opens their link', async () => {
    const survey = await createSurveyAs(ctx, tokens.host, { title: 'Invited live', questions: [{ label: 'Q', type: 'freetext' }], participants: [{ name: 'Invited Ivo', email: 'ivo@acme.test' }] });
    const invited = survey.participants[0]!;
    // What the invitation e-mail carries: a personal instant token of this participant.
    const token = newSecretToken();
    await repo.addParticipantToken(ctx.db.db, invited.id, survey.id, hashSecretToken(token));
    const host = new LiveSocketClient();
    await host.connect(wsUrl, survey.id, { token: tokens.host });
    const open = () => ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.public_id}/`, headers: instantHeader(token) });
    expect((await Promise.all([open(), open()])).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await host.waitFor((m) => m.type === 'new_user')).toEqual({ type: 'new_user', survey: survey.id, user: { id: invited.id, name: 'Invited Ivo' } });
    // A later event proves the socket kept listening: still one new_user for two openings.
    await startSurveyAs(ctx, tokens.host, survey.id);
    await host.waitFor((m) => m.type === 'state');
    expect(host.messages.filter((m) => m.type === 'new_user')).toHaveLength(1);
    host.close();
  });

  it('closes sockets without a valid token (4401), of another organisation (4404) or another survey’s participant (4403)', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const other = await createSurveyAs(ctx, tokens.host);
    const stranger = await join(ctx, other, 'Stranger');
    const attempts: [Record<string, string>, number][] = [
      [{ token: 'forged' }, 4401],
      [{}, 4401],
      [{ token: tokens.otherHost }, 4404],
      [{ token: tokens.plain }, 4403],
      [{ instant_token: stranger.token }, 4403],
    ];
    for (const [auth, code] of attempts) {
      const client = new LiveSocketClient();
      await expect(client.connect(wsUrl, survey.public_id, auth)).rejects.toThrow();
      expect([auth, await client.closed()]).toEqual([auth, code]);
    }
  });

  it('admits a participant only by the public id: their own token at the sequential id closes with 4404; a host may use either id', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const me = await join(ctx, survey, 'Sequential Sam');
    const bySequentialId = new LiveSocketClient();
    await expect(bySequentialId.connect(wsUrl, survey.id, { instant_token: me.token })).rejects.toThrow();
    expect(await bySequentialId.closed()).toBe(4404);
    const byPublicId = new LiveSocketClient();
    await byPublicId.connect(wsUrl, survey.public_id, { instant_token: me.token });
    byPublicId.close();
    const host = new LiveSocketClient();
    await host.connect(wsUrl, survey.public_id, { token: tokens.host });
    host.close();
  });
});

describe('across two server instances through Redis', () => {
  let db: DbHandle;
  let appA: App;
  let appB: App;
  let wsUrlB: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    const settings = { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL };
    appA = await buildApp({ db, settings, webDistDir: '/nonexistent', pollJobs: false });
    appB = await buildApp({ db, settings, webDistDir: '/nonexistent', pollJobs: false });
    await appA.ready();
    wsUrlB = await listen(appB);
  });
  afterAll(async () => {
    await appA.close();
    await appB.close();
    await db.close();
  });

  it('a save on instance A reaches the host’s socket on instance B', async () => {
    expect(appA.realtime.mode).toBe('redis');
    const ctxA = { app: appA, db, close: async () => undefined };
    const tokens = await setUpInstantHosts(ctxA, 'redis');
    const survey = await createSurveyAs(ctxA, tokens.host);
    await startSurveyAs(ctxA, tokens.host, survey.id);
    const host = new LiveSocketClient();
    await host.connect(wsUrlB, survey.id, { token: tokens.host });

    const participant = await join(ctxA, survey, 'Remote Rita');
    await host.waitFor((m) => m.type === 'new_user' && m.user.id === participant.id);
    const mood = survey.questions.find((q) => q.type === 'mood_select');
    const saved = await appA.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(participant.token), payload: { question_id: mood?.id, value: { type: 'mood_select', mood: 'positive' } } });
    expect(saved.statusCode).toBe(200);
    expect(await host.waitFor((m) => m.type === 'answer')).toMatchObject({ survey: survey.id, participant: participant.id, question: mood?.id });
    host.close();
  });
});
