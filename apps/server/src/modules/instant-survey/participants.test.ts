import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import type { TInstantSurvey } from '@ona/contracts';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let tokens: Awaited<ReturnType<typeof setUpInstantHosts>>;
let started: TInstantSurvey;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'http://app.test' });
  tokens = await setUpInstantHosts(ctx);
  started = await createSurveyAs(ctx, tokens.host);
  await startSurveyAs(ctx, tokens.host, started.id);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let addressCounter = 0;
/** Each test its own client address, so the per-address code limit of one never spills into another. */
const fromAddress = () => `10.0.0.${++addressCounter}`;
const codeLogin = (survey_code: string, remoteAddress: string = fromAddress(), headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/login-with-survey-code/', remoteAddress, headers: { 'accept-language': 'en-US', ...headers }, payload: { survey_code } });
const save = (surveyId: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${surveyId}/save-answer/`, headers: { ...instantHeader(token), 'accept-language': 'en-US' }, payload });
const question = (survey: TInstantSurvey, type: string) => {
  const found = survey.questions.find((q) => q.type === type);
  if (!found) throw new Error(type);
  return found;
};

describe('login-with-survey-code', () => {
  it('finds the open survey by its code in any letter case and answers the survey (title, state)', async () => {
    const res = await codeLogin(` ${started.code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ survey: { id: started.public_id, title: started.title, state: 'started', closed: false }, user: null });
  });

  it('checks the code with the §5 messages', async () => {
    expect((await codeLogin('ABC')).json()).toEqual({ code: 'invalid_survey_code', detail: 'Survey code is a 9-character-long string.', errors: { survey_code: ['Survey code is a 9-character-long string.'] } });
    expect((await codeLogin('ABCD-1234')).json().detail).toBe("Survey code can't have special characters.");
    expect((await codeLogin('')).json().detail).toBe('This field is required.');
    const unknown = await codeLogin('ZZZZZZZZ9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('survey_not_found');
  });

  it('answers 429 after 20 wrong codes from one address within 15 minutes, even for the right code', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 20; i++) expect((await codeLogin(`WRONG${String(i).padStart(4, '0')}`, address)).statusCode).toBe(404);
    const blocked = await codeLogin(started.code, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'too_many_requests', detail: 'Too many wrong survey codes. Please wait 15 minutes and try again.' });
    expect((await codeLogin(started.code, '192.0.2.78')).statusCode).toBe(200);
  });

  it('counts wrong codes by the connecting address: a made-up X-Forwarded-For does not reset the count', async () => {
    const address = '192.0.2.90';
    for (let i = 0; i < 20; i++) expect((await codeLogin(`FORGED${String(i).padStart(3, '0')}`, address, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(404);
    expect((await codeLogin(started.code, address, { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
  });
});

describe('create-user', () => {
  it('answers 201 {id, name, token, survey}; the token is stored only as a hash; the participant sees their view', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${started.public_id}/create-user/`, payload: { name: '  Petra  ', survey_code: started.code.toLowerCase() } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), name: 'Petra', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), survey: started.public_id });
    const stored = await ctx.db.db.select().from(tables.instantParticipantTokens).where(eq(tables.instantParticipantTokens.participantId, body.id));
    expect(stored.map((t) => t.tokenHash)).toEqual([hashSecretToken(body.token)]);

    const view = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.public_id}/`, headers: instantHeader(body.token) });
    expect(view.statusCode).toBe(200);
    expect(view.json().user).toEqual({ id: body.id, name: 'Petra', survey: started.public_id, current_question_index: 0, finished: false });
    expect(view.json().questions).toHaveLength(6);
    expect(view.json().participants).toContainEqual({ id: body.id, name: 'Petra' });
    expect(view.json().participants[0]).not.toHaveProperty('email');
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.public_id}/?code=${started.code}` });
    expect(anonymous.json()).toEqual({ id: started.public_id, title: started.title, state: 'started', closed: false });
  });

  it('needs a name', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${started.public_id}/create-user/`, headers: { 'accept-language': 'en-US' }, payload: { name: ' ', survey_code: started.code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: ['This field is required.'] });
  });

  it('a closed survey takes nobody new (409); a pending one does (they wait)', async () => {
    const pending = await createSurveyAs(ctx, tokens.host);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${pending.public_id}/create-user/`, payload: { name: 'Early', survey_code: pending.code } })).statusCode).toBe(201);
    await startSurveyAs(ctx, tokens.host, pending.id);
    await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${pending.id}/close-survey/`, headers: authHeader(tokens.host) });
    const late = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${pending.public_id}/create-user/`, payload: { name: 'Late', survey_code: pending.code } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('survey_closed');
  });
});

describe('save-answer', () => {
  it('saves every question type and a retry replaces the answer instead of counting twice', async () => {
    const me = await join(ctx, started, 'Marta');
    const you = await join(ctx, started, 'Yusuf');
    const cases: [string, object][] = [
      ['user_select', { type: 'user_select', selected_users: [you.id, started.participants[0]?.id] }],
      ['options', { type: 'options', groups: [{ option_id: 1, users: [me.id] }, { option_id: 2, users: [you.id] }] }],
      ['mood_select', { type: 'mood_select', mood: 'negative-very' }],
      ['intensity_select', { type: 'intensity_select', option_id: 2 }],
      ['freetext', { type: 'freetext', text: 'Hello' }],
      ['scaling', { type: 'scaling', points: [{ option_id: 1, points: 4 }, { option_id: 2, points: 6 }] }],
    ];
    for (const [index, [type, value]] of cases.entries()) {
      const res = await save(started.public_id, me.token, { question_id: question(started, type).id, value, current_question_index: index + 1, finished: index === cases.length - 1 });
      expect([type, res.statusCode, res.json().created]).toEqual([type, 200, true]);
    }
    const retry = await save(started.public_id, me.token, { question_id: question(started, 'freetext').id, value: { type: 'freetext', text: 'Hello again' } });
    expect(retry.json().created).toBe(false);
    const survey = (await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: authHeader(tokens.host) })).json() as TInstantSurvey;
    const mine = survey.answers.filter((a) => a.participant_id === me.id);
    expect(mine).toHaveLength(6);
    expect(mine.find((a) => a.question_id === question(started, 'freetext').id)?.value).toEqual({ type: 'freetext', text: 'Hello again' });
    expect(survey.participants.find((p) => p.id === me.id)).toMatchObject({ finished: true, current_question_index: 6, joined: true });
  });

  it('refuses answers that do not fit the question', async () => {
    const me = await join(ctx, started, 'Checker');
    const refused = async (type: string, value: object) => (await save(started.public_id, me.token, { question_id: question(started, type).id, value })).json();
    expect((await refused('user_select', { type: 'freetext', text: 'x' })).detail).toBe('The answer does not fit the type of this question.');
    expect((await refused('user_select', { type: 'user_select', selected_users: [me.id] })).detail).toBe('You cannot choose yourself.');
    expect((await refused('user_select', { type: 'user_select', selected_users: [999999] })).detail).toBe('Choose only participants of this survey.');
    expect((await refused('options', { type: 'options', groups: [{ option_id: 1, users: [me.id] }, { option_id: 2, users: [me.id] }] })).detail).toBe('A person may be placed in one group only.');
    expect((await refused('intensity_select', { type: 'intensity_select', option_id: 42 })).detail).toBe('Choose one of the question\'s options.');
    expect((await refused('scaling', { type: 'scaling', points: [{ option_id: 1, points: 11 }] })).detail).toBe('You distributed more points than available.');
  });

  it('a pending or a closed survey answers 409; another survey’s token 403; a bad token 401', async () => {
    const pending = await createSurveyAs(ctx, tokens.host);
    const waiting = await join(ctx, pending, 'Waiting');
    const early = await save(pending.public_id, waiting.token, { question_id: question(pending, 'freetext').id, value: { type: 'freetext', text: 'too early' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'survey_not_started', detail: 'This survey has not started yet.' });

    const member = await join(ctx, started, 'Other');
    const cross = await save(pending.public_id, member.token, { question_id: question(pending, 'freetext').id, value: { type: 'freetext', text: 'x' } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ code: 'other_survey_token', detail: 'This sign-in belongs to another survey.' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${pending.public_id}/`, headers: instantHeader(member.token) })).statusCode).toBe(403);

    const forged = await save(started.public_id, 'not-a-real-token', { question_id: question(started, 'freetext').id, value: { type: 'freetext', text: 'x' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_token');

    await startSurveyAs(ctx, tokens.host, pending.id);
    await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${pending.id}/close-survey/`, headers: authHeader(tokens.host) });
    const late = await save(pending.public_id, waiting.token, { question_id: question(pending, 'freetext').id, value: { type: 'freetext', text: 'too late' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'survey_closed', detail: 'This survey is closed.' });
  });

  it('finish is recorded when the last question is left unanswered, and the participant reads it back', async () => {
    const me = await join(ctx, started, 'Skipper');
    const finish = (token: string, surveyId = started.public_id) =>
      ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${surveyId}/finish/`, headers: { ...instantHeader(token), 'accept-language': 'en-US' }, payload: { current_question_index: 5 } });
    const res = await finish(me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: me.id, name: 'Skipper', survey: started.public_id, current_question_index: 5, finished: true });
    const view = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.public_id}/`, headers: instantHeader(me.token) });
    expect(view.json().user).toMatchObject({ finished: true, current_question_index: 5 });
    const info = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/fill-info/`, headers: authHeader(tokens.host) });
    expect(info.json().finished_count).toBeGreaterThanOrEqual(1);

    const pending = await createSurveyAs(ctx, tokens.host);
    const early = await join(ctx, pending, 'Early finisher');
    expect((await finish(early.token, pending.public_id)).json()).toEqual({ code: 'survey_not_started', detail: 'This survey has not started yet.' });
    expect((await finish(me.token, pending.public_id)).statusCode).toBe(403);
  });

  it('concurrent retries of one save store one answer', async () => {
    const me = await join(ctx, started, 'Racer');
    const payload = { question_id: question(started, 'mood_select').id, value: { type: 'mood_select', mood: 'positive' } };
    const results = await Promise.all(Array.from({ length: 5 }, () => save(started.public_id, me.token, payload)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await ctx.db.db.select().from(tables.instantSurveyAnswers).where(eq(tables.instantSurveyAnswers.participantId, me.id));
    expect(rows).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('e-mails every participant with an address a personal link that signs them in', async () => {
    const survey = await createSurveyAs(ctx, tokens.host, {
      title: 'Invited',
      questions: [{ label: 'Q', type: 'freetext' }],
      participants: [{ name: 'Ivy', email: 'ivy@acme.test' }, { name: 'Ian', email: 'ian@acme.test' }, { name: 'No mail' }],
    });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.id}/send-invitation-emails/`, headers: { ...authHeader(tokens.host), 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Invitation sent.', sent: 2 });
    const mail = decodeQuotedPrintable((await smtp.waitFor('ivy@acme.test')).raw);
    expect(mail).toContain('Invitation: Invited');
    expect(mail).toContain(survey.code);
    const link = /http:\/\/app\.test\/instant-surveys\/take-survey\/([0-9a-f-]{36})\.html\?token=([A-Za-z0-9_-]+)/.exec(mail);
    // The link names the survey by its public id, never by the sequential one.
    expect(link?.[1]).toBe(survey.public_id);
    // Should the token ever be refused, the page can still offer to join: that needs the code.
    expect(mail).toContain(`take-survey/${survey.public_id}.html?token=${link?.[2]}&code=${survey.code}`);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.public_id}/`, headers: instantHeader(link?.[2] ?? '') });
    expect(view.json().user.name).toBe('Ivy');
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${survey.id}/`, headers: authHeader(tokens.host) })).json() as TInstantSurvey;
    expect(after.participants.find((p) => p.name === 'Ivy')).toMatchObject({ joined: true, invited_at: expect.any(String) });
  });

  it('sends one invitation; a participant without an e-mail answers 400', async () => {
    const survey = await createSurveyAs(ctx, tokens.host, { title: 'Single', questions: [{ label: 'Q', type: 'freetext' }], participants: [{ name: 'Sue', email: 'sue@acme.test' }, { name: 'Nomail' }] });
    const sue = survey.participants[0]?.id;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.id}/send-single-invitation/`, headers: { ...authHeader(tokens.host), 'accept-language': 'hu-HU' }, payload: { participant_id: sue } });
    expect(res.json()).toEqual({ detail: 'Meghívó elküldve.', sent: 1 });
    await smtp.waitFor('sue@acme.test');
    const none = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.id}/send-single-invitation/`, headers: authHeader(tokens.host), payload: { participant_id: survey.participants[1]?.id } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('no_email');
  });
});

describe('invitation links where the instant-survey tool has a host of its own', () => {
  it('point at INSTANT_SURVEY_URL, whose host serves the tool at its root', async () => {
    const own = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://app.example.com', instantSurveyUrl: 'https://instant-survey.example.com/' });
    try {
      const hosts = await setUpInstantHosts(own);
      const survey = await createSurveyAs(own, hosts.host, { title: 'Own host', questions: [{ label: 'Q', type: 'freetext' }], participants: [{ name: 'Olga', email: 'olga@own-host.test' }] });
      const res = await own.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.id}/send-invitation-emails/`, headers: authHeader(hosts.host) });
      expect(res.statusCode).toBe(200);
      const mail = decodeQuotedPrintable((await smtp.waitFor('olga@own-host.test')).raw);
      expect(mail).toMatch(new RegExp(`https://instant-survey\\.example\\.com/take-survey/${survey.public_id}\\.html\\?token=[A-Za-z0-9_-]+&code=${survey.code}`));
      expect(mail).not.toContain('/instant-surveys/');
      expect(mail).not.toContain('app.example.com');
    } finally {
      await own.close();
    }
  });
});
