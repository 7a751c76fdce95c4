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
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
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
const createUser = (surveyId: string | number, payload: object, remoteAddress: string = fromAddress()) =>
  ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${surveyId}/create-user/`, remoteAddress, headers: { 'accept-language': 'en-US' }, payload });
const anonymousView = (surveyId: string | number, query = '', remoteAddress: string = fromAddress()) =>
  ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${surveyId}/${query}`, remoteAddress, headers: { 'accept-language': 'en-US' } });
/** A code of the right shape that is not this survey's. */
const otherCodeThan = (code: string) => (code === 'ZZZZZZZZZ' ? 'YYYYYYYYY' : 'ZZZZZZZZZ');
const notFoundBody = { code: 'survey_not_found', detail: 'There is no open survey with this code.', errors: { survey_code: ['There is no open survey with this code.'] } };

describe('joining only with the survey code or an invitation', () => {
  it('a join by the sequential id without the code answers 404, and so does the public id without a code or with a wrong one', async () => {
    const bySequentialId = await createUser(started.id, { name: 'Walk-in' });
    expect([bySequentialId.statusCode, bySequentialId.json().code]).toEqual([404, 'survey_not_found']);
    expect((await createUser(started.id, { name: 'Walk-in', survey_code: started.code })).statusCode).toBe(404);
    const noCode = await createUser(started.public_id, { name: 'No code' });
    expect([noCode.statusCode, noCode.json()]).toEqual([404, notFoundBody]);
    expect((await createUser(started.public_id, { name: 'Blank', survey_code: '  ' })).statusCode).toBe(404);
    const wrong = await createUser(started.public_id, { name: 'Guesser', survey_code: otherCodeThan(started.code) });
    expect([wrong.statusCode, wrong.json()]).toEqual([404, notFoundBody]);
    // Another open survey's code does not open this one either.
    const other = await createSurveyAs(ctx, tokens.host);
    expect((await createUser(started.public_id, { name: 'Crossed', survey_code: other.code })).statusCode).toBe(404);
    expect((await createUser('00000000-0000-4000-8000-000000000000', { name: 'Nowhere', survey_code: started.code })).statusCode).toBe(404);
    const right = await createUser(started.public_id, { name: 'Right', survey_code: ` ${started.code.toLowerCase()} ` });
    expect(right.statusCode).toBe(201);
    expect(right.json().survey).toBe(started.public_id);
  });

  it('an invitation token of this survey admits instead of the code; another survey’s does not', async () => {
    const other = await createSurveyAs(ctx, tokens.host);
    const [mine, theirs] = [newSecretToken(), newSecretToken()];
    await repo.addParticipantToken(ctx.db.db, started.participants[0]?.id ?? 0, started.id, hashSecretToken(mine));
    await repo.addParticipantToken(ctx.db.db, other.participants[0]?.id ?? 0, other.id, hashSecretToken(theirs));
    expect((await createUser(started.public_id, { name: 'Invited', invitation_token: mine })).statusCode).toBe(201);
    expect((await createUser(started.public_id, { name: 'Borrowed', invitation_token: theirs })).statusCode).toBe(404);
    expect((await createUser(started.public_id, { name: 'Forged', invitation_token: 'made-up' })).statusCode).toBe(404);
  });

  it('public ids are random UUIDs, one per survey, and the host sees them', async () => {
    const [a, b] = [await createSurveyAs(ctx, tokens.host), await createSurveyAs(ctx, tokens.host)];
    for (const survey of [a, b, started]) expect(survey.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([a.public_id, b.public_id, started.public_id]).size).toBe(3);
  });

  it('an anonymous GET needs the public id and the code: without a code or with a wrong one 404, by the sequential id 404', async () => {
    expect((await anonymousView(started.public_id)).statusCode).toBe(404);
    const wrongCode = await anonymousView(started.public_id, `?code=${otherCodeThan(started.code)}`);
    expect([wrongCode.statusCode, wrongCode.json().code]).toEqual([404, 'survey_not_found']);
    expect((await anonymousView(started.id, `?code=${started.code}`)).statusCode).toBe(404);
    const res = await anonymousView(started.public_id, `?code=${started.code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: started.public_id, title: started.title, state: 'started', closed: false });
  });

  it('a participant’s own token or the host’s login token still open the survey without a code; a participant token works for its own survey only', async () => {
    const me = await join(ctx, started, 'Tokened');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.public_id}/`, headers: instantHeader(me.token) })).json().user.id).toBe(me.id);
    // The participant's token at the sequential id: not found.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: instantHeader(me.token) })).statusCode).toBe(404);
    const other = await createSurveyAs(ctx, tokens.host);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${other.public_id}/fill-info/`, headers: instantHeader(me.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: authHeader(tokens.host) })).json().code).toBe(started.code);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${started.id}/`, headers: authHeader(tokens.otherHost) })).statusCode).toBe(404);
  });

  it('wrong codes on create-user and on the join page count as guesses: the 21st try answers 429, even with the right code', async () => {
    const address = '192.0.2.201';
    for (let i = 0; i < 10; i++) expect((await createUser(started.public_id, { name: 'G', survey_code: `GUESS${String(i).padStart(4, '0')}` }, address)).statusCode).toBe(404);
    for (let i = 0; i < 10; i++) expect((await anonymousView(started.public_id, `?code=PEEK${String(i).padStart(5, '0')}`, address)).statusCode).toBe(404);
    const blocked = await createUser(started.public_id, { name: 'G', survey_code: started.code }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_requests');
    expect((await anonymousView(started.public_id, `?code=${started.code}`, address)).statusCode).toBe(429);
  });

  it('checks exactly 20 of 50 parallel wrong codes from one address (404); the other 30 answer 429', async () => {
    const address = '192.0.2.202';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/login-with-survey-code/', remoteAddress: address, payload: { survey_code: `PAR${String(i).padStart(6, '0')}` } }),
      ),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('does not count the right code as a guess: a room that joins with it is never locked out', async () => {
    const address = '192.0.2.203';
    for (let i = 0; i < 25; i++) expect((await createUser(started.public_id, { name: `Right ${i}`, survey_code: started.code }, address)).statusCode).toBe(201);
    for (let i = 0; i < 19; i++) expect((await createUser(started.public_id, { name: 'G', survey_code: `WRONG${String(i).padStart(4, '0')}` }, address)).statusCode).toBe(404);
    expect((await createUser(started.public_id, { name: 'Still in', survey_code: started.code }, address)).statusCode).toBe(201);
  });
});

// These tests send hundreds of requests one after another: on a loaded machine that outlasts the
// default 60 s, which says nothing about the limits they check, so they get a person's patience.
const MANY_REQUESTS_TIMEOUT = 600_000;

describe('a room of phones behind one address', () => {
  it('320 people join from one address and keep loading the survey with their tokens, beyond the global 600 a minute', async () => {
    const room = await createSurveyAs(ctx, tokens.host, { title: 'Big room', questions: [{ label: 'Q', type: 'freetext' }], participants: [] });
    await startSurveyAs(ctx, tokens.host, room.id);
    const address = '203.0.113.9';
    const codeLogin = await ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/login-with-survey-code/', remoteAddress: address, payload: { survey_code: room.code } });
    expect(codeLogin.statusCode).toBe(200);
    const joined: { token: string }[] = [];
    for (let i = 0; i < 320; i++) {
      expect((await anonymousView(room.public_id, `?code=${room.code}`, address)).statusCode).toBe(200);
      const res = await createUser(room.public_id, { name: `Phone ${i}`, survey_code: room.code }, address);
      expect(res.statusCode).toBe(201);
      joined.push(res.json() as { token: string });
    }
    const statuses = new Set<number>();
    for (const phone of joined) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/instant-survey/surveys/${room.public_id}/fill-info/`, remoteAddress: address, headers: instantHeader(phone.token) });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  }, MANY_REQUESTS_TIMEOUT);

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
  }, MANY_REQUESTS_TIMEOUT);

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
