import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstantSurvey, TInstantSurveyInput } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import type { App } from '../../app.ts';
import { authHeader } from '../../testing/test-app.ts';
import { instancesSharingRedis, type InstancesSharingRedis } from '../../testing/instances-sharing-redis.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { createSurveyAs, everyTypeSurvey, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import { addParticipantToken } from './repository.ts';

/**
 * The instant participant cache (docs/request-path.md) must never let a change wait for its
 * expiry: a participant whose survey is gone, or who was taken off the list, is refused on the
 * very next save, on the instance that made the change and (through Redis) on another one.
 */
let db: TestDatabase;
let instances: InstancesSharingRedis | undefined;
let single: App;
let appA: App;
let appB: App;
let hostToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  instances = await instancesSharingRedis(db, 'instantkept');
  ({ single, appA, appB } = instances);
  hostToken = (await setUpInstantHosts({ app: single, db, close: async () => undefined }, 'kept')).host;
});
afterAll(async () => {
  await instances?.close();
  await db?.close();
});

const on = (app: App) => ({ app, db, close: async () => undefined });

/** A started survey and one participant who joined it by code. */
async function startedSurveyWithJoined(input: TInstantSurveyInput = everyTypeSurvey()) {
  const survey = await createSurveyAs(on(single), hostToken, input);
  await startSurveyAs(on(single), hostToken, survey.id);
  return { survey, participant: await join(on(single), survey, 'Kept Kim') };
}

const freetextOf = (survey: TInstantSurvey) => survey.questions.find((q) => q.type === 'freetext')!.id;
const save = (app: App, survey: TInstantSurvey, token: string, text = 'hello') =>
  app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(token), payload: { question_id: freetextOf(survey), value: { type: 'freetext', text } } });
const deleteSurvey = (app: App, survey: TInstantSurvey) => app.inject({ method: 'DELETE', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(hostToken) });

/** Until the instance keeps the participant: one whose Redis subscription is not live yet serves nothing from its cache. */
async function saveUntilKept(app: App, survey: TInstantSurvey, token: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    expect((await save(app, survey, token)).statusCode).toBe(200);
    if (app.callerCache.instantParticipants.get(hashSecretToken(token))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the instant participant cache never went live');
}

describe('one instance', () => {
  it('keeps a participant who has joined after their first save', async () => {
    const { survey, participant } = await startedSurveyWithJoined();
    expect((await save(single, survey, participant.token)).statusCode).toBe(200);
    expect(single.callerCache.instantParticipants.get(hashSecretToken(participant.token))).toMatchObject({ id: participant.id, surveyPublicId: survey.public_id });
  });

  it('the survey deleted: the very next save with a kept token answers 401', async () => {
    const { survey, participant } = await startedSurveyWithJoined();
    await saveUntilKept(single, survey, participant.token);
    expect((await deleteSurvey(single, survey)).statusCode).toBe(204);
    const refused = await save(single, survey, participant.token, 'after the delete');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
  });

  // Holds twice over: a participant who has not joined is never kept, and the edit drops the survey's kept ones.
  it('a listed participant taken off the list: their very next save answers 401', async () => {
    const input = everyTypeSurvey();
    const { survey } = await startedSurveyWithJoined(input);
    const leo = survey.participants.find((p) => p.name === 'Listed Leo')!;
    // An invitation's token (invitations.ts makes them the same way): Leo has not used it yet.
    const token = newSecretToken();
    await addParticipantToken(db.db, leo.id, survey.id, hashSecretToken(token));
    const fillInfo = await single.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.public_id}/fill-info/`, headers: instantHeader(token) });
    expect(fillInfo.statusCode).toBe(200);
    const withoutLeo = { ...input, participants: survey.participants.filter((p) => p.id !== leo.id).map((p) => ({ id: p.id, name: p.name, email: p.email ?? undefined })) };
    expect((await single.inject({ method: 'PUT', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(hostToken), payload: { ...withoutLeo, questions: survey.questions } })).statusCode).toBe(200);
    expect((await save(single, survey, token)).statusCode).toBe(401);
  });

  it('a kept participant deleted outside the server: the next save answers 401, stores nothing and the survey keeps no one', async () => {
    const { survey, participant } = await startedSurveyWithJoined();
    await saveUntilKept(single, survey, participant.token);
    await db.db.delete(tables.instantSurveyParticipants).where(eq(tables.instantSurveyParticipants.id, participant.id));
    const refused = await save(single, survey, participant.token, 'after the delete');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
    expect(await db.db.select().from(tables.instantSurveyAnswers).where(eq(tables.instantSurveyAnswers.participantId, participant.id))).toEqual([]);
    expect(single.callerCache.instantParticipants.get(hashSecretToken(participant.token))).toBeUndefined();
  });

  it("a host's edit of the survey drops its kept participants; their next save reads them afresh and is stored", async () => {
    const input = everyTypeSurvey();
    const { survey, participant } = await startedSurveyWithJoined(input);
    await saveUntilKept(single, survey, participant.token);
    const edited = await single.inject({ method: 'PUT', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(hostToken), payload: { ...input, title: 'Renamed', questions: survey.questions } });
    expect(edited.statusCode).toBe(200);
    expect(single.callerCache.instantParticipants.get(hashSecretToken(participant.token))).toBeUndefined();
    expect((await save(single, survey, participant.token, 'after the edit')).json()).toMatchObject({ answer: { participant_id: participant.id, value: { type: 'freetext', text: 'after the edit' } } });
  });
});

describe('two instances sharing Redis', () => {
  it('the survey deleted on A: the very next save on B with a token B keeps answers 401', async () => {
    const { survey, participant } = await startedSurveyWithJoined();
    await saveUntilKept(appB, survey, participant.token);
    expect((await deleteSurvey(appA, survey)).statusCode).toBe(204);
    expect((await save(appB, survey, participant.token, 'after the delete')).statusCode).toBe(401);
  });

  it("a host's edit on A drops the survey's kept participants on B", async () => {
    const input = everyTypeSurvey();
    const { survey, participant } = await startedSurveyWithJoined(input);
    await saveUntilKept(appB, survey, participant.token);
    const edited = await appA.inject({ method: 'PUT', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(hostToken), payload: { ...input, questions: survey.questions } });
    expect(edited.statusCode).toBe(200);
    expect(appB.callerCache.instantParticipants.get(hashSecretToken(participant.token))).toBeUndefined();
  });
});
