import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, tables } from '@ona/db';
import { createOrganization, createUser } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { issueSetupToken, SETUP_TOKENS_KEY } from './setup-tokens.ts';

const PASSWORD = 'first-admin-pass';

function setupBody(token: string, overrides: Record<string, unknown> = {}) {
  return { token, organization_name: 'Acme Ltd', name: 'Ann Admin', email: 'ann@acme.test', password1: PASSWORD, password2: PASSWORD, ...overrides };
}

async function storedCounts(ctx: TestContext) {
  const db = ctx.db.db;
  const [organizations] = await db.select({ n: count() }).from(tables.organizations);
  const [users] = await db.select({ n: count() }).from(tables.users);
  const [memberships] = await db.select({ n: count() }).from(tables.memberships);
  const [authTokens] = await db.select({ n: count() }).from(tables.authTokens);
  return { organizations: organizations?.n, users: users?.n, memberships: memberships?.n, authTokens: authTokens?.n };
}

const NOTHING = { organizations: 0, users: 0, memberships: 0, authTokens: 0 };

describe('first run on an empty database', () => {
  let ctx: TestContext;
  let firstToken: string;
  let secondToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'http://app.test' });
    // Two starts (or two instances starting together) each printed a link: both work.
    firstToken = (await issueSetupToken(ctx.db)) ?? '';
    secondToken = (await issueSetupToken(ctx.db)) ?? '';
  });
  afterAll(async () => ctx.close());

  const post = (payload: Record<string, unknown>, language = 'en-US') =>
    ctx.app.inject({ method: 'POST', url: '/api/setup/', headers: { 'accept-language': language }, payload });

  it('issues a different random token at every start while nobody has set up', () => {
    expect(firstToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secondToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(firstToken).not.toBe(secondToken);
  });

  it('keeps only hashes of the set-up tokens', async () => {
    const [row] = await ctx.db.db.select().from(tables.systemSettings).where(eq(tables.systemSettings.key, SETUP_TOKENS_KEY));
    const stored = JSON.stringify(row?.value);
    expect(stored).not.toContain(firstToken);
    expect(stored).not.toContain(secondToken);
    expect((row?.value as { hashes: string[] }).hashes).toHaveLength(2);
  });

  it('answers needed: true without signing in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/setup/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ needed: true });
  });

  it('refuses an unknown token with 400 invalid_setup_token in the request language and stores nothing', async () => {
    const res = await post(setupBody('not-a-printed-token'), 'hu-HU');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_setup_token', detail: 'Ez a beállítási hivatkozás érvénytelen. Kérjük, használja azt a hivatkozást, amelyet a szerver induláskor kiírt.' });
    expect(await storedCounts(ctx)).toEqual(NOTHING);
  });

  it('refuses a password shorter than 8 characters and two different passwords as field errors, storing nothing', async () => {
    const short = await post(setupBody(firstToken, { password1: 'short', password2: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 'validation_error', detail: 'Please check the data you entered.', errors: { password1: ['The password must be at least 8 characters long.'] } });
    const mismatch = await post(setupBody(firstToken, { password2: `${PASSWORD}-other` }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ password2: ['The two passwords do not match.'] });
    expect(await storedCounts(ctx)).toEqual(NOTHING);
  });

  it('refuses a bad e-mail and empty names as field errors, storing nothing', async () => {
    const res = await post(setupBody(firstToken, { email: 'not-an-address', organization_name: '   ', name: '' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'organization_name']);
    expect(await storedCounts(ctx)).toEqual(NOTHING);
  });

  it('rolls the organisation back when storing the administrator fails half-way', async () => {
    // PostgreSQL refuses a NUL character in text: the organisation is inserted, the user is not.
    const res = await post(setupBody(firstToken, { name: 'Ann\u0000Admin' }));
    expect(res.statusCode).toBe(500);
    expect(await storedCounts(ctx)).toEqual(NOTHING);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/setup/' })).json()).toEqual({ needed: true });
  });

  it('creates the organisation and its administrator with every permission and signs them in (201)', async () => {
    const res = await post(setupBody(firstToken), 'de-DE,de;q=0.9');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ name: 'Ann Admin', email: 'ann@acme.test', can_change_organization: true, organization: { name: 'Acme Ltd', default_language: 'de' } });
    expect([...body.user.permissions].sort()).toEqual(['engagement_admin', 'instant_survey_admin', 'organization_admin']);
    expect(body.user.available_organizations).toEqual([{ id: body.user.organization.id, name: 'Acme Ltd' }]);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().organization).toEqual(body.user.organization);
    const [organization] = await ctx.db.db.select().from(tables.organizations);
    expect(organization?.defaultLanguage).toBe('de');
    // The chosen password signs in from now on.
    expect(await loginAs(ctx.app, 'ann@acme.test', PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 409 setup_done to the same token used twice and to every other printed token', async () => {
    const before = await storedCounts(ctx);
    const again = await post(setupBody(firstToken, { email: 'other@acme.test' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'setup_done', detail: 'This installation is already set up. Please sign in.' });
    const other = await post(setupBody(secondToken, { email: 'other@acme.test' }), 'hu-HU');
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe('Ez a telepítés már be van állítva. Kérjük, jelentkezzen be.');
    expect(await storedCounts(ctx)).toEqual(before);
    expect(await ctx.db.db.select().from(tables.systemSettings).where(eq(tables.systemSettings.key, SETUP_TOKENS_KEY))).toEqual([]);
  });

  it('describes both calls in the OpenAPI document with every answer', async () => {
    const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const setup = docs.paths['/api/setup/'];
    expect(Object.keys(setup.get.responses)).toEqual(['200']);
    expect(Object.keys(setup.post.responses).sort()).toEqual(['201', '400', '409', '429']);
    expect(setup.post.requestBody).toBeDefined();
  });

  it('answers needed: false and issues no token once set up', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/setup/' })).json()).toEqual({ needed: false });
    expect(await issueSetupToken(ctx.db)).toBeNull();
  });
});

describe('set-up once a user exists', () => {
  let ctx: TestContext;
  afterAll(async () => ctx.close());

  it('refuses a still-stored token with 409 setup_done when a user was created otherwise', async () => {
    ctx = await createTestApp({ publicUrl: 'http://app.test' });
    const token = (await issueSetupToken(ctx.db)) ?? '';
    const org = await createOrganization(ctx.db.db, 'Existing');
    await createUser(ctx.db.db, { email: 'someone@existing.test', organizationIds: [org.id] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/setup/', payload: setupBody(token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('setup_done');
    expect(await storedCounts(ctx)).toMatchObject({ organizations: 1, users: 1 });
  });
});

describe('two set-ups at once', () => {
  let ctx: TestContext;
  afterAll(async () => ctx.close());

  it('lets exactly one of two simultaneous set-ups with two valid tokens through', async () => {
    ctx = await createTestApp({ publicUrl: 'http://app.test' });
    const tokens = [(await issueSetupToken(ctx.db)) ?? '', (await issueSetupToken(ctx.db)) ?? ''];
    const answers = await Promise.all(
      tokens.map((token, i) => ctx.app.inject({ method: 'POST', url: '/api/setup/', payload: setupBody(token, { email: `admin${i}@acme.test` }) })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await storedCounts(ctx)).toEqual({ organizations: 1, users: 1, memberships: 1, authTokens: 1 });
  });
});
