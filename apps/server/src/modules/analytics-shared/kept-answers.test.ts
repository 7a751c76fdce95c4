import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccessRightsRow, TRetentionAnalytics, TRetentionEmployeeListPage, TSurveyStatistics } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { analyseThroughApi, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { authHeader, createTestApp } from '../../testing/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let org: AnalyticsOrganisation;
const retention = (id = org.engagementId) => `/api/engagements/${id}/retention-analytics-results/`;

function get(url: string, token: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers: { ...authHeader(token), ...headers } });
}

/** Statements that read the analysis result, the employees or the units. */
const readsAnalysedData = (statements: string[]) => statements.filter((s) => /"result"|from "employees"|from "units"|employees\b.*where|from units/i.test(s));

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('ETag and 304 of an analysis answer', () => {
  it('answers with a strong ETag, and 304 with an empty body to a request that holds it', async () => {
    const first = await get(retention(), org.tokens.admin);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(retention(), org.tokens.admin);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const unchanged = await get(retention(), org.tokens.admin, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // A list of tags, and the weak form a proxy may have made of it, match too.
    expect((await get(retention(), org.tokens.admin, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(retention(), org.tokens.admin, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers 304 without reading the analysis, the employees or the units', async () => {
    const etag = (await get(retention(), org.tokens.admin)).headers.etag as string;
    const { response, statements } = await countRequestStatements(ctx, { method: 'GET', url: retention(), headers: { ...authHeader(org.tokens.admin), 'if-none-match': etag } });
    expect(response.statusCode).toBe(304);
    // The caller is known (the caller cache) and the ETag kept: one statement checks the access
    // and finds the latest run. The view is still a read of person-level data, so its audit entry
    // is written too (a transaction of two statements: modules/audit).
    const audit = statements.filter((s) => /audit_|^\s*(begin|commit)/i.test(s));
    expect(statements.filter((s) => !audit.includes(s))).toHaveLength(1);
    expect(audit).toHaveLength(4);
    expect(readsAnalysedData(statements)).toEqual([]);
  });

  it('keeps one answer per language: another language has another body and another ETag', async () => {
    const english = await get(retention(), org.tokens.admin, { 'accept-language': 'en' });
    const hungarian = await get(retention(), org.tokens.admin, { 'accept-language': 'hu-HU' });
    expect(hungarian.statusCode).toBe(200);
    expect(hungarian.headers.etag).not.toBe(english.headers.etag);
    expect(hungarian.json<TRetentionAnalytics>().explanations).not.toEqual(english.json<TRetentionAnalytics>().explanations);
    expect((await get(retention(), org.tokens.admin, { 'accept-language': 'hu-HU', 'if-none-match': english.headers.etag as string })).statusCode).toBe(200);
  });

  it('never serves one scope’s answer to another: the access check runs before the ETag is looked at', async () => {
    const admin = await get(retention(), org.tokens.admin);
    const etag = admin.headers.etag as string;
    const leader = await get(retention(), org.tokens.leader, { 'if-none-match': etag });
    expect(leader.statusCode).toBe(200);
    expect(leader.headers.etag).not.toBe(etag);
    expect(leader.json<TRetentionAnalytics>().risk_summary.total).toBeLessThan(admin.json<TRetentionAnalytics>().risk_summary.total);
    expect((await get(retention(), org.tokens.noAccess, { 'if-none-match': etag })).statusCode).toBe(403);
    expect((await get(retention(), org.tokens.otherOrg, { 'if-none-match': etag })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: retention(), headers: { 'if-none-match': etag } })).statusCode).toBe(401);
  });

  it('sends the kept answer compressed once per encoding the caller accepts', async () => {
    const plain = await get(retention(), org.tokens.admin);
    const compressed = await get(retention(), org.tokens.admin, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    // Another representation, another strong ETag; either one revalidates the answer.
    expect(compressed.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-br"'));
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect((await get(retention(), org.tokens.admin, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const revalidated = await get(retention(), org.tokens.admin, { 'accept-encoding': 'br', 'if-none-match': compressed.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(compressed.headers.etag);
  });

  it('gives every kept analysis answer an ETag and a 304', async () => {
    const leaderId = org.people.leadA;
    const urls = [
      'key-people-analytics/',
      'leader-reports/',
      'analytics-360/',
      'graph-visualization/',
      'graph-visualization/?edges=mutual',
      'metrics/',
      'metrics/?sort=-in_degree',
      'individual-reports/',
      `individual-reports/${leaderId}/`,
      'survey-statistics/',
    ].map((path) => `/api/engagements/${org.engagementId}/${path}`);
    for (const url of urls) {
      const first = await get(url, org.tokens.admin);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"/);
      expect((await get(url, org.tokens.admin, { 'if-none-match': etag })).statusCode, url).toBe(304);
    }
    const pages = await Promise.all(urls.slice(5, 7).map((url) => get(url, org.tokens.admin)));
    expect(pages[0]?.headers.etag).not.toBe(pages[1]?.headers.etag);
  });
});

describe('what makes a kept answer stale shows on the very next request', () => {
  it('a new analysis run', async () => {
    const before = await get(retention(), org.tokens.admin);
    await analyseThroughApi(ctx, org.engagementId, org.tokens.admin);
    const after = await get(retention(), org.tokens.admin, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<TRetentionAnalytics>().analysed_at).not.toBe(before.json<TRetentionAnalytics>().analysed_at);
  });

  it('an employee renamed or moved, and a unit renamed, by any write path', async () => {
    // The whole answer names only the people its results name: the datasheet names everyone.
    const datasheet = `${retention()}employees/?page_size=500`;
    const before = await get(datasheet, org.tokens.admin);
    await ctx.db.db.update(tables.employees).set({ name: 'Person a1 renamed' }).where(eq(tables.employees.id, org.people.a1));
    const renamed = await get(datasheet, org.tokens.admin, { 'if-none-match': before.headers.etag as string });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain('Person a1 renamed');

    const beforeUnit = await get(retention(), org.tokens.admin);
    await ctx.db.db.update(tables.units).set({ name: 'Sales and marketing' }).where(eq(tables.units.id, org.units.sales));
    const unitRenamed = await get(retention(), org.tokens.admin, { 'if-none-match': beforeUnit.headers.etag as string });
    expect(unitRenamed.statusCode).toBe(200);
    expect(unitRenamed.body).toContain('Sales and marketing');

    await ctx.db.db.update(tables.employees).set({ unitId: org.units.support }).where(eq(tables.employees.id, org.people.a1));
    const moved = (await get(`${retention()}employees/?id=${org.people.a1}`, org.tokens.admin)).json<TRetentionEmployeeListPage>();
    expect(moved.data.find((e) => e.id === org.people.a1)?.unit).toBe(org.units.support);
  });

  it('a change of access rights through the API', async () => {
    const rows = (await get(`/api/engagements/${org.engagementId}/access-rights/`, org.tokens.admin)).json<TAccessRightsRow[]>();
    const leaderUser = rows.find((r) => r.email === 'leada@acme.test');
    if (!leaderUser) throw new Error('no leader user');
    const subtree = await get(retention(), org.tokens.leader);
    expect(subtree.json<TRetentionAnalytics>().risk_summary.total).toBeGreaterThan(1);
    const update = (level: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/access-rights/bulk-update/`, headers: authHeader(org.tokens.admin), payload: { users: [leaderUser.id], access_rights: { retention_analytics: level } } });
    expect((await update('self_only')).statusCode).toBe(200);
    const selfOnly = await get(retention(), org.tokens.leader, { 'if-none-match': subtree.headers.etag as string });
    expect(selfOnly.statusCode).toBe(200);
    expect(selfOnly.json<TRetentionAnalytics>().risk_summary.total).toBe(1);
    expect((await update('no_access')).statusCode).toBe(200);
    expect((await get(retention(), org.tokens.leader, { 'if-none-match': selfOnly.headers.etag as string })).statusCode).toBe(403);
    expect((await update('subtree')).statusCode).toBe(200);
  });

  it('a survey answer saved, for the statistics read live from the answers', async () => {
    const url = `/api/engagements/${org.engagementId}/survey-statistics/`;
    const before = await get(url, org.tokens.admin);
    expect(before.json<TSurveyStatistics>().engagement.participant_count).toBe(12);
    const [question] = await ctx.db.db.select({ id: tables.questions.id }).from(tables.questions).where(eq(tables.questions.engagementId, org.engagementId)).limit(1);
    if (!question) throw new Error('no question');
    await ctx.db.db.insert(tables.answers).values({ engagementId: org.engagementId, employeeId: org.people.a6, questionId: question.id, selectedEmployeeIds: [org.people.a1] });
    const after = await get(url, org.tokens.admin, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<TSurveyStatistics>()).not.toEqual(before.json<TSurveyStatistics>());
  });
});
