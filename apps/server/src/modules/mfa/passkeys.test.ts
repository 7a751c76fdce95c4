import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { authHeader } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

/**
 * Passkeys (WebAuthn) as the second factor: registration on the account, sign-in after the
 * password, the enrolment a policy demands, and every refusal (a challenge never issued or used
 * already, another user's or an unknown credential, a counter that went back, a wrong origin),
 * counted like wrong codes. The answers come from a software authenticator with real P-256 keys
 * (testing/software-authenticator.ts); the server verifies them with @simplewebauthn/server.
 */
const ORIGIN = 'http://app.test';
let db: TestDatabase;
let app: App;
let now = new Date('2026-03-02T08:00:00Z');
let orgId: number;
let people = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: ORIGIN, REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, clock: () => now });
  await app.ready();
  orgId = (await createOrganization(db.db, 'Passkeyland')).id;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

type Options = { challenge: string; rp: { id?: string }; rpId?: string; allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] };
const login = (email: string) => app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: FIXTURE_PASSWORD } });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });
const post = (url: string, payload: object, token?: string, language = 'en') =>
  app.inject({ method: 'POST', url, payload, headers: { ...(token ? authHeader(token) : {}), 'accept-language': language } });

async function newMember(organizationId = orgId, permissions: string[] = []) {
  people += 1;
  const email = `person${people}@passkeyland.test`;
  const user = await createUser(db.db, { email, organizationIds: [organizationId], permissions });
  return { id: user.id, email };
}
async function passwordToken(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}
async function registrationOptions(token: string): Promise<Options> {
  const res = await post('/api/users/me/passkeys/options/', {}, token);
  expect(res.statusCode).toBe(200);
  return res.json() as Options;
}
/** A member with a registered passkey, and the session that registered it. */
async function memberWithPasskey() {
  const member = await newMember();
  const token = await passwordToken(member.email);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const res = await post('/api/users/me/passkeys/', { name: 'Security key', response: authenticator.register(await registrationOptions(token)) }, token);
  expect(res.statusCode).toBe(201);
  return { ...member, token, authenticator, passkeyId: (res.json() as { id: number }).id };
}
async function pendingTokenOf(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(202);
  return (res.json() as { pending_token: string }).pending_token;
}
async function signInOptions(pendingToken: string): Promise<Options> {
  const res = await post('/api/auth/login/second-factor/passkey/options/', { pending_token: pendingToken });
  expect(res.statusCode).toBe(200);
  return res.json() as Options;
}
const answer = (pendingToken: string, response: object, language = 'en') => post('/api/auth/login/second-factor/passkey/', { pending_token: pendingToken, response }, undefined, language);

describe('registration', () => {
  it('registers a named passkey for the public origin\'s host, lists it, and ends the other sessions', async () => {
    const member = await newMember();
    const other = await passwordToken(member.email);
    const token = await passwordToken(member.email);
    const options = await registrationOptions(token);
    expect(options.rp.id).toBe('app.test');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const res = await post('/api/users/me/passkeys/', { name: '  Laptop  ', response: authenticator.register(options) }, token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Laptop', last_used_at: null });
    const [stored] = await db.db.select().from(tables.userPasskeys).where(eq(tables.userPasskeys.userId, member.id));
    expect(stored?.credentialId).toBe(authenticator.id);
    // A new second factor: the session that had only the password elsewhere is out on its next request.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/users/me/passkeys/', headers: authHeader(token) });
    expect((list.json() as { name: string }[]).map((p) => p.name)).toEqual(['Laptop']);
    const status = await app.inject({ method: 'GET', url: '/api/users/me/second-factor/', headers: authHeader(token) });
    expect(status.json()).toEqual({ totp: false, passkeys: 1, recovery_codes_left: 0, required: false });
    // The next options leave out the registered credential, so an authenticator does not make a second one.
    expect((await registrationOptions(token)).excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it('refuses a challenge never issued, a challenge used already and one issued to another user; nothing is stored', async () => {
    const member = await newMember();
    const token = await passwordToken(member.email);
    const stranger = await newMember();
    const strangerOptions = await registrationOptions(await passwordToken(stranger.email));
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await registrationOptions(token);
    const refusals = [
      authenticator.register(options, { challenge: 'bmV2ZXItaXNzdWVk' }),
      authenticator.register(strangerOptions),
    ];
    for (const response of refusals) {
      const res = await post('/api/users/me/passkeys/', { name: 'Key', response }, token, 'de');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'passkey_challenge_unknown', detail: 'Diese Passkey-Anfrage ist unbekannt, abgelaufen oder wurde bereits beantwortet. Bitte versuchen Sie es erneut.' });
    }
    const first = authenticator.register(options);
    expect((await post('/api/users/me/passkeys/', { name: 'Key', response: first }, token)).statusCode).toBe(201);
    const replay = await post('/api/users/me/passkeys/', { name: 'Key', response: first }, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('passkey_challenge_unknown');
    expect(await db.db.select().from(tables.userPasskeys).where(eq(tables.userPasskeys.userId, member.id))).toHaveLength(1);
  });

  it('refuses an answer made for another origin or another RP id', async () => {
    const member = await newMember();
    const token = await passwordToken(member.email);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    for (const override of [{ origin: 'https://evil.test' }, { rpId: 'evil.test' }]) {
      const res = await post('/api/users/me/passkeys/', { name: 'Key', response: authenticator.register(await registrationOptions(token), override) }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('passkey_not_verified');
    }
    expect(await db.db.select().from(tables.userPasskeys).where(eq(tables.userPasskeys.userId, member.id))).toHaveLength(0);
  });

  it('refuses a credential registered already (by anyone): 409', async () => {
    const owner = await memberWithPasskey();
    const member = await newMember();
    const token = await passwordToken(member.email);
    const res = await post('/api/users/me/passkeys/', { name: 'Copied', response: owner.authenticator.register(await registrationOptions(token)) }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('passkey_already_registered');
  });

  it('removes a passkey of one\'s own only: another user\'s answers 404', async () => {
    const owner = await memberWithPasskey();
    const other = await memberWithPasskey();
    const foreign = await app.inject({ method: 'DELETE', url: `/api/users/me/passkeys/${owner.passkeyId}/`, headers: authHeader(other.token) });
    expect(foreign.statusCode).toBe(404);
    const own = await app.inject({ method: 'DELETE', url: `/api/users/me/passkeys/${owner.passkeyId}/`, headers: { ...authHeader(owner.token), 'accept-language': 'hu' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().detail).toBe('A hozzáférési kulcs eltávolítva.');
    expect((await login(owner.email)).statusCode).toBe(200);
  });
});

describe('sign-in with a passkey after the password', () => {
  it('answers 202 naming the passkey; its signature opens a password_passkey session and moves the counter on', async () => {
    const member = await memberWithPasskey();
    const res = await login(member.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ second_factor: 'verify', pending_token: expect.any(String), methods: ['passkey'] });
    const pendingToken = (res.json() as { pending_token: string }).pending_token;
    const options = await signInOptions(pendingToken);
    expect(options.rpId).toBe('app.test');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([member.authenticator.id]);
    const done = await answer(pendingToken, member.authenticator.signIn(options));
    expect(done.statusCode).toBe(200);
    const token = (done.json() as { token: string }).token;
    expect((await me(token)).statusCode).toBe(200);
    const sessions = await app.inject({ method: 'GET', url: '/api/users/me/sessions/', headers: authHeader(token) });
    expect((sessions.json() as { method: string; current: boolean }[]).find((s) => s.current)?.method).toBe('password_passkey');
    const [stored] = await db.db.select().from(tables.userPasskeys).where(eq(tables.userPasskeys.id, member.passkeyId));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();
  });

  it('refuses a challenge never issued and a replayed answer (the challenge is taken once)', async () => {
    const member = await memberWithPasskey();
    const pendingToken = await pendingTokenOf(member.email);
    const options = await signInOptions(pendingToken);
    const wrong = await answer(pendingToken, member.authenticator.signIn(options, { challenge: 'bmV2ZXItaXNzdWVk' }), 'ru');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'passkey_challenge_unknown', detail: 'Этот запрос ключа доступа неизвестен, истёк или уже получил ответ. Попробуйте ещё раз.' });
    const signed = member.authenticator.signIn(options);
    expect((await answer(pendingToken, signed)).statusCode).toBe(200);
    // The same signature in a new sign-in of the same user: its challenge is gone.
    const replay = await answer(await pendingTokenOf(member.email), signed);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('passkey_challenge_unknown');
  });

  it('refuses a challenge issued for another user\'s sign-in', async () => {
    const member = await memberWithPasskey();
    const other = await memberWithPasskey();
    const otherOptions = await signInOptions(await pendingTokenOf(other.email));
    const res = await answer(await pendingTokenOf(member.email), member.authenticator.signIn(otherOptions));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey_challenge_unknown');
  });

  it('refuses an unknown credential and another user\'s credential alike (nothing tells whose it is)', async () => {
    const member = await memberWithPasskey();
    const other = await memberWithPasskey();
    const pendingToken = await pendingTokenOf(member.email);
    const unknown = await answer(pendingToken, new SoftwareAuthenticator(ORIGIN).signIn(await signInOptions(pendingToken)), 'hu');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'passkey_unknown', detail: 'Ez a hozzáférési kulcs nincs regisztrálva az Ön fiókjához.' });
    const foreign = await answer(pendingToken, other.authenticator.signIn(await signInOptions(pendingToken)));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('passkey_unknown');
  });

  it('refuses a counter that did not move on (a cloned authenticator) and a signature for another origin', async () => {
    const member = await memberWithPasskey();
    const pendingToken = await pendingTokenOf(member.email);
    expect((await answer(pendingToken, member.authenticator.signIn(await signInOptions(pendingToken)))).statusCode).toBe(200);
    const next = await pendingTokenOf(member.email);
    const cloned = await answer(next, member.authenticator.signIn(await signInOptions(next), { keepCounter: true }));
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().code).toBe('passkey_not_verified');
    const elsewhere = await answer(next, member.authenticator.signIn(await signInOptions(next), { origin: 'https://evil.test' }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('passkey_not_verified');
    // The pending token survives refusals; a right signature still completes it.
    expect((await answer(next, member.authenticator.signIn(await signInOptions(next)))).statusCode).toBe(200);
  });

  it('limits wrong answers like passwords: five in 15 minutes, then 429 even for a right signature', async () => {
    const member = await memberWithPasskey();
    const pendingToken = await pendingTokenOf(member.email);
    for (let i = 0; i < 5; i += 1) {
      const res = await answer(pendingToken, member.authenticator.signIn(await signInOptions(pendingToken), { challenge: 'd3Jvbmc' }));
      expect(res.statusCode).toBe(400);
    }
    const right = await answer(pendingToken, member.authenticator.signIn(await signInOptions(pendingToken)));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('too_many_requests');
  });

  it('gives no options for a pending token never issued (401) nor for a user whose passkeys are gone (409 no_passkey)', async () => {
    expect((await post('/api/auth/login/second-factor/passkey/options/', { pending_token: 'never-issued' })).statusCode).toBe(401);
    const member = await memberWithPasskey();
    const pendingToken = await pendingTokenOf(member.email);
    await db.db.delete(tables.userPasskeys).where(eq(tables.userPasskeys.userId, member.id));
    const res = await post('/api/auth/login/second-factor/passkey/options/', { pending_token: pendingToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('no_passkey');
  });
});

describe('the organisation\'s policy', () => {
  it('leads a member without a second factor to a passkey at the next sign-in, and keeps the last one', async () => {
    const org = await createOrganization(db.db, 'PasskeysRequired');
    const admin = await newMember(org.id, ['organization_admin']);
    const adminToken = await passwordToken(admin.email);
    const member = await newMember(org.id);
    const patch = await app.inject({ method: 'PATCH', url: '/api/organization/sign-in-policy/', headers: authHeader(adminToken), payload: { second_factor_required_for: 'everyone' } });
    expect(patch.statusCode).toBe(200);
    const held = await login(member.email);
    expect(held.json()).toEqual({ second_factor: 'enrol', pending_token: expect.any(String), methods: ['totp', 'passkey'] });
    const pendingToken = (held.json() as { pending_token: string }).pending_token;
    // An enrolment's pending token is no answer to "sign in with your passkey".
    expect((await post('/api/auth/login/second-factor/passkey/options/', { pending_token: pendingToken })).statusCode).toBe(401);
    const options = await post('/api/auth/login/second-factor/enrol/passkey/options/', { pending_token: pendingToken });
    expect(options.statusCode).toBe(200);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const done = await post('/api/auth/login/second-factor/enrol/passkey/', { pending_token: pendingToken, name: 'Phone', response: authenticator.register(options.json() as Options) });
    expect(done.statusCode).toBe(200);
    const token = (done.json() as { token: string }).token;
    expect((await me(token)).statusCode).toBe(200);
    // The pending token worked once.
    expect((await post('/api/auth/login/second-factor/enrol/passkey/options/', { pending_token: pendingToken })).statusCode).toBe(401);
    // The passkey counts for the policy: the next sign-in asks for it, not for an enrolment.
    expect((await login(member.email)).json()).toMatchObject({ second_factor: 'verify', methods: ['passkey'] });
    const [passkey] = (await app.inject({ method: 'GET', url: '/api/users/me/passkeys/', headers: authHeader(token) })).json() as { id: number }[];
    const remove = await app.inject({ method: 'DELETE', url: `/api/users/me/passkeys/${passkey?.id}/`, headers: authHeader(token) });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('second_factor_required');
  });
});
