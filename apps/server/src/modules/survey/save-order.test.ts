import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, openSurveyForTakers, type SurveyOrganisation } from './survey-test-setup.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from '../instant-survey/instant-test-kit.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
let questionIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  ({ questionIds } = await openSurveyForTakers(ctx, org));
});
afterAll(async () => ctx.close());

describe('employee survey saves carry a sequence', () => {
  const put = (questionId: number, body: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/engagements/${org.engagementId}/survey/answers/${questionId}/`, headers: authHeader(org.tokens.member), payload: body });
  const stored = async (questionId: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/answers/${questionId}/`, headers: authHeader(org.tokens.member) })).json();

  it('a save that arrives after a newer one (sequence 2, then 1) is acknowledged with the newer answer and changes nothing', async () => {
    const questionId = questionIds[0] as number;
    const newer = await put(questionId, { selected_users: [org.people.boss], sequence: 2 });
    expect([newer.statusCode, newer.json()]).toEqual([200, { question: questionId, answered: true, seen: true, selected_users: [org.people.boss], sequence: 2 }]);
    const late = await put(questionId, { selected_users: [org.people.lead], sequence: 1 });
    expect([late.statusCode, late.json()]).toEqual([200, { question: questionId, answered: true, seen: true, selected_users: [org.people.boss], sequence: 2 }]);
    expect(await stored(questionId)).toMatchObject({ selected_users: [org.people.boss], sequence: 2 });
  });

  it('a replay of the same sequence is ignored and a higher one replaces the answer', async () => {
    const questionId = questionIds[1] as number;
    await put(questionId, { selected_users: [org.people.boss], sequence: 1_700_000_000_001 });
    expect((await put(questionId, { selected_users: [], sequence: 1_700_000_000_001 })).json()).toMatchObject({ selected_users: [org.people.boss] });
    expect((await put(questionId, { selected_users: [org.people.lead], sequence: 1_700_000_000_002 })).json()).toMatchObject({ selected_users: [org.people.lead], sequence: 1_700_000_000_002 });
  });

  it('a save without a sequence (an older client) replaces the answer as before', async () => {
    const questionId = questionIds[2] as number;
    await put(questionId, { selected_users: [org.people.boss], sequence: 5 });
    expect((await put(questionId, { selected_users: [org.people.lead] })).json()).toMatchObject({ selected_users: [org.people.lead], sequence: null });
    expect((await put(questionId, { selected_users: [], sequence: 1 })).json()).toMatchObject({ selected_users: [], sequence: 1 });
  });

  it('the survey gives each answer’s sequence, so a client on another device continues above it', async () => {
    const survey = (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/`, headers: authHeader(org.tokens.member) })).json() as { answers: { question: number; sequence: number | null }[] };
    expect(survey.answers.find((a) => a.question === questionIds[0])?.sequence).toBe(2);
  });
});

describe('instant-survey saves carry a sequence', () => {
  it('a save that arrives after a newer one is acknowledged with the newer answer and changes nothing', async () => {
    const tokens = await setUpInstantHosts(ctx, 'order');
    const survey = await createSurveyAs(ctx, tokens.host);
    await startSurveyAs(ctx, tokens.host, survey.id);
    const participant = await join(ctx, survey, 'Ordered Olga');
    const mood = survey.questions.find((q) => q.type === 'mood_select');
    const save = (moodValue: string, sequence: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(participant.token), payload: { question_id: mood?.id, value: { type: 'mood_select', mood: moodValue }, sequence } });
    const newer = await save('positive', 2);
    expect(newer.statusCode).toBe(200);
    const late = await save('negative', 1);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ created: false, answer: { value: { type: 'mood_select', mood: 'positive' }, sequence: 2 } });
    const again = await save('neutral', 3);
    expect(again.json()).toMatchObject({ created: false, answer: { value: { type: 'mood_select', mood: 'neutral' }, sequence: 3 } });
  });
});
