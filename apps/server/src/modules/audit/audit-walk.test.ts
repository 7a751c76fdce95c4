import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@ona/contracts';
import { and, asc, count, desc, eq, gt, tables } from '@ona/db';
import { useAnalysedOrganisation } from '../../testing/analysed-app.ts';
import { storeAnalysisWith360, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { addEarlierWave, type EarlierWave } from '../../testing/wave-fixtures.ts';
import { createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, loginAs, type TestContext } from '../../testing/test-app.ts';
import { PERSON_LEVEL_READS } from './audited-routes.ts';

/**
 * Every person-level read and every export that the OpenAPI document marks (`x-audit-action`)
 * writes exactly one audit entry per successful call, and nothing of what it answered; a refused
 * call writes none. The routes come from the document, so a new marked route is walked too, and
 * a person-level route left unmarked is caught by its path.
 */

/** Paths that read person-level data by what they are called: each must carry a mark. */
const PERSON_LEVEL_PATH = /\/(individual-reports|leader-reports|analytics-360|retention-analytics-results|key-people-analytics|metrics|graph-visualization|confidence\/people|declared-vs-working|comparison(?!\/journeys|\/calibration|\/leavers))\b|\/export|survey-result-to-graph/;

let ctx: TestContext;
let org: AnalyticsOrganisation;
let earlier: EarlierWave;
useAnalysedOrganisation((c, o) => {
  ctx = c;
  org = o;
});

interface DocumentedRoute {
  method: string;
  path: string;
  action: string | undefined;
}
let routes: DocumentedRoute[];
/** Names and e-mails of the organisation: none may appear in an entry. */
let personalTexts: string[];
/** The authorization code of leader A's report. */
let leaderCode: string;

beforeAll(async () => {
  earlier = await addEarlierWave(ctx, org);
  // A run with a 360 block, so that a leader's 360 report answers.
  await storeAnalysisWith360(ctx.db.db, org.engagementId);
  const leaders = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/leader-reports/`, headers: authHeader(org.tokens.admin) });
  leaderCode = leaders.json<{ data: { id: number; authorization_code: string | null }[] }>().data.find((r) => r.id === org.people.leadA)?.authorization_code ?? '';
  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json<{ paths: Record<string, Record<string, { 'x-audit-action'?: string }>> }>().paths;
  routes = Object.entries(paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, op]) => ({ method: method.toUpperCase(), path, action: op['x-audit-action'] })));
  const db = ctx.db.db;
  const employees = await db.select({ name: tables.employees.name, email: tables.employees.email }).from(tables.employees);
  const users = await db.select({ name: tables.users.name, email: tables.users.email }).from(tables.users);
  personalTexts = [...employees, ...users].flatMap((p) => [p.name, p.email]).filter((t): t is string => typeof t === 'string' && t.length >= 4);
}, 120_000);

/** Data-subject requests: not reads of analysis data, but each call is on record once all the same. */
const DATA_SUBJECT_ACTIONS = new Set(['personal_data.export', 'person.erasure']);

/** The person a one-person route is about: a leader for leader and 360 reports. */
const subjectOf = (path: string): number => (/leader-reports|analytics-360/.test(path) ? org.people.leadA : org.people.a2);

/** The path with the fixture's ids in it; the queries some routes need to answer. */
function urlOf(path: string): string {
  const query = path.includes('/comparison/') ? `?with=${earlier.engagementId}` : path.endsWith('/graph-visualization/export/') ? '?format=gexf' : path.endsWith('/leader-reports/{reportId}/') ? `?authorization_code=${leaderCode}` : '';
  return path
    .replace('{id}', String(org.engagementId))
    .replace('{reportId}', String(subjectOf(path)))
    .replace('{employeeId}', String(org.people.a2)) + query;
}

async function lastSeq(): Promise<number> {
  const [row] = await ctx.db.db.select({ seq: tables.auditEntries.seq }).from(tables.auditEntries).where(eq(tables.auditEntries.organizationId, org.orgId)).orderBy(desc(tables.auditEntries.seq)).limit(1);
  return row?.seq ?? 0;
}

describe('the audit walk over the OpenAPI document', () => {
  it('finds every person-level path marked, with a known action', () => {
    const unmarked = routes.filter((r) => r.method === 'GET' && PERSON_LEVEL_PATH.test(r.path) && !r.path.includes('template') && r.action === undefined);
    expect(unmarked).toEqual([]);
    for (const route of routes) if (route.action) expect(AUDIT_ACTIONS).toContain(route.action);
    expect(routes.filter((r) => r.action && PERSON_LEVEL_READS.has(r.action as never)).length).toBeGreaterThan(20);
  });

  it('writes exactly one entry per successful person-level call, naming the route and ids, with none of the data', async () => {
    const walked: string[] = [];
    const refused: string[] = [];
    for (const route of routes) {
      // The audit log's own export is tested in audit-log.test.ts; the instant-survey tool's export needs a survey of that tool (instant-survey tests).
      if (!route.action || !PERSON_LEVEL_READS.has(route.action as never) || route.path.startsWith('/api/organization/audit-log/') || route.path.startsWith('/api/instant-survey/')) continue;
      const before = await lastSeq();
      const url = urlOf(route.path);
      const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: authHeader(org.tokens.admin), ...(route.method === 'POST' ? { payload: {} } : {}) });
      const own = await ctx.db.db.select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.orgId), gt(tables.auditEntries.seq, before))).orderBy(asc(tables.auditEntries.seq));
      if (res.statusCode >= 400) {
        // Refused (the upload route without a file): nothing was read, nothing is recorded.
        expect(own, `${route.method} ${url} ${res.statusCode}`).toEqual([]);
        refused.push(`${route.method} ${route.path} ${res.statusCode} ${res.body.slice(0, 80)}`);
        continue;
      }
      walked.push(`${route.method} ${route.path}`);
      expect(own, `${route.method} ${url}`).toHaveLength(1);
      const [entry] = own;
      expect(entry?.action).toBe(route.action);
      expect(entry?.route).toBe(`${route.method} ${route.path}`);
      expect(entry?.engagementId).toBe(org.engagementId);
      if (route.path.includes('{reportId}')) expect(entry?.subjectEmployeeId).toBe(subjectOf(route.path));
      const stored = JSON.stringify(entry);
      for (const text of personalTexts) expect(stored, `${route.path} holds "${text}"`).not.toContain(text);
    }
    // Every marked GET answered for the administrator (the walk is not vacuous).
    const markedGets = routes.filter((r) => r.method === 'GET' && r.action && PERSON_LEVEL_READS.has(r.action as never) && !r.path.startsWith('/api/organization/audit-log/') && !r.path.startsWith('/api/instant-survey/'));
    expect(refused.filter((line) => line.startsWith('GET ')), walked.join('\n')).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(markedGets.length);
  }, 120_000);

  it('writes nothing for a call refused on access', async () => {
    const before = await ctx.db.db.select({ n: count() }).from(tables.auditEntries);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/individual-reports/${org.people.a2}/`, headers: authHeader(org.tokens.noAccess) });
    expect(res.statusCode).toBe(403);
    const after = await ctx.db.db.select({ n: count() }).from(tables.auditEntries);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('writes exactly one entry for each data-subject export and for the erasure, with ids only', async () => {
    const db = ctx.db.db;
    await createUser(db, { email: 'dpo@acme.test', name: 'Dana Protection', organizationIds: [org.orgId], permissions: ['organization_admin'] });
    const dpo = await loginAs(ctx.app, 'dpo@acme.test', FIXTURE_PASSWORD);
    // A directory person in no open journey, so that the erasure is allowed.
    const [subject] = await db.insert(tables.directoryPeople).values({ organizationId: org.orgId, externalId: 'E-WALK', userName: 'walter.walk@acme.test', email: 'walter.walk@acme.test', displayName: 'Walter Walkthrough', unitPath: 'Company / Sales' }).returning();
    if (!subject) throw new Error('no directory person');
    const marked = routes.filter((r) => r.action && DATA_SUBJECT_ACTIONS.has(r.action));
    expect(marked.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /api/organization/directory/people/{id}/personal-data/',
      'GET /api/organization/directory/people/{id}/personal-data/export/',
      'POST /api/organization/directory/people/{id}/erasure/',
    ]);
    // The exports first: after the erasure there is nobody left to export by name.
    for (const route of [...marked].sort((a, b) => a.method.localeCompare(b.method))) {
      const before = await lastSeq();
      const url = route.path.replace('{id}', String(subject.id));
      const res = await ctx.app.inject({ method: route.method as 'GET' | 'POST', url, headers: authHeader(dpo), ...(route.method === 'POST' ? { payload: { nominations: 'anonymise' } } : {}) });
      expect(res.statusCode, `${route.method} ${url} ${res.body.slice(0, 200)}`).toBe(200);
      const own = await db.select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.orgId), gt(tables.auditEntries.seq, before)));
      expect(own, `${route.method} ${route.path}`).toHaveLength(1);
      expect(own[0]).toMatchObject({ action: route.action, route: `${route.method} ${route.path}`, targetIds: { id: subject.id } });
      const stored = JSON.stringify(own[0]);
      for (const text of ['Walter Walkthrough', 'walter.walk@acme.test', 'E-WALK']) expect(stored).not.toContain(text);
    }
    // Erasing the same person again is refused, and a refusal writes nothing.
    const before = await lastSeq();
    const again = await ctx.app.inject({ method: 'POST', url: `/api/organization/directory/people/${subject.id}/erasure/`, headers: authHeader(dpo), payload: { nominations: 'anonymise' } });
    expect(again.statusCode).toBe(409);
    expect(await lastSeq()).toBe(before);
  });
});
