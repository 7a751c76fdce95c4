import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@ona/db';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { authHeader } from '../../testing/test-app.ts';
import { createOpenSurveyApp } from './survey-test-setup.ts';

/**
 * A save is the hot path of a survey: with the caller cached it costs the survey caller and one
 * statement that checks, upserts and records progress (at most 2 round trips, whatever the outcome).
 */
const MAX_STATEMENTS_PER_SAVE = 2;

let opened: Awaited<ReturnType<typeof createOpenSurveyApp>>;
beforeAll(async () => {
  opened = await createOpenSurveyApp();
});
afterAll(async () => opened.ctx.close());

const answerUrl = (questionId: number) => `/api/engagements/${opened.org.engagementId}/survey/answers/${questionId}/`;
const save = (questionId: number, payload: object, token = opened.org.tokens.member) =>
  countRequestStatements(opened.ctx, { method: 'PUT', url: answerUrl(questionId), headers: authHeader(token), payload });
const stored = async (questionId: number) => {
  const [row] = await opened.ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, opened.org.people.member), eq(tables.answers.questionId, questionId)));
  return row;
};
const resumesAt = async () => {
  const [row] = await opened.ctx.db.db.select().from(tables.surveyParticipations).where(eq(tables.surveyParticipations.employeeId, opened.org.people.member));
  return row?.lastQuestionId;
};

describe('statements per employee save', () => {
  it(`a save sends at most ${MAX_STATEMENTS_PER_SAVE} statements once the caller is known, and stores the answer and where the survey resumes`, async () => {
    const questionId = opened.questionIds[3] as number;
    // The first request of a token looks the caller up (token, memberships); later ones find it cached.
    await save(opened.questionIds[4] as number, { selected_users: [opened.org.people.boss], sequence: 1 });
    const { response, statements } = await save(questionId, { selected_users: [opened.org.people.boss, opened.org.people.lead], sequence: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: questionId, answered: true, seen: true, selected_users: [opened.org.people.boss, opened.org.people.lead], sequence: 10 });
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect((await stored(questionId))?.selectedEmployeeIds).toEqual([opened.org.people.boss, opened.org.people.lead]);
    expect(await resumesAt()).toBe(questionId);
  });

  it('a stale save (lower sequence) costs no more, is acknowledged with the stored answer and leaves where the survey resumes', async () => {
    const questionId = opened.questionIds[3] as number;
    await save(opened.questionIds[5] as number, { selected_users: [], sequence: 11 });
    const { response, statements } = await save(questionId, { selected_users: [opened.org.people.lead], sequence: 9 });
    expect(response.json()).toEqual({ question: questionId, answered: true, seen: true, selected_users: [opened.org.people.boss, opened.org.people.lead], sequence: 10 });
    expect(statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect(await resumesAt()).toBe(opened.questionIds[5]);
  });

  it('a refused save (unknown colleague, naming oneself, another engagement’s question) costs no more and stores nothing', async () => {
    const questionId = opened.questionIds[6] as number;
    const unknown = await save(questionId, { selected_users: [opened.org.people.boss, opened.org.otherEngagementMember], sequence: 20 });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().errors.selected_users[0]).toContain(String(opened.org.otherEngagementMember));
    const self = await save(questionId, { selected_users: [opened.org.people.member], sequence: 21 });
    expect(self.response.statusCode).toBe(400);
    const otherQuestion = await save(999_999, { selected_users: [], sequence: 22 });
    expect(otherQuestion.response.statusCode).toBe(404);
    for (const attempt of [unknown, self, otherQuestion]) expect(attempt.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SAVE);
    expect(await stored(questionId)).toBeUndefined();
  });

  it('fifty saves of one answer at once, four times over: each keeps the highest sequence, once, and no save is acknowledged with an older answer than its own', async () => {
    const colleagueOf = (sequence: number) => (sequence % 2 === 0 ? [opened.org.people.boss] : [opened.org.people.lead]);
    for (const [round, questionId] of (opened.questionIds.slice(7, 11) as number[]).entries()) {
      const base = 1_000 * (round + 1);
      const sequences = Array.from({ length: 50 }, (_, i) => base + ((i * 37) % 50));
      // Each from an address of its own: the per-address limit is not what this is about.
      const results = await Promise.all(
        sequences.map((sequence) =>
          opened.ctx.app.inject({ method: 'PUT', url: answerUrl(questionId), remoteAddress: `10.0.${round}.${sequence % 250}`, headers: authHeader(opened.org.tokens.member), payload: { selected_users: colleagueOf(sequence), sequence } }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      // A save overtaken by a newer one is acknowledged with the newer one, never with what was there before it.
      for (const [i, r] of results.entries()) expect(r.json().sequence).toBeGreaterThanOrEqual(sequences[i] as number);
      const rows = await opened.ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, opened.org.people.member), eq(tables.answers.questionId, questionId)));
      expect(rows.map((r) => [r.sequence, r.selectedEmployeeIds])).toEqual([[base + 49, colleagueOf(base + 49)]]);
    }
  });
});
