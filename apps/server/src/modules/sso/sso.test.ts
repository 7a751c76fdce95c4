import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, tables } from '@ona/db';
import type { TSignInDiscovery, TSsoCallbackResponse, TSsoSettings } from '@ona/contracts';
import type { App } from '../../app.ts';
import { buildSsoTestApp, SSO_TEST_PUBLIC_URL } from '../../testing/sso-test-app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../../testing/oidc-provider.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';

const PUBLIC_URL = SSO_TEST_PUBLIC_URL;
const CALLBACK = `${PUBLIC_URL}/auth/sso-callback.html`;

let db: TestDatabase;
let app: App;
let idp: TestOpenIdProvider;
const logLines: string[] = [];
let acme: { id: number };
let beta: { id: number };
let acmeAdmin: string;
let betaAdmin: string;
let breakGlassId: number;

beforeAll(async () => {
  idp = await startTestOpenIdProvider({
    redirectUris: [CALLBACK, `${PUBLIC_URL}/instant-surveys/sso-callback.html`],
    accounts: {
      anna: { email: 'anna@acme.test', name: 'Anna Acme', groups: ['ona-admins'] },
      newbie: { email: 'newbie@acme.test', name: 'New Member' },
      gone: { email: 'gone@acme.test' },
      outsider: { email: 'someone@elsewhere.test' },
      unverified: { email: 'unverified@acme.test', email_verified: false },
      betaperson: { email: 'bob@beta.test' },
      carl: { email: 'carl@beta-contractors.test' },
    },
  });
  db = await createTestDatabase();
  app = await buildSsoTestApp(db, logLines);
  acme = await createOrganization(db.db, 'Acme');
  beta = await createOrganization(db.db, 'Beta');
  const admin = await createUser(db.db, { email: 'admin@acme.test', organizationIds: [acme.id], permissions: ['organization_admin'] });
  breakGlassId = admin.id;
  await createUser(db.db, { email: 'anna@acme.test', organizationIds: [acme.id], permissions: [] });
  const gone = await createUser(db.db, { email: 'gone@acme.test', organizationIds: [acme.id] });
  await db.db.update(tables.memberships).set({ deactivatedAt: new Date() }).where(eq(tables.memberships.userId, gone.id));
  await createUser(db.db, { email: 'admin@beta.test', organizationIds: [beta.id], permissions: ['organization_admin'] });
  await createUser(db.db, { email: 'bob@beta.test', organizationIds: [beta.id] });
  acmeAdmin = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
  betaAdmin = await loginAs(app, 'admin@beta.test', FIXTURE_PASSWORD);
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await idp?.close();
});

const acmeSettings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer_url: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  allowed_domains: ['acme.test'],
  email_claim: 'email',
  groups_claim: 'groups',
  group_permissions: [{ group: 'ona-admins', permissions: ['engagement_admin', 'instant_survey_admin'] }],
  require_sso: false,
  break_glass_user_id: null,
  create_members: false,
  ...overrides,
});

async function configureAcme(overrides: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: acmeSettings(overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSsoSettings>();
}

async function discover(email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sso/discover/', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSignInDiscovery>();
}

/** Starts a round for the address, signs the account in at the provider, and answers what the callback page would send. */
async function roundAt(email: string, accountId: string) {
  const found = await discover(email);
  if (found.method !== 'sso') throw new Error(`${email} is not routed to SSO`);
  const callback = await idp.signIn(found.authorization_url, accountId);
  return { callback_query: callback.search, browser_binding: found.browser_binding };
}

const finish = (body: { callback_query: string; browser_binding: string }, language = 'en-US') =>
  app.inject({ method: 'POST', url: '/api/auth/sso/callback/', headers: { 'accept-language': language }, payload: body });

const tokenCount = async () => (await db.db.select({ n: count() }).from(tables.authTokens))[0]?.n ?? 0;
const userCount = async () => (await db.db.select({ n: count() }).from(tables.users))[0]?.n ?? 0;

/** A refusal: its code, its message in the request's language, a log line for the administrator, and nothing stored. */
async function expectRefused(body: { callback_query: string; browser_binding: string }, code: string, language = 'en-US') {
  const [tokensBefore, usersBefore, linesBefore] = [await tokenCount(), await userCount(), logLines.length];
  const res = await finish(body, language);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code });
  const logged = logLines.slice(linesBefore).map((l) => JSON.parse(l) as { msg: string; code?: string });
  expect(logged.some((l) => l.msg === 'sso sign-in refused' && l.code === code)).toBe(true);
  expect(await tokenCount()).toBe(tokensBefore);
  expect(await userCount()).toBe(usersBefore);
  return res.json<{ detail: string }>().detail;
}

describe('SSO settings', () => {
  it('stores the client secret sealed and never answers it', async () => {
    const settings = await configureAcme();
    expect(settings).toMatchObject({ enabled: true, client_secret_set: true, allowed_domains: ['acme.test'], redirect_uris: [CALLBACK, `${PUBLIC_URL}/instant-surveys/sso-callback.html`] });
    expect(JSON.stringify(settings)).not.toContain(idp.clientSecret);
    const [row] = await db.db.select().from(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, acme.id));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain(idp.clientSecret);
    const read = await app.inject({ method: 'GET', url: '/api/organization/sso/', headers: authHeader(acmeAdmin) });
    expect(read.body).not.toContain(idp.clientSecret);
    expect(read.json<TSsoSettings>().client_secret_set).toBe(true);
  });

  it('keeps the stored secret when an update leaves it out', async () => {
    const { client_secret: _omitted, ...withoutSecret } = acmeSettings();
    const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: withoutSecret });
    expect(res.json<TSsoSettings>().client_secret_set).toBe(true);
    const round = await roundAt('anna@acme.test', 'anna');
    expect((await finish(round)).statusCode).toBe(200);
  });

  it("lets the administrator of org A neither see nor configure org B's SSO, nor claim B's domain", async () => {
    await configureAcme();
    const betaView = await app.inject({ method: 'GET', url: '/api/organization/sso/', headers: authHeader(betaAdmin) });
    expect(betaView.json<TSsoSettings>()).toMatchObject({ enabled: false, issuer_url: '', client_secret_set: false, allowed_domains: [] });
    const betaSave = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(betaAdmin), payload: { ...acmeSettings(), allowed_domains: ['beta.test'], client_id: 'beta-client' } });
    expect(betaSave.statusCode).toBe(200);
    // Acme's connection is untouched by Beta's save, and Acme cannot take Beta's domain.
    const acmeView = await app.inject({ method: 'GET', url: '/api/organization/sso/', headers: authHeader(acmeAdmin) });
    expect(acmeView.json<TSsoSettings>()).toMatchObject({ client_id: idp.clientId, allowed_domains: ['acme.test'] });
    const grab = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: { ...authHeader(acmeAdmin), 'accept-language': 'de-DE' }, payload: acmeSettings({ allowed_domains: ['acme.test', 'beta.test'] }) });
    expect(grab.statusCode).toBe(409);
    expect(grab.json()).toEqual({ code: 'sso_domain_taken', detail: 'Die Domain beta.test gehört bereits zum Single Sign-on einer anderen Organisation.' });
    await db.db.delete(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, beta.id));
  });

  it('refuses the settings to a member who is not an organisation administrator', async () => {
    const member = await loginAs(app, 'bob@beta.test', FIXTURE_PASSWORD);
    expect((await app.inject({ method: 'GET', url: '/api/organization/sso/', headers: authHeader(member) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(member), payload: acmeSettings({ allowed_domains: ['beta.test'] }) })).statusCode).toBe(403);
    const test = await app.inject({ method: 'POST', url: '/api/organization/sso/test/', headers: authHeader(member) });
    expect(test.statusCode, test.body).toBe(403);
  });

  it('refuses plain http for an issuer outside this machine and the private network', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: acmeSettings({ issuer_url: 'http://idp.example.com' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('issuer_url');
  });
});

describe('sign-in by e-mail first', () => {
  beforeEach(async () => {
    await configureAcme();
  });

  it('routes an address of an SSO domain to the provider and any other address to the password field', async () => {
    const sso = await discover('Someone.Unknown@ACME.test');
    expect(sso.method).toBe('sso');
    if (sso.method !== 'sso') return;
    const url = new URL(sso.authorization_url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // Known and unknown addresses of a password domain answer alike.
    expect(await discover('bob@beta.test')).toEqual({ method: 'password' });
    expect(await discover('nobody@beta.test')).toEqual({ method: 'password' });
  });

  it("sends the instant-survey tool's login page back to its own callback and survey list", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sso/discover/', payload: { email: 'anna@acme.test', origin: 'instant_survey' } });
    const found = res.json<TSignInDiscovery>();
    if (found.method !== 'sso') throw new Error('not routed');
    expect(new URL(found.authorization_url).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/instant-surveys/sso-callback.html`);
    const callback = await idp.signIn(found.authorization_url, 'anna');
    expect(callback.pathname).toBe('/instant-surveys/sso-callback.html');
    const signedIn = await finish({ callback_query: callback.search, browser_binding: found.browser_binding });
    expect(signedIn.json()).toMatchObject({ outcome: 'signed_in', return_path: 'surveys/list.html' });
  });

  it('signs a member in through the provider with the normal login token, group permissions applied, and the journeys list opens', async () => {
    const res = await finish(await roundAt('anna@acme.test', 'anna'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TSsoCallbackResponse>();
    if (body.outcome !== 'signed_in') throw new Error('not signed in');
    expect(body.return_path).toBe('engagements/list.html');
    expect(body.user).toMatchObject({ email: 'anna@acme.test', organization: { id: acme.id }, permissions: ['engagement_admin', 'instant_survey_admin'] });
    const journeys = await app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(body.token) });
    expect(journeys.statusCode).toBe(200);
    expect(logLines.some((l) => l.includes('"msg":"sso sign-in"'))).toBe(true);
  });

  it('refuses a first sign-in of an unknown address until invited, and creates the member when the organisation allows it', async () => {
    expect(await expectRefused(await roundAt('newbie@acme.test', 'newbie'), 'sso_not_invited', 'hu-HU')).toBe('Ebben a szervezetben még nincs fiókja. Kérjen meghívót a rendszergazdájától.');
    await configureAcme({ create_members: true });
    const res = await finish(await roundAt('newbie@acme.test', 'newbie'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'signed_in', user: { email: 'newbie@acme.test', name: 'New Member', organization: { id: acme.id }, permissions: [] } });
  });

  it('refuses a deactivated member whatever the provider says', async () => {
    await expectRefused(await roundAt('gone@acme.test', 'gone'), 'sso_member_deactivated');
  });

  it('requires SSO: password sign-in refused for members, the break-glass administrator still signs in with a password', async () => {
    const noBreakGlass = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: acmeSettings({ require_sso: true }) });
    expect(noBreakGlass.statusCode).toBe(400);
    await configureAcme({ require_sso: true, break_glass_user_id: breakGlassId });
    const member = await app.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'accept-language': 'ru-RU' }, payload: { email: 'anna@acme.test', password: FIXTURE_PASSWORD } });
    expect(member.statusCode).toBe(400);
    expect(member.json()).toMatchObject({ code: 'sso_required', detail: 'Ваша организация выполняет вход через свой поставщик удостоверений: продолжите с единым входом вместо пароля.' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'admin@acme.test', password: FIXTURE_PASSWORD } })).statusCode).toBe(200);
    // The break-glass administrator's address leads to the password field, so the way in stays open when the provider is down.
    expect(await discover('admin@acme.test')).toEqual({ method: 'password' });
    expect(await discover('anna@acme.test')).toMatchObject({ method: 'sso' });
    await configureAcme({ require_sso: false });
  });

  it('requiring SSO ends the password sessions of the members it refuses, on their very next request; SSO sessions and the break-glass administrator\'s go on', async () => {
    await configureAcme({ require_sso: false });
    const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(token) });
    const annaPassword = await loginAs(app, 'anna@acme.test', FIXTURE_PASSWORD);
    const annaSso = await finish(await roundAt('anna@acme.test', 'anna'));
    expect(annaSso.statusCode, annaSso.body).toBe(200);
    const annaSsoToken = (annaSso.json() as { token: string }).token;
    const breakGlassOther = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
    const bobPassword = await loginAs(app, 'bob@beta.test', FIXTURE_PASSWORD);
    for (const token of [annaPassword, annaSsoToken, breakGlassOther, bobPassword]) expect((await me(token)).statusCode).toBe(200);
    await configureAcme({ require_sso: true, break_glass_user_id: breakGlassId });
    expect((await me(annaPassword)).statusCode).toBe(401);
    expect((await me(annaSsoToken)).statusCode).toBe(200);
    expect((await me(breakGlassOther)).statusCode).toBe(200);
    expect((await me(acmeAdmin)).statusCode).toBe(200);
    // Another organisation's member is not concerned.
    expect((await me(bobPassword)).statusCode).toBe(200);
    await configureAcme({ require_sso: false });
  });
});

describe('refusals, each with the crafted token or response that shows it', () => {
  beforeEach(async () => {
    await configureAcme();
  });

  it('refuses an ID token with a wrong nonce', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    idp.tamperNextIdToken({ claims: (c) => ({ ...c, nonce: 'a-nonce-from-another-round' }) });
    expect(await expectRefused(round, 'sso_wrong_nonce', 'de-DE')).toContain('falsche Nonce');
  });

  it('refuses an ID token for another audience', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    idp.tamperNextIdToken({ claims: (c) => ({ ...c, aud: 'some-other-application' }) });
    await expectRefused(round, 'sso_wrong_audience');
  });

  it('refuses an ID token from another issuer', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    idp.tamperNextIdToken({ claims: (c) => ({ ...c, iss: 'https://evil.example' }) });
    await expectRefused(round, 'sso_wrong_issuer');
  });

  it('refuses an unsigned ID token (alg: none)', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    idp.tamperNextIdToken({ signing: 'none' });
    await expectRefused(round, 'sso_bad_signature');
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    idp.tamperNextIdToken({ signing: 'foreign-key' });
    await expectRefused(round, 'sso_bad_signature');
  });

  it('refuses an expired ID token', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    const past = Math.floor(Date.now() / 1000) - 3600;
    idp.tamperNextIdToken({ claims: (c) => ({ ...c, iat: past - 600, exp: past }) });
    await expectRefused(round, 'sso_id_token_expired');
  });

  it('refuses an e-mail outside the allowed domains', async () => {
    const round = await roundAt('anna@acme.test', 'outsider');
    expect(await expectRefused(round, 'sso_domain_not_allowed')).toBe('Addresses at elsewhere.test may not sign in through this organisation\'s single sign-on.');
  });

  it('refuses an unverified e-mail claim (email_verified false)', async () => {
    await expectRefused(await roundAt('unverified@acme.test', 'unverified'), 'sso_email_unverified');
  });

  it('refuses a state that was never issued', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    const forged = new URLSearchParams(round.callback_query);
    forged.set('state', 'a-state-this-product-never-issued');
    await expectRefused({ ...round, callback_query: `?${forged.toString()}` }, 'sso_state_unknown');
  });

  it('refuses a replayed state: the callback works once', async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    expect((await finish(round)).statusCode).toBe(200);
    await expectRefused(round, 'sso_state_unknown');
  });

  it("refuses a callback brought by another browser than the one that started the round", async () => {
    const round = await roundAt('anna@acme.test', 'anna');
    await expectRefused({ ...round, browser_binding: 'another-browsers-binding' }, 'sso_browser_mismatch');
  });

  it("refuses a member of org B whose address org A's provider asserts (no sign-in into B through A's SSO)", async () => {
    await configureAcme({ allowed_domains: ['acme.test', 'beta-contractors.test'], create_members: true });
    // A's provider vouches for an address in A's domain list that belongs to a Beta account: not joined to A.
    await createUser(db.db, { email: 'carl@beta-contractors.test', organizationIds: [beta.id] });
    const found = await discover('carl@beta-contractors.test');
    if (found.method !== 'sso') throw new Error('not routed');
    // The account exists only in Beta: Acme's IdP cannot sign it in, nor join it to Acme.
    const round = { callback_query: (await idp.signIn(found.authorization_url, 'carl')).search, browser_binding: found.browser_binding };
    await expectRefused(round, 'sso_not_invited');
    const [carl] = await db.db.select().from(tables.users).where(eq(tables.users.email, 'carl@beta-contractors.test'));
    const carlsMemberships = await db.db.select().from(tables.memberships).where(eq(tables.memberships.userId, carl?.id ?? 0));
    expect(carlsMemberships.map((m) => m.organizationId)).toEqual([beta.id]);
  });
});

describe('connection test', () => {
  it('runs a sign-in round and shows the claims that came back, signing nobody in', async () => {
    await configureAcme();
    const started = await app.inject({ method: 'POST', url: '/api/organization/sso/test/', headers: authHeader(acmeAdmin) });
    expect(started.statusCode, started.body).toBe(200);
    const { authorization_url, browser_binding } = started.json<{ authorization_url: string; browser_binding: string }>();
    expect(new URL(authorization_url).searchParams.get('prompt')).toBe('login');
    const tokensBefore = await tokenCount();
    const res = await finish({ callback_query: (await idp.signIn(authorization_url, 'anna')).search, browser_binding });
    expect(res.json()).toMatchObject({ outcome: 'test', report: { ok: true, email: 'anna@acme.test', permissions: ['engagement_admin', 'instant_survey_admin'], claims: { sub: 'anna', groups: ['ona-admins'] } } });
    expect(await tokenCount()).toBe(tokensBefore);
  });

  it('shows exactly what failed', async () => {
    await configureAcme();
    const started = (await app.inject({ method: 'POST', url: '/api/organization/sso/test/', headers: authHeader(acmeAdmin) })).json<{ authorization_url: string; browser_binding: string }>();
    const callback = await idp.signIn(started.authorization_url, 'anna');
    idp.tamperNextIdToken({ claims: (c) => ({ ...c, aud: 'some-other-application' }) });
    const res = await finish({ callback_query: callback.search, browser_binding: started.browser_binding });
    expect(res.statusCode).toBe(200);
    const report = res.json<TSsoCallbackResponse>();
    expect(report).toMatchObject({ outcome: 'test', report: { ok: false, code: 'sso_wrong_audience' } });
    if (report.outcome === 'test' && !report.report.ok) expect(report.report.detail).toContain('aud');
  });
});
