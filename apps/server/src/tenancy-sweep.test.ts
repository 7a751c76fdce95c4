import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, PERMISSIONS, ZApiError } from '@ona/contracts';
import { asc, eq, ne, tables } from '@ona/db';
import { DEMO_PASSWORD } from './demo/load-demo.ts';
import { loadStandardDemo } from './demo/standard-demo.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from './testing/fixtures.ts';
import { decodeQuotedPrintable, startSmtpCatcher } from './testing/smtp-catcher.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from './testing/test-app.ts';

/**
 * One organisation never sees another's data, whatever route a future change adds: every route of
 * the OpenAPI document is called by an administrator of another organisation (every permission,
 * all_access on an engagement of their own) with the demo organisation's ids in its path.
 */

/** Routes a stranger may call by design: signing in, joining an instant survey as a participant. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health/',
  'POST /api/auth/login/',
  'POST /api/auth/logout/',
  'POST /api/auth/password/reset/',
  'POST /api/auth/password/reset/confirm/',
  'POST /api/instant-survey/surveys/login-with-survey-code/',
  // Participant calls: they take the participant's token of that very survey, not a login.
  'GET /api/instant-survey/surveys/{id}/fill-info/',
  'POST /api/instant-survey/surveys/{id}/create-user/',
  'POST /api/instant-survey/surveys/{id}/save-answer/',
  'POST /api/instant-survey/surveys/{id}/finish/',
  // SAML: the service provider's metadata and assertion consumer service, called by the identity
  // provider and the browser coming from it (modules/sso/saml; saml.test.ts tries another organisation's).
  'GET /api/auth/saml/{organizationId}/metadata/',
  'POST /api/auth/saml/{organizationId}/acs/',
  // Logos load in an <img> without a token; only the current versioned path of a stored logo answers.
  'GET /api/organization-logos/{organizationId}/{file}',
]);

const REQUIRED_QUERIES: Record<string, string> = {
  '/api/engagements/{id}/access-rights/details/': '?users=1',
  // The earlier journey of a wave comparison; the compared one is the demo's.
  '/api/engagements/{id}/comparison/': '?with=1',
  '/api/engagements/{id}/comparison/ties/': '?with=1',
  '/api/engagements/{id}/comparison/export/': '?with=1',
  '/api/engagements/{id}/comparison/calibration/': '?with=1',
  '/api/engagements/{id}/comparison/leavers/{employeeId}/': '?with=1',
  // The exchange format of a network export.
  '/api/engagements/{id}/graph-visualization/export/': '?format=gexf',
};

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
/**
 * Who is swept: an administrator of another organisation made by fixtures, and the administrator
 * of an organisation created through the API (platform administrator → new organisation →
 * invitation e-mail → password set through its link), as a real customer's would be.
 */
const sweepers: Record<'intruder' | 'newcomer', string> = { intruder: '', newcomer: '' };
let routes: { method: string; path: string }[];
/** The demo organisations' ids, by path parameter. */
let demoIds: Record<string, number>;
let demoAdminToken: string;
/** Texts that only the demo organisations' data contains. */
let demoSecrets: string[];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  const db = ctx.db.db;
  await loadStandardDemo(db, '2026-11-24');
  const intruderOrg = await createOrganization(db, 'Intruder Ltd');
  const intruder = await createUser(db, { email: 'intruder@intruder.test', organizationIds: [intruderOrg.id], permissions: [...PERMISSIONS] });
  const own = await createEngagement(db, intruderOrg.id, 'Intruder survey');
  await grantAccess(db, own.engagement.id, intruder.id, Object.fromEntries(MODULES.map((m) => [m, 'all_access'])));
  sweepers.intruder = await loginAs(ctx.app, intruder.email, FIXTURE_PASSWORD);
  sweepers.newcomer = await newOrganizationAdministrator();

  const [engagement] = await db.select().from(tables.engagements).where(ne(tables.engagements.organizationId, intruderOrg.id)).orderBy(asc(tables.engagements.id)).limit(1);
  if (!engagement) throw new Error('the demo has no engagement');
  const employees = await db.select().from(tables.employees).where(eq(tables.employees.engagementId, engagement.id)).orderBy(asc(tables.employees.id));
  const leader = employees.find((e) => employees.some((other) => other.leaderId === e.id));
  const [question] = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagement.id)).limit(1);
  const [survey] = await db.select().from(tables.instantSurveys).where(ne(tables.instantSurveys.organizationId, intruderOrg.id)).limit(1);
  // The demo's instant survey tool has no saved users or groups of its own: give it one of each.
  const [instantUser] = await db.insert(tables.instantUsers).values({ organizationId: engagement.organizationId, name: 'Demo Participant Zsófia', email: 'zsofia@demo.test' }).returning();
  const [group] = await db.insert(tables.instantGroups).values({ organizationId: engagement.organizationId, name: 'Demo Workshop Group' }).returning();
  const [demoMember] = await db.select().from(tables.memberships).where(eq(tables.memberships.organizationId, engagement.organizationId)).limit(1);
  if (!leader || !question || !survey || !instantUser || !group || !demoMember) throw new Error('the demo lacks a leader, question, instant survey, user, group or member');
  // The demo administrator's own session and passkey: the sweepers name them on the /users/me/ routes.
  const demoToken = await loginAs(ctx.app, 'admin@example.com', DEMO_PASSWORD);
  const demoSessions = (await ctx.app.inject({ method: 'GET', url: '/api/users/me/sessions/', headers: authHeader(demoToken) })).json<{ id: number; current: boolean }[]>();
  const demoSession = demoSessions.find((x) => x.current);
  const [demoAdmin] = await db.select().from(tables.users).where(eq(tables.users.email, 'admin@example.com'));
  const [passkey] = await db.insert(tables.userPasskeys).values({ userId: demoAdmin!.id, credentialId: 'demo-credential', publicKey: 'demo-public-key', name: 'Demo YubiKey' }).returning();
  if (!demoSession || !passkey) throw new Error('the demo administrator has no session or passkey');
  demoAdminToken = demoToken;
  demoIds = { organization: engagement.organizationId, user: demoMember.userId, engagement: engagement.id, employee: leader.id, question: question.id, survey: survey.id, instantUser: instantUser.id, group: group.id, session: demoSession.id, passkey: passkey.id };
  demoSecrets = [engagement.name, survey.title, survey.code, instantUser.name, group.name, ...employees.slice(0, 20).map((e) => e.name)];

  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  routes = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
}, 300_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** The new organisation's administrator, made only through the API, as a customer would. */
async function newOrganizationAdministrator(): Promise<string> {
  const db = ctx.db.db;
  const home = await createOrganization(db, 'Platform Operators');
  await createUser(db, { email: 'platform@operators.test', organizationIds: [home.id], canChangeOrganization: true });
  const platformToken = await loginAs(ctx.app, 'platform@operators.test', FIXTURE_PASSWORD);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/organizations/', headers: authHeader(platformToken), payload: { name: 'Newcomer Ltd', default_language: 'en' } });
  if (created.statusCode !== 201) throw new Error(`creating the organisation failed: ${created.body}`);
  await ctx.app.inject({ method: 'POST', url: '/api/users/me/set-organization/', headers: authHeader(platformToken), payload: { organization: created.json<{ id: number }>().id } });
  const invited = await ctx.app.inject({ method: 'POST', url: '/api/organization/users/', headers: authHeader(platformToken), payload: { name: 'New Admin', email: 'admin@newcomer.test', permissions: [...PERMISSIONS] } });
  if (invited.statusCode !== 201) throw new Error(`the invitation failed: ${invited.body}`);
  const link = /uid=(\d+)&token=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable((await smtp.waitFor('admin@newcomer.test')).raw));
  const password = 'newcomer-password';
  const set = await ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: { uid: link?.[1], token: decodeURIComponent(link?.[2] ?? ''), new_password1: password, new_password2: password } });
  if (set.statusCode !== 200) throw new Error(`setting the password failed: ${set.body}`);
  return loginAs(ctx.app, 'admin@newcomer.test', password);
}

/** The path with the demo's ids in it, chosen by what each parameter names. */
function withDemoIds(path: string): string {
  return path
    .replace(/^\/api\/organizations\/\{id\}/, `/api/organizations/${demoIds.organization}`)
    .replace(/^\/api\/organization\/users\/\{id\}/, `/api/organization/users/${demoIds.user}`)
    // The caller's own records: the sweepers name the demo administrator's session and passkey.
    .replace(/^\/api\/users\/me\/sessions\/\{id\}/, `/api/users/me/sessions/${demoIds.session}`)
    .replace(/^\/api\/users\/me\/passkeys\/\{id\}/, `/api/users/me/passkeys/${demoIds.passkey}`)
    .replace(/^\/api\/instant-survey\/surveys\/\{id\}/, `/api/instant-survey/surveys/${demoIds.survey}`)
    .replace(/^\/api\/instant-survey\/users\/\{id\}/, `/api/instant-survey/users/${demoIds.instantUser}`)
    .replace(/^\/api\/instant-survey\/groups\/\{id\}/, `/api/instant-survey/groups/${demoIds.group}`)
    .replace('{id}', String(demoIds.engagement))
    .replace('{reportId}', String(demoIds.employee))
    .replace('{employeeId}', String(demoIds.employee))
    .replace('{questionId}', String(demoIds.question))
    .replace('{kind}', 'invitation')
    // The demo's collaboration files: the caller's own organisation's (404 where it is no demo).
    .replace('{file}', 'slack')
    .replace('{language}', 'en');
}

it('finds the route table complete enough to sweep', () => {
  expect(routes.length).toBeGreaterThan(60);
  expect(routes.filter((r) => r.path.includes('{')).length).toBeGreaterThan(45);
});

describe.each([
  ['another organisation’s administrator', 'intruder'],
  ['the administrator of an organisation created through the API', 'newcomer'],
] as const)('%s', (_label, who) => {

  it('gets 403 or 404 with the error shape from every route that names a demo record, and never its data', async () => {
    const answered: string[] = [];
    for (const { method, path } of routes) {
      if (PUBLIC_ROUTES.has(`${method} ${path}`) || !path.includes('{')) continue;
      // Queries that a route requires, so that it reaches its tenancy check.
      const url = withDemoIds(path) + (REQUIRED_QUERIES[path] ?? '');
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: authHeader(sweepers[who]), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      answered.push(`${method} ${path} ${res.statusCode}`);
      // A body that fails validation (400) is refused before any record is read: also no leak.
      expect([403, 404, 400], `${method} ${url}`).toContain(res.statusCode);
      expect(ZApiError.safeParse(res.json()).success, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(true);
      for (const secret of demoSecrets) expect(res.body, `${method} ${url}`).not.toContain(secret);
    }
    // Reading calls have no body to fail: each of them must have been refused on tenancy itself.
    const readsRefused = answered.filter((line) => line.startsWith('GET ') && !/ (403|404)$/.test(line));
    expect(readsRefused).toEqual([]);
  });

  it('leaves the demo’s records in place after every refused change', async () => {
    const db = ctx.db.db;
    // The demo administrator's session and passkey, named by the sweep, are still theirs.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: authHeader(demoAdminToken) })).statusCode).toBe(200);
    expect(await db.select().from(tables.userPasskeys).where(eq(tables.userPasskeys.id, demoIds.passkey!))).toHaveLength(1);
    expect(await db.select().from(tables.engagements).where(eq(tables.engagements.id, demoIds.engagement!))).toHaveLength(1);
    expect(await db.select().from(tables.instantSurveys).where(eq(tables.instantSurveys.id, demoIds.survey!))).toHaveLength(1);
    expect(await db.select().from(tables.instantUsers).where(eq(tables.instantUsers.id, demoIds.instantUser!))).toHaveLength(1);
    expect(await db.select().from(tables.instantGroups).where(eq(tables.instantGroups.id, demoIds.group!))).toHaveLength(1);
  });

  it('sees none of the demo’s records in any list it may read', async () => {
    for (const { method, path } of routes) {
      if (method !== 'GET' || path.includes('{') || PUBLIC_ROUTES.has(`${method} ${path}`)) continue;
      const res = await ctx.app.inject({ method: 'GET', url: path, headers: authHeader(sweepers[who]) });
      expect(res.statusCode, path).toBeLessThan(500);
      for (const secret of demoSecrets) expect(res.body, path).not.toContain(secret);
    }
  });
});
