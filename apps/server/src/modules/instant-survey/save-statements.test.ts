import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstantSurvey } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import { LiveSocketClient } from './live-socket-client.ts';

/**
 * An instant save: one read (survey, question, named people) and one write (answer and progress
 * in one commit), after the participant's token — a statement of its own only when the instant
 * participant cache does not hold it (the first save of a token, or after a change or expiry).
 * The host hears of an answer only once it is stored.
 */
const MAX_STATEMENTS_PER_SAVE = 3;
const STATEMENTS_PER_KEPT_SAVE = 2;

let ctx: TestContext & { db: TestDatabase };
let survey: TInstantSurvey;
let host: LiveSocketClient;
let rita: { id: number; token: string };
let sam: { id: number; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const tokens = await setUpInstantHosts(ctx, 'count');
  survey = await createSurveyAs(ctx, tokens.host);
  await startSurveyAs(ctx, tokens.host, survey.id);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  host = new LiveSocketClient();
  await host.connect(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, survey.id, { token: tokens.host });
  rita = await join(ctx, survey, 'Counted Rita');
  sam = await join(ctx, survey, 'Counted Sam');
});
afterAll(async () => {
  host?.close();
  await ctx.close();
});

const questionOf = (type: string) => survey.questions.find((q) => q.type === type)!.id;
const save = (token: string, payload: object) =>
  countRequestStatements(ctx, { method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(token), payload });
const answerMessages = (question: number) => host.messages.filter((m) => m.type === 'answer' && m.question === question);

describe('statements and live messages per instant save', () => {
  it(`a save naming a participant sends at most ${MAX_STATEMENTS_PER_SAVE} statements, stores answer and progress, and the host hears of it`, async () => {
    const who = questionOf('user_select');
    const { response, statements } = await save(rita.token, { question_id: who, value: { type: 'user_select', selected_users: [sam.id] }, current_question_index: 1, sequence: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: true, answer: { participant_id: rita.id, question_id: who, value: { type: 'user_select', selected_users: [sam.id] }, sequence: 5 } });
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    const [participant] = await ctx.db.db.select().from(tables.instantSurveyParticipants).where(eq(tables.instantSurveyParticipants.id, rita.id));
    expect(participant?.currentQuestionIndex).toBe(1);
    expect(await host.waitFor((m) => m.type === 'answer' && m.participant === rita.id && m.question === who)).toMatchObject({ survey: survey.id });
  });

  it(`with the participant kept (after their first save), a save sends ${STATEMENTS_PER_KEPT_SAVE} statements: the read and the write, no token lookup`, async () => {
    const team = questionOf('freetext');
    const { response, statements } = await save(rita.token, { question_id: team, value: { type: 'freetext', text: 'kept' }, sequence: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: true, answer: { participant_id: rita.id, question_id: team } });
    expect(statements).toHaveLength(STATEMENTS_PER_KEPT_SAVE);
    expect(statements.some((text) => text.includes('instant_participant_tokens'))).toBe(false);
    expect(await host.waitFor((m) => m.type === 'answer' && m.participant === rita.id && m.question === team)).toMatchObject({ survey: survey.id });
  });

  it('a stale save costs no more, answers the stored answer, moves no progress and is not announced', async () => {
    const who = questionOf('user_select');
    const { response, statements } = await save(rita.token, { question_id: who, value: { type: 'user_select', selected_users: [] }, current_question_index: 0, sequence: 4 });
    expect(response.json()).toMatchObject({ created: false, answer: { value: { type: 'user_select', selected_users: [sam.id] }, sequence: 5 } });
    expect(statements.length).toBeLessThanOrEqual(STATEMENTS_PER_KEPT_SAVE);
    const [participant] = await ctx.db.db.select().from(tables.instantSurveyParticipants).where(eq(tables.instantSurveyParticipants.id, rita.id));
    expect(participant?.currentQuestionIndex).toBe(1);
    // A later stored answer reaches the host: had the stale one been announced, it would be there before it.
    const mood = questionOf('mood_select');
    await save(rita.token, { question_id: mood, value: { type: 'mood_select', mood: 'positive' }, sequence: 6 });
    await host.waitFor((m) => m.type === 'answer' && m.question === mood);
    expect(answerMessages(who)).toHaveLength(1);
  });

  it('a refused save (someone who is not a participant named) stores nothing and is not announced', async () => {
    const who = questionOf('user_select');
    const { response, statements } = await save(sam.token, { question_id: who, value: { type: 'user_select', selected_users: [999_999] } });
    expect(response.statusCode).toBe(400);
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    const text = questionOf('freetext');
    await save(sam.token, { question_id: text, value: { type: 'freetext', text: 'later' } });
    await host.waitFor((m) => m.type === 'answer' && m.participant === sam.id && m.question === text);
    expect(host.messages.filter((m) => m.type === 'answer' && m.participant === sam.id && m.question === who)).toHaveLength(0);
    const stored = await ctx.db.db.select().from(tables.instantSurveyAnswers).where(eq(tables.instantSurveyAnswers.participantId, sam.id));
    expect(stored.map((a) => a.questionId)).toEqual([text]);
  });

  it('fifty saves of one answer at once keep the highest sequence once; none is acknowledged with an older answer than its own', async () => {
    const mood = questionOf('mood_select');
    const sequences = Array.from({ length: 50 }, (_, i) => 1_000 + ((i * 37) % 50));
    const results = await Promise.all(
      sequences.map((sequence) =>
        ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, remoteAddress: `10.1.0.${sequence % 250}`, headers: instantHeader(sam.token), payload: { question_id: mood, value: { type: 'mood_select', mood: sequence % 2 === 0 ? 'positive' : 'negative' }, sequence } }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const [i, r] of results.entries()) expect(r.json().answer.sequence).toBeGreaterThanOrEqual(sequences[i] as number);
    const rows = await ctx.db.db.select().from(tables.instantSurveyAnswers).where(eq(tables.instantSurveyAnswers.participantId, sam.id));
    expect(rows.filter((r) => r.questionId === mood).map((r) => [r.sequence, r.value])).toEqual([[1_049, { type: 'mood_select', mood: 'negative' }]]);
  });
});
