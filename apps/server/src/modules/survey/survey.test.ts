import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeSurvey, TQuestionnaire, TSurveyAdminOverview } from '@ona/contracts';
import { and, eq, tables } from '@ona/db';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, dayFromToday, setWindow, type SurveyOrganisation } from './survey-test-setup.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
let questionIds: number[] = [];
let otherEngagementQuestionId = 0;

const surveyUrl = (id: number, suffix = '') => `/api/engagements/${id}/survey/${suffix}`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, language = 'en-US') =>
  ctx.app.inject({ method, url, headers: { ...authHeader(token), 'accept-language': language }, ...(payload === undefined ? {} : { payload: payload as object }) });
const putAnswer = (questionId: number, selected: unknown, token = org.tokens.member, language = 'en-US') =>
  call('PUT', surveyUrl(org.engagementId, `answers/${questionId}/`), token, { selected_users: selected }, language);
const storedAnswer = async (employeeId: number, questionId: number) => {
  const [row] = await ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, employeeId), eq(tables.answers.questionId, questionId)));
  return row?.selectedEmployeeIds;
};

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('POST /engagements/{id}/survey/ (create)', () => {
  it('answers 409 survey_not_created to an employee before the survey exists', async () => {
    const res = await call('GET', surveyUrl(org.engagementId), org.tokens.member);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('survey_not_created');
  });

  it('refuses a non-admin (403) and another organisation’s admin (404)', async () => {
    expect((await call('POST', surveyUrl(org.engagementId), org.tokens.lead)).statusCode).toBe(403);
    expect((await call('POST', surveyUrl(org.engagementId), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
  });

  it('copies the 13 default questions with four languages and records the creation time', async () => {
    const res = await call('POST', surveyUrl(org.engagementId), org.tokens.admin);
    expect(res.statusCode).toBe(201);
    const overview = res.json<TSurveyAdminOverview>();
    expect(overview.survey_created_at).not.toBeNull();
    expect(overview.questionnaire.questions.map((q) => q.key)).toEqual(['cooperation', 'advice', 'expertise', 'personal', 'news', 'attention', 'opinion', 'idea', 'values', 'recognition', 'feedback', 'development', 'sympathy']);
    expect(overview.questionnaire.questions[0]?.texts).toMatchObject({ en: 'With whom do you work closely every week?', hu: expect.any(String), de: expect.any(String), ru: expect.any(String) });
    expect(overview.participant_count).toBe(3);
    questionIds = overview.questionnaire.questions.map((q) => q.id);
    const again = await call('POST', surveyUrl(org.engagementId), org.tokens.admin);
    expect(again.statusCode).toBe(200);
    expect(again.json<TSurveyAdminOverview>().questionnaire.questions.map((q) => q.id)).toEqual(questionIds);
    const other = await call('POST', surveyUrl(org.otherEngagementId), org.tokens.admin);
    otherEngagementQuestionId = other.json<TSurveyAdminOverview>().questionnaire.questions[0]?.id ?? 0;
  });
});

describe('GET /engagements/{id}/survey/', () => {
  it('gives the questions in the request’s language and the colleagues without the caller', async () => {
    const res = await call('GET', surveyUrl(org.engagementId), org.tokens.member);
    expect(res.statusCode).toBe(200);
    const survey = res.json<TEmployeeSurvey>();
    expect(survey.questions).toHaveLength(13);
    expect(survey.questions[0]).toEqual({ id: questionIds[0], text: 'With whom do you work closely every week?', category: 'work_cooperation', kind: 'cooperation', index: 0 });
    expect(survey.available_users.map((u) => u.name).sort()).toEqual(['Boss', 'Lead']);
    expect(survey.available_users.find((u) => u.name === 'Lead')?.unit).toEqual({ id: expect.any(Number), name: 'Team A' });
    expect(survey).toMatchObject({ terms_accepted: false, finished: false, last_question_index: null, is_open: true, access_from: dayFromToday(-2), access_till: dayFromToday(10) });
    expect(survey.answers.every((a) => !a.answered && !a.seen)).toBe(true);
    const hungarian = (await call('GET', surveyUrl(org.engagementId), org.tokens.member, undefined, 'hu-HU')).json<TEmployeeSurvey>();
    expect(hungarian.questions[0]?.text).toBe('Kivel dolgozik szorosan együtt minden héten?');
  });

  it('falls back to the engagement’s default language for a language without texts', async () => {
    await ctx.db.db.update(tables.engagements).set({ defaultLanguage: 'de' }).where(eq(tables.engagements.id, org.engagementId));
    const survey = (await call('GET', surveyUrl(org.engagementId), org.tokens.member, undefined, 'ja-JP')).json<TEmployeeSurvey>();
    expect(survey.questions[0]?.text).toBe('Mit wem arbeiten Sie jede Woche eng zusammen?');
    await ctx.db.db.update(tables.engagements).set({ defaultLanguage: 'en' }).where(eq(tables.engagements.id, org.engagementId));
  });

  it('refuses no_access and module_disabled (403), a user without an employee record (403), another organisation (404) and no token (401)', async () => {
    expect((await call('GET', surveyUrl(org.engagementId), org.tokens.noAccess)).statusCode).toBe(403);
    expect((await call('GET', surveyUrl(org.engagementId), org.tokens.disabled)).statusCode).toBe(403);
    const admin = await call('GET', surveyUrl(org.engagementId), org.tokens.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('not_a_participant');
    expect((await call('GET', surveyUrl(org.engagementId), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: surveyUrl(org.engagementId) })).statusCode).toBe(401);
  });
});

describe('answering', () => {
  it('refuses answers before the terms are accepted (409)', async () => {
    const res = await putAnswer(questionIds[0] ?? 0, [org.people.lead]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('terms_not_accepted');
  });

  it('accepts the terms', async () => {
    const res = await call('POST', surveyUrl(org.engagementId, 'accept-terms/'), org.tokens.member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ terms_accepted: true, finished: false, last_question_index: null });
  });

  it('saves an answer, reads it back and resumes at the last question answered', async () => {
    const res = await putAnswer(questionIds[2] ?? 0, [org.people.lead, org.people.boss, org.people.lead]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ question: questionIds[2], answered: true, seen: true, selected_users: [org.people.lead, org.people.boss], sequence: null });
    const read = await call('GET', surveyUrl(org.engagementId, `answers/${questionIds[2]}/`), org.tokens.member);
    expect(read.json()).toEqual({ question: questionIds[2], answered: true, seen: true, selected_users: [org.people.lead, org.people.boss], sequence: null });
    const survey = (await call('GET', surveyUrl(org.engagementId), org.tokens.member)).json<TEmployeeSurvey>();
    expect(survey.last_question_index).toBe(2);
    expect(survey.answers[1]).toEqual({ question: questionIds[1], answered: false, seen: true, selected_users: [], sequence: null });
    expect(survey.answers[3]?.seen).toBe(false);
    expect(survey.selected_users.map((u) => u.id).sort()).toEqual([org.people.boss, org.people.lead].sort());
  });

  it('takes an empty list as the answer "nobody"', async () => {
    const res = await putAnswer(questionIds[3] ?? 0, []);
    expect(res.statusCode).toBe(200);
    expect(await storedAnswer(org.people.member, questionIds[3] ?? 0)).toEqual([]);
    const read = await call('GET', surveyUrl(org.engagementId, `answers/${questionIds[3]}/`), org.tokens.member);
    expect(read.json()).toMatchObject({ answered: true, selected_users: [] });
  });

  it('refuses a non-existent colleague, another engagement’s employee and the caller, storing nothing', async () => {
    const before = await storedAnswer(org.people.member, questionIds[2] ?? 0);
    for (const selected of [[org.people.lead, 99_999_999], [org.otherEngagementMember], [org.people.member]]) {
      const res = await putAnswer(questionIds[2] ?? 0, selected);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.selected_users).toHaveLength(1);
    }
    expect((await putAnswer(questionIds[2] ?? 0, [org.people.member])).json().errors.selected_users[0]).toBe('You cannot choose yourself.');
    expect((await putAnswer(questionIds[2] ?? 0, ['x'])).statusCode).toBe(400);
    expect(await storedAnswer(org.people.member, questionIds[2] ?? 0)).toEqual(before);
  });

  it('answers 404 for another engagement’s question and for one that does not exist', async () => {
    expect((await putAnswer(otherEngagementQuestionId, [org.people.lead])).statusCode).toBe(404);
    expect((await putAnswer(2_000_000_000, [org.people.lead])).statusCode).toBe(404);
    expect((await call('GET', surveyUrl(org.engagementId, `answers/${otherEngagementQuestionId}/`), org.tokens.member)).statusCode).toBe(404);
  });

  it('cannot answer for someone else: the employee comes from the token, an extra field changes nothing', async () => {
    await call('POST', surveyUrl(org.engagementId, 'accept-terms/'), org.tokens.lead);
    const res = await call('PUT', surveyUrl(org.engagementId, `answers/${questionIds[5]}/`), org.tokens.member, { selected_users: [org.people.boss], employee_id: org.people.lead, employee: org.people.lead });
    expect(res.statusCode).toBe(200);
    expect(await storedAnswer(org.people.member, questionIds[5] ?? 0)).toEqual([org.people.boss]);
    expect(await storedAnswer(org.people.lead, questionIds[5] ?? 0)).toBeUndefined();
  });

  /*
   * What the design guarantees for overlapping saves of one question (docs/survey-and-admin.md):
   * each save is one upsert statement, so the row holds exactly one save's list, whole, and it is
   * the list of the save whose statement committed last. It does NOT guarantee that this is the
   * save acknowledged last: a response can reach the client after that of a save committed later
   * (the second write, last_question_id, and the network sit in between). Hence "last acknowledged
   * wins" is only promised for saves sent one after another, which is what the web client's
   * AnswerSaveQueue does (one request per question at a time); the next test pins that.
   */
  it('keeps exactly one of ten concurrent saves of the same question, whole', async () => {
    const lists = Array.from({ length: 10 }, (_, i) => (i % 3 === 0 ? [org.people.boss] : i % 3 === 1 ? [org.people.lead, org.people.boss] : i % 2 ? [] : [org.people.boss, org.people.lead]));
    const results = await Promise.all(lists.map((list) => putAnswer(questionIds[6] ?? 0, list)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // Every acknowledgement reports its own list whole, never a neighbour's or a mix.
    expect(results.map((r) => r.json().selected_users)).toEqual(lists);
    const stored = await storedAnswer(org.people.member, questionIds[6] ?? 0);
    expect(lists).toContainEqual(stored);
    const rows = await ctx.db.db.select().from(tables.answers).where(and(eq(tables.answers.employeeId, org.people.member), eq(tables.answers.questionId, questionIds[6] ?? 0)));
    expect(rows).toHaveLength(1);
  });

  it('stores the last of saves sent one after another, each after the previous was acknowledged', async () => {
    const lists = [[org.people.boss], [], [org.people.lead, org.people.boss], [org.people.lead], [org.people.boss, org.people.lead]];
    for (const list of lists) expect((await putAnswer(questionIds[6] ?? 0, list)).statusCode).toBe(200);
    expect(await storedAnswer(org.people.member, questionIds[6] ?? 0)).toEqual([org.people.boss, org.people.lead]);
  });

  it('refuses answers after access_till with a clear message in the request’s language (409 survey_closed)', async () => {
    await setWindow(ctx.db.db, org.engagementId, dayFromToday(-20), dayFromToday(-1));
    const res = await putAnswer(questionIds[0] ?? 0, [org.people.lead]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'survey_closed', detail: `The survey closed on ${dayFromToday(-1)}. Answers can no longer be given or changed.` });
    const hu = await putAnswer(questionIds[0] ?? 0, [org.people.lead], org.tokens.member, 'hu-HU');
    expect(hu.json().detail).toContain('lezárult');
    expect((await call('POST', surveyUrl(org.engagementId, 'finish-survey/'), org.tokens.member)).statusCode).toBe(409);
    expect((await call('GET', surveyUrl(org.engagementId), org.tokens.member)).json<TEmployeeSurvey>().is_open).toBe(false);
    expect(await storedAnswer(org.people.member, questionIds[0] ?? 0)).toBeUndefined();
  });

  it('refuses answers before access_from, saying when the survey opens', async () => {
    await setWindow(ctx.db.db, org.engagementId, dayFromToday(1), dayFromToday(9));
    const res = await putAnswer(questionIds[0] ?? 0, [org.people.lead]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(`opens on ${dayFromToday(1)}`);
    await setWindow(ctx.db.db, org.engagementId, dayFromToday(-2), dayFromToday(10));
  });

  it('finishes the survey', async () => {
    const res = await call('POST', surveyUrl(org.engagementId, 'finish-survey/'), org.tokens.member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ terms_accepted: true, finished: true, last_question_index: 6 });
    expect((await call('GET', surveyUrl(org.engagementId), org.tokens.member)).json<TEmployeeSurvey>().finished).toBe(true);
    const overview = (await call('GET', surveyUrl(org.engagementId, 'overview/'), org.tokens.admin)).json<TSurveyAdminOverview>();
    expect(overview).toMatchObject({ finished_count: 1, terms_accepted_count: 2, answered_count: 1 });
  });
});

describe('questionnaire (admin)', () => {
  it('refuses changes once answers exist or the survey has begun (409 questionnaire_locked)', async () => {
    const current = (await call('GET', surveyUrl(org.engagementId, 'questionnaire/'), org.tokens.admin)).json<TQuestionnaire>();
    expect(current.editable).toBe(false);
    const res = await call('PUT', surveyUrl(org.engagementId, 'questionnaire/'), org.tokens.admin, { questions: current.questions.map(({ key, category, kind, texts }) => ({ key, category, kind, texts })) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('questionnaire_locked');
    await setWindow(ctx.db.db, org.otherEngagementId, dayFromToday(-1), dayFromToday(5));
    const begun = await call('PUT', surveyUrl(org.otherEngagementId, 'questionnaire/'), org.tokens.admin, { questions: [{ key: 'trust', category: 'trust', kind: 'personal', texts: { en: 'Whom do you trust?' } }] });
    expect(begun.statusCode).toBe(409);
  });

  it('edits the questionnaire before the survey starts, keeping the ids of kept questions', async () => {
    await setWindow(ctx.db.db, org.otherEngagementId, dayFromToday(3), dayFromToday(20));
    const current = (await call('GET', surveyUrl(org.otherEngagementId, 'questionnaire/'), org.tokens.admin)).json<TQuestionnaire>();
    expect(current.editable).toBe(true);
    const advice = current.questions.find((q) => q.key === 'advice');
    const res = await call('PUT', surveyUrl(org.otherEngagementId, 'questionnaire/'), org.tokens.admin, {
      questions: [
        { key: 'advice', category: 'work_info', kind: 'advice', texts: { en: 'Whom do you ask for advice?', hu: 'Kitől kérsz tanácsot?' } },
        { key: 'lunch', category: 'trust', kind: 'sympathy', texts: { en: 'With whom do you have lunch?' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<TQuestionnaire>();
    expect(edited.questions.map((q) => [q.key, q.index])).toEqual([['advice', 0], ['lunch', 1]]);
    expect(edited.questions[0]?.id).toBe(advice?.id);
    expect(edited.questions[0]?.texts).toEqual({ en: 'Whom do you ask for advice?', hu: 'Kitől kérsz tanácsot?' });
  });

  it('validates the questionnaire (duplicate keys, unknown category)', async () => {
    const res = await call('PUT', surveyUrl(org.otherEngagementId, 'questionnaire/'), org.tokens.admin, {
      questions: [
        { key: 'a', category: 'trust', kind: 'x', texts: { en: 'A?' } },
        { key: 'a', category: 'nonsense', kind: 'x', texts: { en: 'B?' } },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['questions.1.category']);
    const duplicate = await call('PUT', surveyUrl(org.otherEngagementId, 'questionnaire/'), org.tokens.admin, {
      questions: [
        { key: 'a', category: 'trust', kind: 'x', texts: { en: 'A?' } },
        { key: 'a', category: 'idea', kind: 'x', texts: { en: 'B?' } },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json().errors)).toEqual(['questions.1.key']);
  });

  it('is for admins only', async () => {
    expect((await call('GET', surveyUrl(org.engagementId, 'questionnaire/'), org.tokens.member)).statusCode).toBe(403);
    expect((await call('GET', surveyUrl(org.engagementId, 'overview/'), org.tokens.otherOrgAdmin)).statusCode).toBe(404);
  });
});
