import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@ona/db';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { createSurveyOrganisation, openSurveyForTakers, type SurveyOrganisation } from './survey-test-setup.ts';

/**
 * A save is the hot path of a survey: with the caller cached it costs the survey caller and one
 * statement that checks, upserts and records progress (at most 2 round trips, whatever the outcome).
 */
const MAX_STATEMENTS_PER_SAVE = 2;

let ctx: TestContext & { db: TestDatabase };
let org: SurveyOrganisation;
let questionIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
  ({ questionIds } = await openSurveyForTakers(ctx, org));
});
afterAll(async () => ctx.close());

const answerUrl = (questionId: number) => `/api/engagements/${org.engagementId}/survey/answers/${questionId}/`;
const save = (questionId: number, payload: object, token = org.tokens.member) =>
  countRequestStatements(ctx, { method: 'PUT', url: answerUrl(questionId), headers: authHeader(token), payload });
const stored = async (questionId: number) => {
  const [row] = await ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, org.people.member), eq(tables.answers.questionId, questionId)));
  return row;
};
const resumesAt = async () => {
  const [row] = await ctx.db.db.select().from(tables.surveyParticipations).where(eq(tables.surveyParticipations.employeeId, org.people.member));
  return row?.lastQuestionId;
};

describe('statements per employee save', () => {
  it(`a save sends at most ${MAX_STATEMENTS_PER_SAVE} statements once the caller is known, and stores the answer and where the survey resumes`, async () => {
    const questionId = questionIds[3] as number;
    // The first request of a token looks the caller up (token, memberships); later ones find it cached.
    await save(questionIds[4] as number, { selected_users: [org.people.boss], sequence: 1 });
    const { response, statements } = await save(questionId, { selected_users: [org.people.boss, org.people.lead], sequence: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: questionId, answered: true, seen: true, selected_users: [org.people.boss, org.people.lead], sequence: 10 });
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect((await stored(questionId))?.selectedEmployeeIds).toEqual([org.people.boss, org.people.lead]);
    expect(await resumesAt()).toBe(questionId);
  });

  it('a stale save (lower sequence) costs no more, is acknowledged with the stored answer and leaves where the survey resumes', async () => {
    const questionId = questionIds[3] as number;
    await save(questionIds[5] as number, { selected_users: [], sequence: 11 });
    const { response, statements } = await save(questionId, { selected_users: [org.people.lead], sequence: 9 });
    expect(response.json()).toEqual({ question: questionId, answered: true, seen: true, selected_users: [org.people.boss, org.people.lead], sequence: 10 });
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect(await resumesAt()).toBe(questionIds[5]);
  });

  it('a refused save (unknown colleague, naming oneself, another engagement’s question) costs no more and stores nothing', async () => {
    const questionId = questionIds[6] as number;
    const unknown = await save(questionId, { selected_users: [org.people.boss, org.otherEngagementMember], sequence: 20 });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().errors.selected_users[0]).toContain(String(org.otherEngagementMember));
    const self = await save(questionId, { selected_users: [org.people.member], sequence: 21 });
    expect(self.response.statusCode).toBe(400);
    const otherQuestion = await save(999_999, { selected_users: [], sequence: 22 });
    expect(otherQuestion.response.statusCode).toBe(404);
    for (const attempt of [unknown, self, otherQuestion]) expect(attempt.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect(await stored(questionId)).toBeUndefined();
  });

  it('fifty saves of one answer at once keep the highest sequence, once', async () => {
    const questionId = questionIds[7] as number;
    const sequences = Array.from({ length: 50 }, (_, i) => 100 + ((i * 37) % 50));
    const colleagueOf = (sequence: number) => (sequence % 2 === 0 ? [org.people.boss] : [org.people.lead]);
    const results = await Promise.all(sequences.map((sequence) => ctx.app.inject({ method: 'PUT', url: answerUrl(questionId), headers: authHeader(org.tokens.member), payload: { selected_users: colleagueOf(sequence), sequence } })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // Every acknowledgement names a save that was sent, never one older than the save itself.
    for (const [i, r] of results.entries()) expect(r.json().sequence).toBeGreaterThanOrEqual(sequences[i] as number);
    const row = await stored(questionId);
    expect(row?.sequence).toBe(149);
    expect(row?.selectedEmployeeIds).toEqual(colleagueOf(149));
    const rows = await ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, org.people.member), eq(tables.answers.questionId, questionId)));
    expect(rows).toHaveLength(1);
  });
});
