import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstantSurvey } from '@ona/contracts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyAs, everyTypeSurvey, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import * as repo from './repository.ts';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof setUpInstantHosts>>;
beforeAll(async () => {
  ctx = await createTestApp();
  tokens = await setUpInstantHosts(ctx);
});
afterAll(async () => ctx.close());

const post = (url: string, token: string, payload?: object, locale = 'en-US') =>
  ctx.app.inject({ method: 'POST', url, headers: { ...authHeader(token), 'accept-language': locale }, ...(payload ? { payload } : {}) });

describe('access', () => {
  it('needs a login token (401) and the instant_survey_admin permission (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/surveys/' })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/surveys/', headers: authHeader(tokens.plain) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'permission_denied', detail: 'You do not have access to the instant-survey tool.' });
  });

  it('another organisation’s survey answers 404 on every host call', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    for (const [method, url] of [
      ['GET', `/api/instant-survey/surveys/${survey.id}/`],
      ['PUT', `/api/instant-survey/surveys/${survey.id}/`],
      ['POST', `/api/instant-survey/surveys/${survey.id}/start-survey/`],
      ['GET', `/api/instant-survey/surveys/${survey.id}/export/`],
      ['DELETE', `/api/instant-survey/surveys/${survey.id}/`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: authHeader(tokens.otherHost), ...(method === 'PUT' ? { payload: everyTypeSurvey() } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
  });
});

describe('creating and reading surveys', () => {
  it('creates a pending survey with a random 9-character uppercase code, every question type and the participants', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    expect(survey.state).toBe('pending');
    expect(survey.closed).toBe(false);
    expect(survey.code).toMatch(/^[A-Z0-9]{9}$/);
    expect(survey.questions.map((q) => q.type)).toEqual(['user_select', 'options', 'mood_select', 'intensity_select', 'freetext', 'scaling']);
    expect(survey.questions[1]).toMatchObject({ layout_orientation: 'vertical', options: [{ id: 1, label: 'Red' }, { id: 2, label: 'Blue' }] });
    expect(survey.questions[0]?.layout_orientation).toBe('horizontal');
    expect(survey.questions[5]?.points_total).toBe(10);
    expect(survey.participants.map((p) => [p.name, p.email, p.joined])).toEqual([['Listed Lisa', 'lisa@acme.test', false], ['Listed Leo', null, false]]);
    const again = await createSurveyAs(ctx, tokens.host);
    expect(again.code).not.toBe(survey.code);
  });

  it('lists surveys newest first as {data, total} with page and page_size', async () => {
    const { otherHost } = await setUpInstantHosts(ctx, 'list');
    for (const title of ['First', 'Second', 'Third']) await createSurveyAs(ctx, otherHost, { ...everyTypeSurvey(title) });
    const page1 = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/surveys/?page=1&page_size=2', headers: authHeader(otherHost) });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().total).toBe(3);
    expect(page1.json().data.map((s: TInstantSurvey) => s.title)).toEqual(['Third', 'Second']);
    const page2 = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/surveys/?page=2&page_size=2', headers: authHeader(otherHost) });
    expect(page2.json().data.map((s: TInstantSurvey) => [s.title, s.question_count, s.participant_count])).toEqual([['First', 6, 2]]);
    const tooBig = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/surveys/?page_size=101', headers: authHeader(otherHost) });
    expect(tooBig.statusCode).toBe(400);
  });

  it('updates questions and participants, keeping the ids of those sent back', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const [first] = survey.questions;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/instant-survey/surveys/${survey.id}/`,
      headers: authHeader(tokens.host),
      payload: { title: 'Renamed', questions: [{ ...first, label: 'Changed label' }], participants: [{ id: survey.participants[0]?.id, name: 'Lisa L.' }] },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as TInstantSurvey;
    expect(updated.title).toBe('Renamed');
    expect(updated.questions).toEqual([{ ...first, label: 'Changed label' }]);
    expect(updated.participants.map((p) => [p.id, p.name])).toEqual([[survey.participants[0]?.id, 'Lisa L.']]);
  });

  it('refuses (409) to change the type of an answered question of a started survey, in the request’s language', async () => {
    const survey = await createSurveyAs(ctx, tokens.host, { title: 'Locked', questions: [{ label: 'Mood?', type: 'mood_select' }, { label: 'Notes?', type: 'freetext' }], participants: [] });
    await startSurveyAs(ctx, tokens.host, survey.id);
    const [mood, notes] = survey.questions;
    if (!mood || !notes) throw new Error('the survey lost its questions');
    const anna = await join(ctx, survey, 'Anna');
    const saved = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(anna.token), payload: { question_id: mood?.id, value: { type: 'mood_select', mood: 'positive' } } });
    expect(saved.statusCode).toBe(200);
    const put = (questions: object[], locale = 'en-US') =>
      ctx.app.inject({ method: 'PUT', url: `/api/instant-survey/surveys/${survey.id}/`, headers: { ...authHeader(tokens.host), 'accept-language': locale }, payload: { title: 'Locked', questions, participants: [] } });
    const refused = await put([{ ...mood, type: 'freetext' }, notes]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'question_type_locked', detail: 'A question that already has answers cannot change its type. Add a new question instead.' });
    expect((await put([{ ...mood, type: 'freetext' }, notes], 'hu-HU')).json().detail).toBe('Egy kérdés típusa nem módosítható, ha már érkezett rá válasz. Helyette adjon hozzá új kérdést.');
    // Nothing of the refused edit was stored; an unanswered question may still change its type.
    const changed = await put([{ ...mood, label: 'Mood today?' }, { ...notes, type: 'mood_select' }]);
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as TInstantSurvey).questions.map((q) => [q.label, q.type])).toEqual([['Mood today?', 'mood_select'], ['Notes?', 'mood_select']]);
  });

  it('GET answers the whole survey to its host', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(tokens.host) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: survey.id, code: survey.code, answers: [], login_codes: [survey.code] });
  });
});

describe('the validation messages of §5', () => {
  it('a missing title, unlabelled questions and too few options, word for word', async () => {
    const res = await post('/api/instant-survey/surveys/', tokens.host, {
      title: ' ',
      questions: [
        { label: 'Fine', type: 'user_select' },
        { label: '', type: 'freetext' },
        { label: 'Groups', type: 'options', options: [{ label: 'Only one' }, { label: ' ' }] },
        { label: '  ', type: 'scaling', options: [] },
      ],
      participants: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_error',
      detail: 'Please check the data you entered.',
      errors: {
        title: ['Please add a title to your survey.'],
        questions: ['Please check questions data.', 'Label is missing for these questions: 2, 4'],
        options: ['Please provide at least two options.', 'Check options for these questions: 3, 4'],
      },
    });
  });

  it('participants: a name is needed, also when an e-mail is given, and the e-mail must be valid', async () => {
    const res = await post('/api/instant-survey/surveys/', tokens.host, {
      title: 'People',
      questions: [{ label: 'Q', type: 'freetext' }],
      participants: [{ name: 'Ok' }, { name: '', email: 'x@acme.test' }, { name: '' }, { name: 'Bad mail', email: 'not-an-email' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      participants: ['Please check participants data.'],
      'participants.1': ['Please provide a name if email is specified.'],
      'participants.2': ['Please provide a name for the participant.'],
      'participants.3': ['Invalid email format.'],
    });
  });

  it('answers in Hungarian when asked', async () => {
    const res = await post('/api/instant-survey/surveys/', tokens.host, { title: '', questions: [{ label: 'Q', type: 'freetext' }] }, 'hu-HU');
    expect(res.json().errors.title).toEqual(['Kérjük, adjon címet a felmérésnek.']);
  });
});

describe('states: pending → started → closed', () => {
  it('starts, closes, and refuses the moves that are not allowed with 409 and the error shape', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const close = () => post(`/api/instant-survey/surveys/${survey.id}/close-survey/`, tokens.host);
    const start = () => post(`/api/instant-survey/surveys/${survey.id}/start-survey/`, tokens.host);
    expect((await close()).json()).toEqual({ code: 'survey_not_started', detail: 'This survey has not started yet.' });
    const started = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ state: 'started', closed: false });
    expect(started.json().started_at).toEqual(expect.any(String));
    const again = await start();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'survey_already_started', detail: 'This survey has already started.' });
    const closed = await close();
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'closed', closed: true, login_codes: [] });
    const restart = await start();
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toEqual({ code: 'survey_closed', detail: 'This survey is closed.' });
    expect((await close()).statusCode).toBe(409);
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(tokens.host), payload: everyTypeSurvey() });
    expect(edit.statusCode).toBe(409);
  });

  it('save and start creates (201) or updates (200) and starts in one call', async () => {
    const created = await post('/api/instant-survey/surveys/start-survey/', tokens.host, everyTypeSurvey('Saved and started'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Saved and started', state: 'started' });
    const pending = await createSurveyAs(ctx, tokens.host);
    const updated = await post('/api/instant-survey/surveys/start-survey/', tokens.host, { ...everyTypeSurvey('Now started'), id: pending.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: pending.id, title: 'Now started', state: 'started' });
    const twice = await post('/api/instant-survey/surveys/start-survey/', tokens.host, { ...everyTypeSurvey(), id: pending.id });
    expect(twice.statusCode).toBe(409);
  });

  it('the code of a closed survey says it has closed, until another open survey takes the code', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    await startSurveyAs(ctx, tokens.host, survey.id);
    await post(`/api/instant-survey/surveys/${survey.id}/close-survey/`, tokens.host);
    const codeLogin = () => ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/login-with-survey-code/', payload: { survey_code: survey.code } });
    // A late participant reads "This survey is closed" on its join page, not "not found".
    const late = await codeLogin();
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ survey: { id: survey.public_id, title: survey.title, state: 'closed', closed: true }, user: null });
    // The code is free again: a new open survey with it is the one the code opens.
    const row = await repo.findSurveyById(ctx.db.db, survey.id);
    const reused = await repo.insertSurvey(ctx.db.db, row?.organizationId ?? 0, null, 'Same code, later', survey.code);
    expect((await codeLogin()).json().survey).toEqual({ id: reused.publicId, title: 'Same code, later', state: 'pending', closed: false });
  });

  it('delete removes the survey with its answers', async () => {
    const survey = await createSurveyAs(ctx, tokens.host);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(tokens.host) });
    expect(res.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(tokens.host) })).statusCode).toBe(404);
  });
});

describe('export and fill-info', () => {
  it('exports the answer table (source, target, mood, intensity, text answer) as an xlsx that exceljs opens', async () => {
    const survey = await createSurveyAs(ctx, tokens.host, { ...everyTypeSurvey('Export: day/1'), participants: [] });
    await startSurveyAs(ctx, tokens.host, survey.id);
    const anna = await join(ctx, survey, 'Anna');
    const bob = await join(ctx, survey, 'Bob');
    const [who, groups, mood, busy, free, points] = survey.questions.map((q) => q.id) as number[];
    const save = (token: string, question_id: number | undefined, value: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/save-answer/`, headers: instantHeader(token), payload: { question_id, value } });
    expect((await save(anna.token, who, { type: 'user_select', selected_users: [bob.id] })).statusCode).toBe(200);
    await save(anna.token, groups, { type: 'options', groups: [{ option_id: 1, users: [anna.id, bob.id] }] });
    await save(anna.token, mood, { type: 'mood_select', mood: 'positive-very' });
    await save(anna.token, busy, { type: 'intensity_select', option_id: 3 });
    await save(anna.token, free, { type: 'freetext', text: 'More coffee' });
    await save(anna.token, points, { type: 'scaling', points: [{ option_id: 1, points: 7 }, { option_id: 2, points: 3 }] });

    const res = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/export/`, headers: authHeader(tokens.host) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="instant-survey-export-day-1.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Answers');
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(rows[0]).toEqual(['Question', 'Source', 'Target', 'Mood', 'Intensity', 'Text answer']);
    expect(rows.slice(1)).toEqual([
      ['Who do you work with?', 'Anna', 'Bob'],
      ['Which team would you join?', 'Anna', 'Anna', undefined, undefined, 'Red'],
      ['Which team would you join?', 'Anna', 'Bob', undefined, undefined, 'Red'],
      ['How do you feel?', 'Anna', undefined, 'Great'],
      ['How busy are you?', 'Anna', undefined, undefined, 3, 'High'],
      ['Anything to add?', 'Anna', undefined, undefined, undefined, 'More coffee'],
      ['Share 10 points', 'Anna', 'Speed', undefined, 7],
      ['Share 10 points', 'Anna', 'Quality', undefined, 3],
    ]);
    expect(workbook.getWorksheet('Participants')?.rowCount).toBe(3);

    const info = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/fill-info/`, headers: authHeader(tokens.host) });
    expect(info.json()).toMatchObject({ state: 'started', participant_count: 2, joined_count: 2, finished_count: 0 });
    expect(info.json().answers_per_question).toHaveLength(6);
    const asParticipant = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.public_id}/fill-info/`, headers: instantHeader(bob.token) });
    expect(asParticipant.statusCode).toBe(200);
  });
});

describe('templates', () => {
  it('serves template groups, their questions and the organisation’s own surveys, translated', async () => {
    const groups = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/templates/groups/', headers: { ...authHeader(tokens.host), 'accept-language': 'hu-HU' } });
    expect(groups.statusCode).toBe(200);
    expect(groups.json()[0]).toMatchObject({ id: 1, name: 'Csapatműhely' });
    expect(groups.json()[0].questions.map((q: { type: string }) => q.type)).toEqual(['user_select', 'options', 'mood_select', 'intensity_select', 'freetext', 'scaling']);
    const questions = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/templates/questions/', headers: authHeader(tokens.host) });
    expect(questions.json().length).toBeGreaterThanOrEqual(12);
    const custom = await ctx.app.inject({ method: 'GET', url: '/api/instant-survey/templates/custom/', headers: authHeader(tokens.host) });
    expect(custom.statusCode).toBe(200);
    expect(custom.json()[0].questions.length).toBeGreaterThan(0);
  });
});
