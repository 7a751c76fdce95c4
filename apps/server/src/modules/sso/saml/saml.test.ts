import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, tables } from '@ona/db';
import type { TSignInDiscovery, TSsoCallbackResponse, TSsoRound, TSsoSettings } from '@ona/contracts';
import type { App } from '../../../app.ts';
import { buildSsoTestApp, SSO_TEST_PUBLIC_URL } from '../../../testing/sso-test-app.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../../testing/fixtures.ts';
import { startTestSamlIdentityProvider, type SamlResponseTweaks, type TestSamlIdentityProvider } from '../../../testing/saml-identity-provider.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { authHeader, loginAs } from '../../../testing/test-app.ts';

const PUBLIC_URL = SSO_TEST_PUBLIC_URL;
const CALLBACK = `${PUBLIC_URL}/auth/sso-callback.html`;

let db: TestDatabase;
let app: App;
let idp: TestSamlIdentityProvider;
const logLines: string[] = [];
let acme: { id: number };
let beta: { id: number };
let acmeAdmin: string;
let betaAdmin: string;

beforeAll(async () => {
  idp = await startTestSamlIdentityProvider({
    accounts: {
      admin: { email: 'admin@acme.test', name: 'Acme Admin', groups: ['ona-admins'] },
      anna: { email: 'anna@acme.test', name: 'Anna Acme', groups: ['ona-admins'] },
      outsider: { email: 'someone@elsewhere.test' },
      bob: { email: 'bob@beta.test' },
    },
  });
  db = await createTestDatabase();
  app = await buildSsoTestApp(db, logLines);
  acme = await createOrganization(db.db, 'Acme');
  beta = await createOrganization(db.db, 'Beta');
  await createUser(db.db, { email: 'admin@acme.test', organizationIds: [acme.id], permissions: ['organization_admin'] });
  await createUser(db.db, { email: 'anna@acme.test', organizationIds: [acme.id], permissions: [] });
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

const samlSettings = (overrides: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  enabled: true,
  saml_idp_metadata_xml: idp.metadataXml,
  allowed_domains: ['acme.test'],
  email_claim: 'email',
  groups_claim: 'groups',
  group_permissions: [{ group: 'ona-admins', permissions: ['engagement_admin'] }],
  ...overrides,
});

async function configure(token: string, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(token), payload: samlSettings(overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSsoSettings>();
}

async function discover(email: string): Promise<TSsoRound> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sso/discover/', payload: { email } });
  const found = res.json<TSignInDiscovery>();
  if (found.method !== 'sso') throw new Error(`${email} is not routed to SSO: ${res.body}`);
  return found;
}

/** The identity provider's POST to the product's assertion consumer service, as the browser sends it. */
const postToAcs = (organizationId: number, samlResponse: string, relayState: string | null) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/saml/${organizationId}/acs/`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, ...(relayState === null ? {} : { RelayState: relayState }) }).toString(),
  });

const finish = (callbackQuery: string, browserBinding: string, language = 'en-US') =>
  app.inject({ method: 'POST', url: '/api/auth/sso/callback/', headers: { 'accept-language': language }, payload: { callback_query: callbackQuery, browser_binding: browserBinding } });

const rows = async (table: typeof tables.authTokens | typeof tables.users | typeof tables.memberships | typeof tables.ssoSamlAssertions) => (await db.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** A round started by the login page for this address, and the identity provider's response to it. */
async function roundFor(email: string, accountId: string, tweaks: SamlResponseTweaks = {}) {
  const round = await discover(email);
  const request = idp.readAuthnRequest(round.authorization_url);
  return { round, request, samlResponse: idp.response(request, accountId, tweaks) };
}

/** Posts the response to the ACS and follows the browser to the callback page's request. */
async function throughAcs(round: TSsoRound, samlResponse: string, relayState: string | null, language = 'en-US', organizationId = acme.id) {
  const acs = await postToAcs(organizationId, samlResponse, relayState);
  expect(acs.statusCode, acs.body).toBe(303);
  const location = new URL(String(acs.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  return { location, callback: await finish(location.search, round.browser_binding, language) };
}

/**
 * A refusal: its code and message in the caller's language, a log line for the administrator, and
 * nothing stored (no session, no account, no membership, no accepted assertion id).
 */
async function expectRefused(samlResponse: string, round: TSsoRound, relayState: string | null, code: string, language = 'en-US') {
  const before = { tokens: await rows(tables.authTokens), users: await rows(tables.users), members: await rows(tables.memberships), assertions: await rows(tables.ssoSamlAssertions), lines: logLines.length };
  const { callback } = await throughAcs(round, samlResponse, relayState, language);
  const logged = logLines.slice(before.lines).map((l) => JSON.parse(l) as { msg: string; code?: string; reason?: string });
  expect(callback.statusCode, callback.body).toBe(400);
  expect(callback.json(), logged.map((l) => l.reason).join('; ')).toMatchObject({ code });
  expect(logged.some((l) => l.msg === 'sso sign-in refused' && l.code === code)).toBe(true);
  expect(await rows(tables.authTokens)).toBe(before.tokens);
  expect(await rows(tables.users)).toBe(before.users);
  expect(await rows(tables.memberships)).toBe(before.members);
  if (code !== 'sso_domain_not_allowed') expect(await rows(tables.ssoSamlAssertions)).toBe(before.assertions);
  return callback.json<{ detail: string }>().detail;
}

describe('SAML settings', () => {
  it('reads the uploaded IdP metadata and shows the stable service-provider addresses and metadata', async () => {
    const settings = await configure(acmeAdmin);
    const spEntity = `${PUBLIC_URL}/api/auth/saml/${acme.id}/metadata/`;
    expect(settings).toMatchObject({
      protocol: 'saml',
      saml: { sp_entity_id: spEntity, sp_metadata_url: spEntity, sp_acs_url: `${PUBLIC_URL}/api/auth/saml/${acme.id}/acs/`, idp_metadata_set: true, idp_entity_id: idp.entityId, idp_sso_url: idp.ssoUrl, allow_idp_initiated: false },
    });
    const metadata = await app.inject({ method: 'GET', url: `/api/auth/saml/${acme.id}/metadata/` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(metadata.body).toContain(`entityID="${spEntity}"`);
    expect(metadata.body).toContain(`Location="${PUBLIC_URL}/api/auth/saml/${acme.id}/acs/"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
  });

  it('fetches the IdP metadata from its address, and keeps the stored metadata when an update brings none', async () => {
    const { saml_idp_metadata_xml: _none, ...byUrl } = samlSettings({ saml_idp_metadata_url: idp.metadataUrl });
    const fetched = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: byUrl });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json<TSsoSettings>().saml).toMatchObject({ idp_metadata_url: idp.metadataUrl, idp_entity_id: idp.entityId });
    const { saml_idp_metadata_xml: _again, ...bare } = samlSettings();
    const kept = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: bare });
    expect(kept.json<TSsoSettings>().saml.idp_entity_id).toBe(idp.entityId);
  });

  it('refuses malformed metadata XML with what is wrong in it, logs it, and stores nothing', async () => {
    await configure(acmeAdmin);
    const lines = logLines.length;
    const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: { ...authHeader(acmeAdmin), 'accept-language': 'hu-HU' }, payload: samlSettings({ saml_idp_metadata_xml: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:IDPSSODescriptor>' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('sso_saml_metadata_invalid');
    expect(res.json().detail).toMatch(/^Az identitásszolgáltató SAML-metaadatai nem használhatók: /);
    expect(logLines.slice(lines).some((l) => l.includes('sso saml metadata refused'))).toBe(true);
    const [row] = await db.db.select().from(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, acme.id));
    expect(row?.samlIdpMetadataXml).toBe(idp.metadataXml);
    // Metadata without a signing certificate is refused as well: responses could not be checked.
    const unsigned = idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    const noKey = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: authHeader(acmeAdmin), payload: samlSettings({ saml_idp_metadata_xml: unsigned }) });
    expect(noKey.json()).toMatchObject({ code: 'sso_saml_metadata_invalid' });
    expect(noKey.json().detail).toContain('no signing certificate');
  });

  it('refuses metadata with external entities (XXE) before parsing it', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE md [<!ENTITY secret SYSTEM "file:///etc/passwd">]>${idp.metadataXml.replace('<?xml version="1.0"?>', '').replace('entityID="', 'entityID="&secret;')}`;
    const lines = logLines.length;
    const res = await app.inject({ method: 'PUT', url: '/api/organization/sso/', headers: { ...authHeader(acmeAdmin), 'accept-language': 'de-DE' }, payload: samlSettings({ saml_idp_metadata_xml: xxe }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'sso_saml_metadata_dtd' });
    expect(res.json().detail).toMatch(/externe XML-Entitäten/);
    expect(logLines.slice(lines).some((l) => l.includes('sso_saml_metadata_dtd'))).toBe(true);
    const [row] = await db.db.select().from(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, acme.id));
    expect(row?.samlIdpEntityId).toBe(idp.entityId);
    expect(row?.samlIdpMetadataXml).not.toContain('ENTITY');
  });

  it("keeps each organisation's connection to itself; a response for one cannot sign into another", async () => {
    await configure(acmeAdmin);
    const betaView = await app.inject({ method: 'GET', url: '/api/organization/sso/', headers: authHeader(betaAdmin) });
    expect(betaView.json<TSsoSettings>()).toMatchObject({ protocol: 'oidc', enabled: false, saml: { idp_metadata_set: false, idp_entity_id: null } });
    expect((await app.inject({ method: 'GET', url: `/api/auth/saml/${beta.id}/metadata/` })).statusCode).toBe(404);
    await configure(betaAdmin, { allowed_domains: ['beta.test'] });
    const { round, samlResponse } = await roundFor('anna@acme.test', 'anna');
    const acs = await postToAcs(beta.id, samlResponse, new URL(round.authorization_url).searchParams.get('RelayState'));
    expect(acs.statusCode).toBe(303);
    // Beta's ACS does not know Acme's round, so its InResponseTo was never issued there.
    expect(new URL(String(acs.headers.location)).searchParams.get('saml_error')).toBe('sso_saml_in_response_to_unknown');
    // Even unsolicited responses, where Beta allows them, name Acme as their audience.
    await configure(betaAdmin, { allowed_domains: ['beta.test'], saml_allow_idp_initiated: true });
    const acmeAcs = { id: '', acsUrl: `${PUBLIC_URL}/api/auth/saml/${acme.id}/acs/`, issuer: `${PUBLIC_URL}/api/auth/saml/${acme.id}/metadata/`, relayState: null };
    const unsolicited = await postToAcs(beta.id, idp.response(acmeAcs, 'bob', { inResponseTo: null }), null);
    expect(new URL(String(unsolicited.headers.location)).searchParams.get('saml_error')).toBe('sso_wrong_audience');
    await db.db.delete(tables.ssoConnections).where(eq(tables.ssoConnections.organizationId, beta.id));
  });
});

describe('SAML sign-in', () => {
  beforeEach(async () => {
    await configure(acmeAdmin);
  });

  it('routes the address to the IdP with an AuthnRequest and signs the member in with a session of method saml', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna');
    expect(new URL(round.authorization_url).origin + new URL(round.authorization_url).pathname).toBe(idp.ssoUrl);
    expect(request).toMatchObject({ issuer: `${PUBLIC_URL}/api/auth/saml/${acme.id}/metadata/`, acsUrl: `${PUBLIC_URL}/api/auth/saml/${acme.id}/acs/` });
    const { callback } = await throughAcs(round, samlResponse, request.relayState);
    expect(callback.statusCode, callback.body).toBe(200);
    const answer = callback.json<TSsoCallbackResponse>();
    if (answer.outcome !== 'signed_in') throw new Error('not signed in');
    expect(answer.user.email).toBe('anna@acme.test');
    expect(answer.return_path).toBe('engagements/list.html');
    const sessions = await db.db.select().from(tables.authTokens).where(eq(tables.authTokens.method, 'saml'));
    expect(sessions.length).toBeGreaterThan(0);
    const journeys = await app.inject({ method: 'GET', url: '/api/engagements/', headers: authHeader(answer.token) });
    expect(journeys.statusCode).toBe(200);
  });

  it('accepts a response signed as a whole (assertion unsigned)', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { sign: 'response' });
    expect((await throughAcs(round, samlResponse, request.relayState)).callback.statusCode).toBe(200);
  });

  it('refuses an unsigned response', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { sign: 'none' });
    const detail = await expectRefused(samlResponse, round, request.relayState, 'sso_bad_signature', 'de-DE');
    expect(detail).toMatch(/unsigniert|signiert/);
  });

  it('refuses a response signed with a key not in the metadata', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { foreignKey: true });
    await expectRefused(samlResponse, round, request.relayState, 'sso_bad_signature');
  });

  it('refuses a signed assertion that was altered after signing', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna');
    const altered = Buffer.from(Buffer.from(samlResponse, 'base64').toString('utf8').replace(/Anna Acme/g, 'Mallory'), 'utf8').toString('base64');
    await expectRefused(altered, round, request.relayState, 'sso_bad_signature');
  });

  it('refuses an assertion for another audience', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { audience: 'https://other-app.example/saml' });
    await expectRefused(samlResponse, round, request.relayState, 'sso_wrong_audience');
  });

  it('refuses an assertion for another recipient', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { recipient: 'https://other-app.example/acs' });
    await expectRefused(samlResponse, round, request.relayState, 'sso_saml_wrong_recipient', 'ru-RU');
  });

  it('refuses a response for another destination', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { sign: 'response', destination: 'https://other-app.example/acs' });
    await expectRefused(samlResponse, round, request.relayState, 'sso_saml_wrong_destination');
  });

  it('refuses an expired assertion and one not valid yet (beyond the clock skew)', async () => {
    const expired = await roundFor('anna@acme.test', 'anna', { notBeforeS: -900, notOnOrAfterS: -300 });
    await expectRefused(expired.samlResponse, expired.round, expired.request.relayState, 'sso_saml_expired', 'hu-HU');
    const early = await roundFor('anna@acme.test', 'anna', { notBeforeS: 600 });
    await expectRefused(early.samlResponse, early.round, early.request.relayState, 'sso_saml_expired');
  });

  it('accepts every assertion id once: a replayed response is refused', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna');
    const first = await postToAcs(acme.id, samlResponse, request.relayState);
    // Posted again while the round still waits for its callback page: the assertion id is spent.
    await expectRefused(samlResponse, round, request.relayState, 'sso_saml_replayed');
    expect((await finish(new URL(String(first.headers.location)).search, round.browser_binding)).statusCode).toBe(200);
    // After the round is finished its request id is gone too.
    await expectRefused(samlResponse, round, request.relayState, 'sso_saml_in_response_to_unknown');
    // The same assertion id in a fresh round (an identity provider reusing ids) is refused by the replay store alone.
    const again = await roundFor('anna@acme.test', 'anna');
    const reused = idp.response(again.request, 'anna', { assertionId: assertionIdOf(samlResponse) });
    await expectRefused(reused, again.round, again.request.relayState, 'sso_saml_replayed');
  });

  it('refuses signature wrapping: the signed assertion moved beside, or under, an unsigned one', async () => {
    const beside = await roundFor('anna@acme.test', 'anna');
    await expectRefused(idp.wrapped(beside.samlResponse, 'admin@acme.test', 'beside'), beside.round, beside.request.relayState, 'sso_bad_signature');
    const nested = await roundFor('anna@acme.test', 'anna');
    await expectRefused(idp.wrapped(nested.samlResponse, 'admin@acme.test', 'nested'), nested.round, nested.request.relayState, 'sso_bad_signature');
  });

  it('refuses a response to an AuthnRequest this product never issued', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { inResponseTo: '_never-issued-0123456789' });
    await expectRefused(samlResponse, round, request.relayState, 'sso_saml_in_response_to_unknown');
  });

  it('refuses an assertion from another issuer', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna', { issuer: 'https://evil-idp.example' });
    await expectRefused(samlResponse, round, request.relayState, 'sso_wrong_issuer');
  });

  it('refuses an e-mail address outside the allowed domains', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'outsider');
    const detail = await expectRefused(samlResponse, round, request.relayState, 'sso_domain_not_allowed');
    expect(detail).toContain('elsewhere.test');
  });

  it('refuses the round in another browser (the browser binding)', async () => {
    const { round, request, samlResponse } = await roundFor('anna@acme.test', 'anna');
    const acs = await postToAcs(acme.id, samlResponse, request.relayState);
    const res = await finish(new URL(String(acs.headers.location)).search, 'someone-elses-binding');
    expect(res.json()).toMatchObject({ code: 'sso_browser_mismatch' });
    expect(round.browser_binding).not.toBe('someone-elses-binding');
  });

  it('refuses an IdP-initiated response unless an administrator turned it on, and then accepts it once', async () => {
    const request = { id: '', acsUrl: `${PUBLIC_URL}/api/auth/saml/${acme.id}/acs/`, issuer: `${PUBLIC_URL}/api/auth/saml/${acme.id}/metadata/`, relayState: null };
    const unsolicited = idp.response(request, 'anna', { inResponseTo: null });
    const off = await postToAcs(acme.id, unsolicited, null);
    const offLocation = new URL(String(off.headers.location));
    expect(offLocation.searchParams.get('saml_error')).toBe('sso_saml_idp_initiated_off');
    const told = await finish(offLocation.search, 'none', 'de-DE');
    expect(told.json()).toMatchObject({ code: 'sso_saml_idp_initiated_off' });
    expect(told.json().detail).toMatch(/Portal des Identitätsanbieters/);
    await configure(acmeAdmin, { saml_allow_idp_initiated: true });
    const on = await postToAcs(acme.id, unsolicited, null);
    const onLocation = new URL(String(on.headers.location));
    expect(onLocation.searchParams.get('idp_initiated')).toBe('1');
    const signedIn = await finish(onLocation.search, 'none');
    expect(signedIn.json()).toMatchObject({ outcome: 'signed_in', user: { email: 'anna@acme.test' } });
    const replay = await postToAcs(acme.id, unsolicited, null);
    expect(new URL(String(replay.headers.location)).searchParams.get('saml_error')).toBe('sso_saml_replayed');
    await configure(acmeAdmin, { saml_allow_idp_initiated: false });
  });
});

describe('SAML connection test', () => {
  beforeEach(async () => {
    await configure(acmeAdmin);
  });

  it('shows the attributes that came back', async () => {
    const started = await app.inject({ method: 'POST', url: '/api/organization/sso/test/', headers: authHeader(acmeAdmin) });
    expect(started.statusCode, started.body).toBe(200);
    const round = started.json<TSsoRound>();
    const request = idp.readAuthnRequest(round.authorization_url);
    const { callback } = await throughAcs(round, idp.response(request, 'admin'), request.relayState);
    expect(callback.json()).toMatchObject({ outcome: 'test', report: { ok: true, email: 'admin@acme.test', permissions: ['engagement_admin'], claims: { email: 'admin@acme.test', groups: 'ona-admins', nameID: 'admin@acme.test' } } });
  });

  it('shows exactly what failed', async () => {
    const started = await app.inject({ method: 'POST', url: '/api/organization/sso/test/', headers: authHeader(acmeAdmin) });
    const round = started.json<TSsoRound>();
    const request = idp.readAuthnRequest(round.authorization_url);
    const { callback } = await throughAcs(round, idp.response(request, 'admin', { foreignKey: true }), request.relayState);
    const answer = callback.json<TSsoCallbackResponse>();
    expect(answer).toMatchObject({ outcome: 'test', report: { ok: false, code: 'sso_bad_signature' } });
    if (answer.outcome === 'test' && !answer.report.ok) expect(answer.report.detail).toMatch(/signature/i);
  });
});

function assertionIdOf(samlResponse: string): string {
  const id = /<saml:Assertion[^>]* ID="([^"]+)"/.exec(Buffer.from(samlResponse, 'base64').toString('utf8'))?.[1];
  if (!id) throw new Error('no assertion id');
  return id;
}
