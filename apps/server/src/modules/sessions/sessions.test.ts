import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

/**
 * Sessions: the list, ending one, an administrator ending all of a member's, the idle time and the
 * absolute lifetime of the organisation's policy, and a new password ending the other sessions.
 * The clock is the app's (AppOptions.clock), moved by the tests: nothing waits.
 */
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOUR = 60 * 60 * 1000;

let db: TestDatabase;
let app: App;
let now = new Date('2026-03-02T08:00:00Z');
let orgId: number;
let adminToken: string;
let people = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, clock: () => now });
  await app.ready();
  orgId = (await createOrganization(db.db, 'Sessio')).id;
  await createUser(db.db, { email: 'admin@sessio.test', organizationIds: [orgId], permissions: ['organization_admin'] });
  adminToken = await signIn('admin@sessio.test');
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function signIn(email: string, client: { userAgent?: string; address?: string } = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    headers: client.userAgent ? { 'user-agent': client.userAgent } : {},
    remoteAddress: client.address ?? '127.0.0.1',
    payload: { email, password: FIXTURE_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

async function newMember(organizationId = orgId): Promise<{ id: number; email: string }> {
  people += 1;
  const email = `member${people}@sessio.test`;
  const user = await createUser(db.db, { email, organizationIds: [organizationId] });
  return { id: user.id, email };
}

const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });
const sessionsOf = (token: string) => app.inject({ method: 'GET', url: '/api/users/me/sessions/', headers: authHeader(token) });
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

describe('a user\'s own sessions', () => {
  it('lists each sign-in with its device, address, method, times, and marks the current one', async () => {
    const member = await newMember();
    const onLaptop = await signIn(member.email, { userAgent: FIREFOX_ON_LINUX, address: '203.0.113.7' });
    later(HOUR);
    const onDesktop = await signIn(member.email, { userAgent: CHROME_ON_WINDOWS, address: '198.51.100.9' });
    const res = await sessionsOf(onDesktop);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as { device: string; ip_address: string; method: string; current: boolean; created_at: string; last_used_at: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ device: 'Chrome 120 on Windows', ip_address: '198.51.100.9', method: 'password', current: true, created_at: now.toISOString() });
    expect(sessions[1]).toMatchObject({ device: 'Firefox 128 on Linux', ip_address: '203.0.113.7', method: 'password', current: false });
    expect((await me(onLaptop)).statusCode).toBe(200);
  });

  it('ends one of its own sessions: that token answers 401 on its next request, the other goes on', async () => {
    const member = await newMember();
    const first = await signIn(member.email);
    const second = await signIn(member.email);
    const [, firstSession] = (await sessionsOf(second)).json() as { id: number }[];
    const res = await app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${firstSession?.id}/`, headers: { ...authHeader(second), 'accept-language': 'de' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Die Sitzung wurde beendet.' });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await sessionsOf(second)).json()).toHaveLength(1);
  });

  it('cannot end another user\'s session: 404, and that session goes on', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const ownerToken = await signIn(owner.email);
    const strangerToken = await signIn(stranger.email);
    const [ownerSession] = (await sessionsOf(ownerToken)).json() as { id: number }[];
    const res = await app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${ownerSession?.id}/`, headers: authHeader(strangerToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('session_not_found');
    expect((await me(ownerToken)).statusCode).toBe(200);
  });

  it('ends every other session at once and keeps the current one', async () => {
    const member = await newMember();
    const others = [await signIn(member.email), await signIn(member.email)];
    const current = await signIn(member.email);
    const res = await app.inject({ method: 'POST', url: '/api/users/me/sessions/end-others/', headers: authHeader(current) });
    expect(res.json()).toEqual({ ended: 2 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
  });
});

describe('an organisation administrator', () => {
  it('ends all sessions of a member: each of their tokens answers 401 on the next request', async () => {
    adminToken = await signIn('admin@sessio.test');
    const member = await newMember();
    const tokens = [await signIn(member.email), await signIn(member.email)];
    for (const token of tokens) expect((await me(token)).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: `/api/organization/users/${member.id}/end-sessions/`, headers: authHeader(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
  });

  it('cannot end the sessions of someone outside the organisation (404), nor can a plain member (403)', async () => {
    const elsewhere = await newMember((await createOrganization(db.db, 'Elsewhere')).id);
    const theirToken = await signIn(elsewhere.email);
    const res = await app.inject({ method: 'POST', url: `/api/organization/users/${elsewhere.id}/end-sessions/`, headers: authHeader(adminToken) });
    expect(res.statusCode).toBe(404);
    expect((await me(theirToken)).statusCode).toBe(200);
    const plain = await newMember();
    const plainToken = await signIn(plain.email);
    const byMember = await app.inject({ method: 'POST', url: `/api/organization/users/${plain.id}/end-sessions/`, headers: authHeader(plainToken) });
    expect(byMember.statusCode).toBe(403);
  });
});

describe('idle time and absolute lifetime', () => {
  it('ends a session unused for longer than 8 hours by default; one used within 8 hours goes on', async () => {
    const member = await newMember();
    const idle = await signIn(member.email);
    const busy = await signIn(member.email);
    later(7 * HOUR);
    expect((await me(busy)).statusCode).toBe(200);
    later(1 * HOUR + 60_000);
    const res = await app.inject({ method: 'GET', url: '/api/users/me/', headers: { ...authHeader(idle), 'accept-language': 'hu' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'session_expired', detail: 'A munkamenete lejárt. Kérjük, jelentkezzen be újra.' });
    expect((await me(busy)).statusCode).toBe(200);
  });

  it('ends a session at the organisation\'s absolute lifetime however busy, and lists only live sessions', async () => {
    const org = await createOrganization(db.db, 'Shortlived');
    await createUser(db.db, { email: 'admin@shortlived.test', organizationIds: [org.id], permissions: ['organization_admin'] });
    const orgAdmin = await signIn('admin@shortlived.test');
    const patch = await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(orgAdmin), payload: { session_lifetime_days: 1 } });
    expect(patch.json()).toEqual({ session_idle_minutes: 480, session_lifetime_days: 1, second_factor_required_for: 'none' });
    const member = await newMember(org.id);
    const token = await signIn(member.email);
    for (let i = 0; i < 3; i++) {
      later(7 * HOUR);
      expect((await me(token)).statusCode).toBe(200);
    }
    later(4 * HOUR);
    expect((await me(token)).statusCode).toBe(401);
    const fresh = await signIn(member.email);
    expect(((await sessionsOf(fresh)).json() as unknown[]).length).toBe(1);
  });

  it('applies a shorter idle time to open sessions from the next request on', async () => {
    const org = await createOrganization(db.db, 'Strict');
    await createUser(db.db, { email: 'admin@strict.test', organizationIds: [org.id], permissions: ['organization_admin'] });
    const orgAdmin = await signIn('admin@strict.test');
    const member = await newMember(org.id);
    const token = await signIn(member.email);
    later(20 * 60_000);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(orgAdmin)).statusCode).toBe(200);
    await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(orgAdmin), payload: { session_idle_minutes: 15 } });
    later(16 * 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a policy outside its bounds with 400 and leaves the policy as it was', async () => {
    const admin = await signIn('admin@sessio.test');
    const res = await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(admin), payload: { session_idle_minutes: 1 } });
    expect(res.statusCode).toBe(400);
    const policy = await app.inject({ method: 'GET', url: '/api/organization/sign-in-policy/', headers: authHeader(admin) });
    expect(policy.json()).toEqual({ session_idle_minutes: 480, session_lifetime_days: 30, second_factor_required_for: 'none' });
  });
});

describe('a new password', () => {
  it('ends every other session of the user and keeps the one that changed it', async () => {
    const member = await newMember();
    const other = await signIn(member.email);
    const current = await signIn(member.email);
    const res = await app.inject({ method: 'POST', url: '/api/users/me/password/', headers: authHeader(current), payload: { current_password: FIXTURE_PASSWORD, new_password1: 'a-new-secret-9', new_password2: 'a-new-secret-9' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: member.email, password: 'a-new-secret-9' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 wrong_current_password and ends nothing', async () => {
    const member = await newMember();
    const other = await signIn(member.email);
    const current = await signIn(member.email);
    const res = await app.inject({ method: 'POST', url: '/api/users/me/password/', headers: authHeader(current), payload: { current_password: 'not-it-at-all', new_password1: 'a-new-secret-9', new_password2: 'a-new-secret-9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wrong_current_password');
    expect((await me(other)).statusCode).toBe(200);
  });
});
