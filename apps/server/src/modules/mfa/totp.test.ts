import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { eq, tables } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

/**
 * TOTP (RFC 6238): enrolment with a QR code and a confirming code, sign-in with the code after the
 * password, a code never accepted twice, wrong codes limited like passwords, recovery codes that
 * work once, and the organisation's policy leading a user without a second factor through
 * enrolment. Codes are computed here with the same library, at the app's clock, which the tests move.
 */
let db: TestDatabase;
let app: App;
let now = new Date('2026-03-02T08:00:00Z');
let orgId: number;
let people = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, clock: () => now });
  await app.ready();
  orgId = (await createOrganization(db.db, 'Totpia')).id;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const nextStep = () => {
  now = new Date(now.getTime() + 30_000);
};
const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const login = (email: string, password = FIXTURE_PASSWORD) => app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
const answer = (pendingToken: string, code: string) => app.inject({ method: 'POST', url: '/api/auth/login/second-factor/', payload: { pending_token: pendingToken, code } });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });

async function newMember(organizationId = orgId, permissions: string[] = []): Promise<{ id: number; email: string }> {
  people += 1;
  const email = `person${people}@totpia.test`;
  const user = await createUser(db.db, { email, organizationIds: [organizationId], permissions });
  return { id: user.id, email };
}

async function passwordToken(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

/** A member with a confirmed authenticator: their secret, recovery codes and the session that enrolled. */
async function enrolledMember() {
  const member = await newMember();
  const token = await passwordToken(member.email);
  const enrolment = (await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(token) })).json() as { secret: string };
  const confirmed = await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/confirm/', headers: authHeader(token), payload: { code: codeAt(enrolment.secret, now) } });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { ...member, token, secret: enrolment.secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

async function pendingTokenOf(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(202);
  return (res.json() as { pending_token: string }).pending_token;
}

describe('enrolment', () => {
  it('shows the secret and a QR code of its otpauth URL, and stores the seed only sealed', async () => {
    const member = await newMember();
    const token = await passwordToken(member.email);
    const res = await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { secret: string; otpauth_url: string; qr_svg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toBe(`otpauth://totp/ONA%20Platform:${encodeURIComponent(member.email)}?issuer=ONA%20Platform&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(body.qr_svg).toMatch(/^<svg[^>]*>/);
    const [stored] = await db.db.select().from(tables.userTotp).where(eq(tables.userTotp.userId, member.id));
    expect(stored?.sealedSecret).toMatch(/^v1\./);
    expect(stored?.sealedSecret).not.toContain(body.secret);
    expect(stored?.confirmedAt).toBeNull();
  });

  it('is confirmed by a right code only; then answers ten recovery codes, stored hashed, and ends the other sessions', async () => {
    const member = await newMember();
    const other = await passwordToken(member.email);
    const token = await passwordToken(member.email);
    const { secret } = (await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(token) })).json() as { secret: string };
    const wrong = await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/confirm/', headers: authHeader(token), payload: { code: codeAt(secret, new Date(now.getTime() - 10 * 60_000)) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_code');
    const res = await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/confirm/', headers: authHeader(token), payload: { code: codeAt(secret, now) } });
    expect(res.statusCode).toBe(200);
    const codes = (res.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await db.db.select().from(tables.userRecoveryCodes).where(eq(tables.userRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((row) => codes.some((code) => row.codeHash.includes(code.replace('-', ''))))).toBe(false);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    const status = await app.inject({ method: 'GET', url: '/api/users/me/second-factor/', headers: authHeader(token) });
    expect(status.json()).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 10, required: false });
    const again = await app.inject({ method: 'POST', url: '/api/users/me/second-factor/totp/', headers: authHeader(token) });
    expect(again.statusCode).toBe(409);
  });
});

describe('sign-in with a code', () => {
  it('answers 202 with a pending token and no session after the password; the code then opens a password_totp session', async () => {
    const member = await enrolledMember();
    const res = await login(member.email);
    expect(res.statusCode).toBe(202);
    const challenge = res.json() as Record<string, unknown>;
    expect(challenge).toEqual({ second_factor: 'verify', pending_token: expect.any(String), methods: ['totp'] });
    expect(challenge).not.toHaveProperty('token');
    const done = await answer(challenge['pending_token'] as string, codeAt(member.secret, now));
    expect(done.statusCode).toBe(200);
    const { token, user } = done.json() as { token: string; user: { email: string } };
    expect(user.email).toBe(member.email);
    const sessions = (await app.inject({ method: 'GET', url: '/api/users/me/sessions/', headers: authHeader(token) })).json() as { method: string; current: boolean }[];
    expect(sessions.find((s) => s.current)?.method).toBe('password_totp');
  });

  it('takes a pending token once: a second completion answers 401 pending_expired', async () => {
    const member = await enrolledMember();
    const pending = await pendingTokenOf(member.email);
    expect((await answer(pending, codeAt(member.secret, now))).statusCode).toBe(200);
    nextStep();
    const again = await answer(pending, codeAt(member.secret, now));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('pending_expired');
  });

  it('refuses a pending token after ten minutes', async () => {
    const member = await enrolledMember();
    const pending = await pendingTokenOf(member.email);
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    const res = await answer(pending, codeAt(member.secret, now));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('pending_expired');
  });

  it('does not accept a used code twice, even in a new sign-in within the same 30 seconds', async () => {
    const member = await enrolledMember();
    const code = codeAt(member.secret, now);
    expect((await answer(await pendingTokenOf(member.email), code)).statusCode).toBe(200);
    const replay = await answer(await pendingTokenOf(member.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_code');
    nextStep();
    expect((await answer(await pendingTokenOf(member.email), codeAt(member.secret, now))).statusCode).toBe(200);
  });

  it('limits wrong codes like passwords: five wrong ones in 15 minutes, then 429 even for the right code', async () => {
    const member = await enrolledMember();
    const pending = await pendingTokenOf(member.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await answer(pending, '000000' === codeAt(member.secret, now) ? '111111' : '000000');
      expect(wrong.statusCode).toBe(400);
    }
    const res = await app.inject({ method: 'POST', url: '/api/auth/login/second-factor/', headers: { 'accept-language': 'de' }, payload: { pending_token: pending, code: codeAt(member.secret, now) } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'too_many_requests', detail: 'Zu viele falsche Codes. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.' });
  });

  it('accepts a recovery code once, in any case and without its dash', async () => {
    const member = await enrolledMember();
    const [recovery] = member.recoveryCodes;
    if (!recovery) throw new Error('no recovery code');
    const first = await answer(await pendingTokenOf(member.email), recovery.toUpperCase().replace('-', ''));
    expect(first.statusCode).toBe(200);
    const second = await answer(await pendingTokenOf(member.email), recovery);
    expect(second.statusCode).toBe(400);
    const token = (first.json() as { token: string }).token;
    const status = await app.inject({ method: 'GET', url: '/api/users/me/second-factor/', headers: authHeader(token) });
    expect(status.json()).toMatchObject({ recovery_codes_left: 9 });
  });

  it('removes the authenticator with a current code; the next sign-in needs the password only', async () => {
    const member = await enrolledMember();
    const res = await app.inject({ method: 'DELETE', url: '/api/users/me/second-factor/totp/', headers: authHeader(member.token), payload: { code: codeAt(member.secret, now) } });
    expect(res.statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(200);
  });
});

describe('the organisation\'s policy', () => {
  it('leads a member without a second factor through enrolment at the next sign-in ("everyone")', async () => {
    const org = await createOrganization(db.db, 'Required');
    const admin = await newMember(org.id, ['organization_admin']);
    const adminToken = await passwordToken(admin.email);
    const member = await newMember(org.id);
    const patch = await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(adminToken), payload: { second_factor_required_for: 'everyone' } });
    expect(patch.statusCode).toBe(200);
    const res = await login(member.email);
    expect(res.statusCode).toBe(202);
    const challenge = res.json() as { second_factor: string; pending_token: string };
    expect(challenge.second_factor).toBe('enrol');
    // The pending token of an enrolment is no answer to "give the code".
    expect((await answer(challenge.pending_token, '123456')).statusCode).toBe(401);
    const enrolment = await app.inject({ method: 'POST', url: '/api/auth/login/second-factor/enrol/', payload: { pending_token: challenge.pending_token } });
    expect(enrolment.statusCode).toBe(200);
    const { secret } = enrolment.json() as { secret: string };
    const done = await app.inject({ method: 'POST', url: '/api/auth/login/second-factor/enrol/confirm/', payload: { pending_token: challenge.pending_token, code: codeAt(secret, now) } });
    expect(done.statusCode).toBe(200);
    const body = done.json() as { token: string; recovery_codes: string[] };
    expect(body.recovery_codes).toHaveLength(10);
    expect((await me(body.token)).statusCode).toBe(200);
    nextStep();
    expect((await login(member.email)).json()).toMatchObject({ second_factor: 'verify' });
    // Required: it cannot be removed.
    const remove = await app.inject({ method: 'DELETE', url: '/api/users/me/second-factor/totp/', headers: authHeader(body.token), payload: { code: codeAt(secret, now) } });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('second_factor_required');
  });

  it('"administrators" holds up an administrator without a second factor and lets a plain member in with the password', async () => {
    const org = await createOrganization(db.db, 'AdminsOnly');
    const admin = await newMember(org.id, ['organization_admin']);
    const adminToken = await passwordToken(admin.email);
    const member = await newMember(org.id);
    await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(adminToken), payload: { second_factor_required_for: 'administrators' } });
    expect((await login(member.email)).statusCode).toBe(200);
    const held = await login(admin.email);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ second_factor: 'enrol' });
  });

  it('gives no session for a wrong password whatever the policy: 400 invalid_credentials', async () => {
    const member = await enrolledMember();
    const res = await login(member.email, 'wrong-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_credentials');
  });
});
