import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstantSurvey } from '@ona/contracts';
import type { Database } from '@ona/db';
import { isWebClientFile } from '../../app.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { participantOrAddressKey } from './instant-auth.ts';
import { createSurveyAs, instantHeader, join, setUpInstantHosts, startSurveyAs } from './instant-test-kit.ts';
import * as repo from './repository.ts';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof setUpInstantHosts>>;
let started: TInstantSurvey;
beforeAll(async () => {
  ctx = await createTestApp();
  tokens = await setUpInstantHosts(ctx, 'code');
  started = await createSurveyAs(ctx, tokens.host);
  await startSurveyAs(ctx, tokens.host, started.id);
});
afterAll(async () => ctx.close());

let addressCounter = 0;
/** Each test its own client address, so the wrong-code count of one never spills into another. */
const fromAddress = () => `10.1.0.${++addressCounter}`;
const createUser = (surveyId: number, payload: object, remoteAddress: string = fromAddress()) =>
  ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${surveyId}/create-user/`, remoteAddress, headers: { 'accept-language': 'en-US' }, payload });
const anonymousView = (surveyId: number, query = '', remoteAddress: string = fromAddress()) =>
  ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${surveyId}/${query}`, remoteAddress, headers: { 'accept-language': 'en-US' } });
/** A code of the right shape that is not this survey's. */
const otherCodeThan = (code: string) => (code === 'ZZZZZZZZZ' ? 'YYYYYYYYY' : 'ZZZZZZZZZ');

describe('joining with the survey code or from its link', () => {
  it('create-user takes {name, email?} as DECISIONS.md fixes it (the survey\'s link), and refuses a code that is not the survey\'s (404 survey_not_found)', async () => {
    expect((await createUser(started.id, { name: 'From the link' })).statusCode).toBe(201);
    expect((await createUser(999_999, { name: 'Nowhere' })).statusCode).toBe(404);
    const wrong = await createUser(started.id, { name: 'Guesser', survey_code: otherCodeThan(started.code) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ code: 'survey_not_found', detail: 'There is no open survey with this code.', errors: { survey_code: ['There is no open survey with this code.'] } });
    // Another open survey's code does not open this one either.
    const other = await createSurveyAs(ctx, tokens.host);
    expect((await createUser(started.id, { name: 'Crossed', survey_code: other.code })).statusCode).toBe(404);
    expect((await createUser(started.id, { name: 'Right', survey_code: ` ${started.code.toLowerCase()} ` })).statusCode).toBe(201);
  });

  it('an anonymous GET answers the participant\'s view from the link, and 404 survey_not_found for a wrong ?code=', async () => {
    expect((await anonymousView(started.id)).json()).toEqual({ id: started.id, title: started.title, state: 'started', closed: false });
    const wrongCode = await anonymousView(started.id, `?code=${otherCodeThan(started.code)}`);
    expect([wrongCode.statusCode, wrongCode.json().code]).toEqual([404, 'survey_not_found']);
    expect((await anonymousView(999_999, `?code=${started.code}`)).statusCode).toBe(404);
    const res = await anonymousView(started.id, `?code=${started.code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: started.id, title: started.title, state: 'started', closed: false });
  });

  it('a participant’s own token or the host’s login token still open the survey without a code', async () => {
    const me = await join(ctx, started, 'Tokened');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: instantHeader(me.token) })).json().user.id).toBe(me.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: authHeader(tokens.host) })).json().code).toBe(started.code);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: authHeader(tokens.otherHost) })).statusCode).toBe(404);
  });

  it('wrong codes on create-user and on the join page count as guesses: the 21st try answers 429, even with the right code', async () => {
    const address = '192.0.2.201';
    for (let i = 0; i < 10; i++) expect((await createUser(started.id, { name: 'G', survey_code: `GUESS${String(i).padStart(4, '0')}` }, address)).statusCode).toBe(404);
    for (let i = 0; i < 10; i++) expect((await anonymousView(started.id, `?code=PEEK${String(i).padStart(5, '0')}`, address)).statusCode).toBe(404);
    const blocked = await createUser(started.id, { name: 'G', survey_code: started.code }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_requests');
    expect((await anonymousView(started.id, `?code=${started.code}`, address)).statusCode).toBe(429);
  });
});

describe('a room of phones behind one address', () => {
  it('320 people join from one address and keep loading the survey with their tokens, beyond the global 600 a minute', async () => {
    const room = await createSurveyAs(ctx, tokens.host, { title: 'Big room', questions: [{ label: 'Q', type: 'freetext' }], participants: [] });
    await startSurveyAs(ctx, tokens.host, room.id);
    const address = '203.0.113.9';
    const codeLogin = await ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/login-with-survey-code/', remoteAddress: address, payload: { survey_code: room.code } });
    expect(codeLogin.statusCode).toBe(200);
    const joined: { token: string }[] = [];
    for (let i = 0; i < 320; i++) {
      expect((await anonymousView(room.id, `?code=${room.code}`, address)).statusCode).toBe(200);
      const res = await createUser(room.id, { name: `Phone ${i}`, survey_code: room.code }, address);
      expect(res.statusCode).toBe(201);
      joined.push(res.json() as { token: string });
    }
    const statuses = new Set<number>();
    for (const phone of joined) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${room.id}/fill-info/`, remoteAddress: address, headers: instantHeader(phone.token) });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('the web client’s files are not rate-limited: 700 loads from one address all succeed', async () => {
    const dist = mkdtempSync(joinPath(tmpdir(), 'ona-web-dist-'));
    mkdirSync(joinPath(dist, 'assets'));
    writeFileSync(joinPath(dist, 'index.html'), '<!doctype html><title>ONA</title>');
    writeFileSync(joinPath(dist, 'assets', 'app.js'), 'console.log(1);');
    const withClient = await createTestApp({ webDistDir: dist });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 700; i++) statuses.add((await withClient.app.inject({ method: 'GET', url: '/assets/app.js', remoteAddress: '203.0.113.11' })).statusCode);
      expect([...statuses]).toEqual([200]);
      // The API and the live sockets keep their limits.
      expect([isWebClientFile('GET', '/api/instant-survey/surveys/'), isWebClientFile('GET', '/ws/instant-survey/1/'), isWebClientFile('POST', '/x')]).toEqual([false, false, false]);
    } finally {
      await withClient.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('200 live-socket connections a minute from one address are not throttled', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      // Without an upgrade the socket route answers at once, after the rate limit has counted the call.
      const res = await ctx.app.inject({ method: 'GET', url: `/ws/instant-survey/${started.id}/`, remoteAddress: '203.0.113.10' });
      statuses.add(res.statusCode);
    }
    expect(statuses.has(429)).toBe(false);
  });

  it('only a valid instant token gets a bucket of its own; a made-up one counts against its address', async () => {
    const me = await join(ctx, started, 'Keyed');
    const request = (authorization: string) => ({ headers: { authorization }, ip: '198.51.100.7' }) as unknown as FastifyRequest;
    expect(await participantOrAddressKey(ctx.app, request(`InstantToken ${me.token}`))).toBe(`instant-participant:${me.id}`);
    expect(await participantOrAddressKey(ctx.app, request('InstantToken made-up'))).toBe('address:198.51.100.7');
    expect(await participantOrAddressKey(ctx.app, request(`Token ${tokens.host}`))).toBe('address:198.51.100.7');
  });
});

describe('survey codes', () => {
  it('a code clash inside the create transaction draws again in a savepoint, and the transaction still commits', async () => {
    const organizationId = (await repo.findSurveyById(ctx.db.db, started.id))?.organizationId ?? 0;
    const draws = [started.code, 'FRESH0001'];
    const created = await ctx.db.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const row = await repo.insertSurvey(tx, organizationId, null, 'Clash', undefined, () => draws.shift() ?? 'FRESH0002');
      // The transaction must still be usable after the failed attempt.
      await repo.updateSurveyTitle(tx, row.id, 'Clash, drawn again');
      return row;
    });
    expect(created.code).toBe('FRESH0001');
    expect((await repo.findSurveyById(ctx.db.db, created.id))?.title).toBe('Clash, drawn again');
  });
});
