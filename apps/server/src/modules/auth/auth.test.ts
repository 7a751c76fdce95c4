import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { decodeQuotedPrintable, startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { buildApp } from '../../app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { hashSecretToken } from './secret-token.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'http://app.test' });
  const org = await createOrganization(ctx.db.db, 'Acme');
  await createUser(ctx.db.db, { email: 'anna@acme.test', name: 'Anna', organizationIds: [org.id], permissions: ['engagement_admin'] });
  await createUser(ctx.db.db, { email: 'locked@acme.test', organizationIds: [org.id] });
  await createUser(ctx.db.db, { email: 'reset@acme.test', name: 'Rita', organizationIds: [org.id] });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('POST /api/auth/login/', () => {
  it('answers a token and the profile for the right password, case-insensitive e-mail', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'ANNA@acme.test', password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: 'anna@acme.test', name: 'Anna', permissions: ['engagement_admin'], organization: { name: 'Acme' } });
  });

  it('stores only the hash of the token', async () => {
    const token = await loginAs(ctx.app, 'anna@acme.test', FIXTURE_PASSWORD);
    const rows = await ctx.db.db.select().from(tables.authTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashSecretToken(token))).toBe(true);
  });

  it('refuses a wrong password with 400 invalid_credentials in the request language', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'accept-language': 'hu-HU' }, payload: { email: 'anna@acme.test', password: 'nope-nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_credentials', detail: 'Hibás e-mail-cím vagy jelszó.' });
  });

  it('answers 429 after five failed logins for one e-mail within 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'locked@acme.test', password: 'wrong-password' } });
      expect(res.statusCode).toBe(400);
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'locked@acme.test', password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too_many_requests');
  });

  it('checks exactly five of 50 parallel wrong passwords for one e-mail; the other 45 answer 429', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ctx.app.inject({ method: 'POST', url: '/api/auth/login/', remoteAddress: `198.51.100.${i + 1}`, payload: { email: 'burst@acme.test', password: `guess-${i}` } })),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it('does not count a right password as a failure: four wrong, one right, then five more wrong are all checked', async () => {
    const attempt = (password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'anna@acme.test', password } });
    await ctx.db.db.delete(tables.loginFailures).where(eq(tables.loginFailures.email, 'anna@acme.test'));
    for (let i = 0; i < 4; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    expect((await attempt(FIXTURE_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-again-${i}`)).statusCode).toBe(400);
    expect((await attempt(FIXTURE_PASSWORD)).statusCode).toBe(429);
    await ctx.db.db.delete(tables.loginFailures).where(eq(tables.loginFailures.email, 'anna@acme.test'));
  });

  it('names the missing fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'accept-language': 'en-US' }, payload: { email: 'anna@acme.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_error', detail: 'Please check the data you entered.', errors: { password: ['This field is required.'] } });
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the token at once', async () => {
    const token = await loginAs(ctx.app, 'anna@acme.test', FIXTURE_PASSWORD);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_token');
  });
});

describe('tokens', () => {
  it('expire once unused for longer than the idle time (8 hours by default; modules/sessions has the rest)', async () => {
    const token = await loginAs(ctx.app, 'anna@acme.test', FIXTURE_PASSWORD);
    await ctx.db.db.update(tables.authTokens).set({ lastUsedAt: new Date(Date.now() - 8 * 3600 * 1000 - 60_000) }).where(eq(tables.authTokens.tokenHash, hashSecretToken(token)));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: { ...authHeader(token), 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'session_expired', detail: 'Your session has ended. Please sign in again.' });
  });

  it('a missing or malformed Authorization header answers 401 not_authenticated', async () => {
    for (const headers of [{}, { authorization: 'Bearer x' }, { authorization: 'Token' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authenticated');
    }
  });
});

describe('password reset', () => {
  it('mails a one-time link through SMTP that sets a new password once, within 24 hours', async () => {
    const ask = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', headers: { 'accept-language': 'en-US' }, payload: { email: 'reset@acme.test' } });
    expect(ask.statusCode).toBe(200);
    const mail = await smtp.waitFor('reset@acme.test');
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Set a new password');
    const link = /http:\/\/app\.test\/auth\/confirm-reset-password\.html\?uid=(\d+)&token=([A-Za-z0-9_%-]+)/.exec(text);
    expect(link).not.toBeNull();
    const uid = link?.[1] ?? '';
    const token = decodeURIComponent(link?.[2] ?? '');

    const mismatch = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid, token, new_password1: 'new-password-1', new_password2: 'new-password-2' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.new_password2).toEqual(['The two passwords do not match.']);

    const short = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid, token, new_password1: 'short', new_password2: 'short' } });
    expect(short.json().errors.new_password1).toEqual(['The password must be at least 8 characters long.']);

    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid, token, new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toBe('Successful password reset');
    await loginAs(ctx.app, 'reset@acme.test', 'brand-new-pass');

    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid, token, new_password1: 'another-pass', new_password2: 'another-pass' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_reset_link');
  });

  it('sends an instant-survey admin to the instant tool\'s own reset page', async () => {
    await createUser(ctx.db.db, { email: 'host@acme.test', name: 'Hanna', organizationIds: [] });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: 'host@acme.test', origin: 'instant_survey' } });
    const text = decodeQuotedPrintable((await smtp.waitFor('host@acme.test')).raw);
    expect(text).toMatch(/http:\/\/app\.test\/instant-surveys\/password-reset\.html\?uid=\d+&token=/);
  });

  it('queues at most three reset e-mails an hour for one account, however many addresses ask, and answers an unknown account identically', async () => {
    await createUser(ctx.db.db, { email: 'bombed@acme.test', name: 'Bea', organizationIds: [(await ctx.db.db.select().from(tables.organizations).limit(1))[0]?.id ?? 0] });
    const ask = (email: string, i: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', remoteAddress: `192.0.2.${100 + i}`, headers: { 'accept-language': 'en-US' }, payload: { email } });
    const known = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(i % 2 ? 'BOMBED@acme.test' : 'bombed@acme.test', i)));
    const unknown = await Promise.all(Array.from({ length: 12 }, (_, i) => ask('nobody-here@acme.test', 20 + i)));
    for (const res of [...known, ...unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(known[0]?.json());
    }
    const user = (await ctx.db.db.select().from(tables.users).where(eq(tables.users.email, 'bombed@acme.test')))[0];
    // One reset link per e-mail queued (the link is recorded before its e-mail is).
    const links = await ctx.db.db.select().from(tables.passwordResets).where(eq(tables.passwordResets.userId, user?.id ?? 0));
    expect(links).toHaveLength(3);
  });

  it('answers the 11th reset request from one address within 15 minutes with 429 in the error shape, in the request\'s language', async () => {
    const ask = () => ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', remoteAddress: '203.0.113.9', headers: { 'accept-language': 'hu-HU' }, payload: { email: 'nobody-at-all@acme.test' } });
    for (let i = 0; i < 10; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'too_many_requests', detail: expect.any(String) });
    const english = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', remoteAddress: '203.0.113.9', headers: { 'accept-language': 'en-US' }, payload: { email: 'nobody-at-all@acme.test' } });
    expect(limited.json().detail).not.toBe(english.json().detail);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await ctx.app.mailer.settled();
    const before = (await ctx.db.db.select().from(tables.emailOutbox)).length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: 'ghost@acme.test' } });
    expect(res.statusCode).toBe(200);
    await ctx.app.mailer.settled();
    expect((await ctx.db.db.select().from(tables.emailOutbox)).length).toBe(before);
  });

  it('refuses an expired link', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/', payload: { email: 'anna@acme.test' } });
    const mail = await smtp.waitFor('anna@acme.test');
    const link = /uid=(\d+)&token=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(mail.raw));
    await ctx.db.db.update(tables.passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid: link?.[1], token: decodeURIComponent(link?.[2] ?? ''), new_password1: 'brand-new-pass', new_password2: 'brand-new-pass' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_reset_link');
  });
});

describe('reset links without PUBLIC_URL', () => {
  it('never point at the host a requester names, only at the server itself', async () => {
    const db = await createTestDatabase();
    const app = await buildApp({ db, settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: undefined, REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
    try {
      await createUser(db.db, { email: 'victim@acme.test', name: 'Vera', organizationIds: [] });
      const res = await app.inject({ method: 'POST', url: '/api/auth/password/reset/', headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' }, payload: { email: 'victim@acme.test' } });
      expect(res.statusCode).toBe(200);
      const text = decodeQuotedPrintable((await smtp.waitFor('victim@acme.test')).raw);
      expect(text).not.toContain('attacker.example');
      expect(text).toMatch(/http:\/\/127\.0\.0\.1(:\d+)?\/auth\/confirm-reset-password\.html\?uid=/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
