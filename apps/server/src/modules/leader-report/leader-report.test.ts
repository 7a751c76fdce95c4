import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@ona/db';
import type { TLeaderReport, TLeaderReportListItem, TLeaderReportListPage } from '@ona/contracts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
let codes: Map<number, string>;
const base = (id: number) => `/api/engagements/${id}/leader-reports/`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  const rows = await ctx.db.db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, org.engagementId));
  codes = new Map(rows.map((r) => [r.leaderEmployeeId, r.code]));
});
afterAll(async () => ctx.close());

const clearFailures = (userId: number) => ctx.db.db.delete(tables.reportCodeFailures).where(eq(tables.reportCodeFailures.userId, userId));
async function userIdOf(email: string): Promise<number> {
  const [user] = await ctx.db.db.select().from(tables.users).where(eq(tables.users.email, email));
  return user?.id ?? 0;
}

const list = async (token: string, query = '') => {
  const res = await getAs(ctx, token, `${base(org.engagementId)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TLeaderReportListPage>();
};

describe('GET /engagements/{id}/leader-reports/', () => {
  it('lists every leader for all_access admins, with the authorization codes', async () => {
    const page = await list(org.tokens.admin);
    expect(page).toMatchObject({ total: 3, visible: 3, page: 1, page_size: 50 });
    expect(page.data.map((r) => r.id).sort()).toEqual([org.people.ceo, org.people.leadA, org.people.leadB].sort());
    const teamA = page.data.find((r) => r.id === org.people.leadA);
    expect(teamA).toMatchObject({ leader: { name: 'Person leadA' }, unit: { id: org.units.sales, name: 'Sales' }, team_size: 6, respondent_count: 5, authorization_code: codes.get(org.people.leadA) });
  });

  it('counts each team as the report itself does, though the list reads only the people', async () => {
    for (const row of (await list(org.tokens.admin)).data) {
      const report = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${row.id}/?authorization_code=${row.authorization_code}`)).json<TLeaderReport>();
      expect({ team: row.team_size, respondents: row.respondent_count, name: row.leader.name }).toEqual({ team: report.team_size, respondents: report.respondent_count, name: report.user_name });
    }
  });

  it('pages every sort both ways into the whole sorted list, ties by name then id', async () => {
    const whole = (await list(org.tokens.admin)).data;
    const byName = (a: TLeaderReportListItem, b: TLeaderReportListItem) => a.leader.name.localeCompare(b.leader.name) || a.id - b.id;
    const keyOf: Record<string, (a: TLeaderReportListItem, b: TLeaderReportListItem) => number> = {
      name: () => 0,
      unit: (a, b) => (a.unit?.name ?? '').localeCompare(b.unit?.name ?? ''),
      team_size: (a, b) => a.team_size - b.team_size,
      respondents: (a, b) => a.respondent_count - b.respondent_count,
    };
    for (const [key, compare] of Object.entries(keyOf)) {
      for (const descending of [false, true]) {
        const sort = `${descending ? '-' : ''}${key}`;
        const sign = descending ? -1 : 1;
        const expected = [...whole].sort((a, b) => (key === 'name' ? sign * byName(a, b) : sign * compare(a, b) || byName(a, b)));
        const pages = [];
        for (let page = 1; page <= 3; page++) pages.push(...(await list(org.tokens.admin, `?sort=${sort}&page_size=1&page=${page}`)).data);
        expect(pages.map((r) => r.id), sort).toEqual(expected.map((r) => r.id));
      }
    }
    expect((await list(org.tokens.admin, '?page_size=2&page=2')).data).toHaveLength(1);
  });

  it('searches leader names and units, accent-blind, from the third character, within what the caller sees', async () => {
    expect((await list(org.tokens.admin, '?q=le')).total).toBe(3);
    const found = await list(org.tokens.admin, '?q=P%C3%89RSON%20LEADA');
    expect(found.data.map((r) => r.id)).toEqual([org.people.leadA]);
    expect(found).toMatchObject({ total: 1, visible: 3 });
    expect((await list(org.tokens.admin, '?q=sales')).data.map((r) => r.id)).toEqual([org.people.leadA]);
    expect((await list(org.tokens.leader, '?q=leadb')).total).toBe(0);
  });

  it('gives one leader’s row by id, only when the caller sees it', async () => {
    expect((await list(org.tokens.admin, `?id=${org.people.leadB}`)).data.map((r) => r.id)).toEqual([org.people.leadB]);
    expect((await list(org.tokens.leader, `?id=${org.people.leadB}`)).data).toEqual([]);
    expect((await list(org.tokens.admin, `?id=${org.people.a1}`)).data).toEqual([]);
  });

  it('rejects an unknown sort and a page size above 500', async () => {
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?sort=code`)).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?page_size=501`)).statusCode).toBe(400);
  });

  it('gives subtree the caller’s own report only, without codes', async () => {
    const page = await list(org.tokens.leader);
    expect(page.data).toEqual([expect.objectContaining({ id: org.people.leadA, authorization_code: null })]);
    expect(page).toMatchObject({ total: 1, visible: 1 });
  });

  it('gives self_only a member no report, and refuses no_access, module_disabled and other organisations', async () => {
    expect(await list(org.tokens.member)).toMatchObject({ data: [], total: 0, visible: 0 });
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, base(org.unanalysedEngagementId))).json().code).toBe('analysis_not_ready');
  });
});

describe('GET /engagements/{id}/leader-reports/{leaderReportId}/', () => {
  it('opens with the right code: four factors scored 1 to 10 with their sub-scores and lists', async () => {
    const leadA = org.people.leadA;
    const res = await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${leadA}/?authorization_code=${codes.get(leadA)}`);
    expect(res.statusCode).toBe(200);
    const report = res.json<TLeaderReport>();
    expect(report).toMatchObject({ id: leadA, user_name: 'Person leadA', team_size: 6, respondent_count: 5, withheld: false, withheld_reason: null });
    for (const factor of ['attention', 'prestige', 'impartiality', 'relationship'] as const) {
      expect(report.result[factor].score).toBeGreaterThanOrEqual(1);
      expect(report.result[factor].score).toBeLessThanOrEqual(10);
    }
    expect(Object.keys(report.result.prestige).sort()).toEqual(['advice', 'attention', 'expertise', 'personal', 'score']);
    expect(Object.keys(report.result.attention).sort()).toEqual(['corporate_news', 'opinion', 'recognition', 'score', 'work_info']);
    expect(report.result.impartiality.sympathy).toHaveLength(6);
    // leadA named a1 and a2 for sympathy; four of the five respondents (all but a1) named leadA for expertise.
    expect(report.result.relationship.sympathy.given.map((e) => e.name).sort()).toEqual(['Person a1', 'Person a2']);
    expect(report.result.relationship.expertise.received_count).toBe(4);
  });

  it('never shows which member named the leader', async () => {
    const leadA = org.people.leadA;
    const report = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${leadA}/?authorization_code=${codes.get(leadA)}`)).json<TLeaderReport>();
    const text = JSON.stringify(report);
    expect(text).not.toContain('"received":');
    for (const tie of report.result.impartiality.sympathy) expect(Object.keys(tie).sort()).toEqual(['employee', 'given']);
  });

  it('withholds every score of a team with fewer than five respondents', async () => {
    const leadB = org.people.leadB;
    const report = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${leadB}/?authorization_code=${codes.get(leadB)}`)).json<TLeaderReport>();
    expect(report).toMatchObject({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, respondent_count: 2 });
    expect(report.result.attention).toEqual({ score: null, opinion: null, work_info: null, recognition: null, corporate_news: null });
    expect(report.result.relationship.sympathy.received_count).toBeNull();
  });

  it('answers 400 invalid_authorization_code for a wrong or missing code, in the request’s language', async () => {
    const leadA = org.people.leadA;
    const wrong = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${leadA}/?authorization_code=WRONG123`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'invalid_authorization_code', detail: 'Invalid authorization code' });
    const missing = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${leadA}/`, 'hu-HU');
    expect(missing.json()).toEqual({ code: 'invalid_authorization_code', detail: 'Érvénytelen engedélyezési kód' });
    // Another leader's code does not open this report.
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${leadA}/?authorization_code=${codes.get(org.people.leadB)}`)).statusCode).toBe(400);
    await clearFailures(await userIdOf('admin@acme.test'));
  });

  it('answers 429 after ten wrong codes in 15 minutes, even for the right code, and counts per user', async () => {
    const leadA = org.people.leadA;
    const url = (code: string) => `${base(org.engagementId)}${leadA}/?authorization_code=${code}`;
    for (let i = 0; i < 10; i++) expect((await getAs(ctx, org.tokens.leader, url(`BAD${i}CODE`))).statusCode).toBe(400);
    const locked = await getAs(ctx, org.tokens.leader, url(codes.get(leadA) ?? ''));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
    expect((await getAs(ctx, org.tokens.admin, url(codes.get(leadA) ?? ''))).statusCode).toBe(200);
    const leaderId = await userIdOf('leada@acme.test');
    // Failures older than the window no longer count.
    await ctx.db.db.update(tables.reportCodeFailures).set({ failedAt: new Date(Date.now() - 16 * 60 * 1000) }).where(eq(tables.reportCodeFailures.userId, leaderId));
    expect((await getAs(ctx, org.tokens.leader, url(codes.get(leadA) ?? ''))).statusCode).toBe(200);
  });

  it('checks exactly ten of 50 parallel wrong codes (400); the other 40 answer 429', async () => {
    const leadA = org.people.leadA;
    const leaderId = await userIdOf('leada@acme.test');
    await clearFailures(leaderId);
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${leadA}/?authorization_code=GUESS${String(i).padStart(3, '0')}`)));
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    await clearFailures(leaderId);
  });

  it('does not count the right code as a failure', async () => {
    const leadA = org.people.leadA;
    const leaderId = await userIdOf('leada@acme.test');
    await clearFailures(leaderId);
    const url = (code: string) => `${base(org.engagementId)}${leadA}/?authorization_code=${code}`;
    for (let i = 0; i < 3; i++) expect((await getAs(ctx, org.tokens.leader, url(codes.get(leadA) ?? ''))).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await getAs(ctx, org.tokens.leader, url(`BAD${i}CODE`))).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.leader, url(codes.get(leadA) ?? ''))).statusCode).toBe(429);
    await clearFailures(leaderId);
  });

  it('answers 404 for a report outside the caller’s subtree or for someone who leads nobody', async () => {
    const leadB = org.people.leadB;
    expect((await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${leadB}/?authorization_code=${codes.get(leadB)}`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${org.people.a1}/?authorization_code=AAAAAAAA`)).statusCode).toBe(404);
    const rows = await ctx.db.db.select().from(tables.reportCodeFailures).where(and(eq(tables.reportCodeFailures.userId, await userIdOf('admin@acme.test'))));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /engagements/{id}/leader-reports/export/', () => {
  it('exports every leader’s scores for all_access, with small teams withheld', async () => {
    const res = await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}export/`, 'de-DE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leader-reports-acme-spring-2026.xlsx"; filename*=UTF-8''${encodeURIComponent('führungskräfteberichte-acme-spring-2026.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Führungskräfteberichte')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 10)).toEqual(['Führungskraft', 'Mitarbeiter-ID', 'Einheit', 'Teamgröße', 'Befragte mit Antwort', 'Aufmerksamkeit', 'Ansehen', 'Objektivität', 'Integration im Team']);
    const rows = sheet.getRows(2, sheet.rowCount - 1)!;
    const teamB = rows.find((r) => r.getCell(1).value === 'Person leadB')!;
    expect(teamB.getCell(6).value).toBe('zurückgehalten (weniger als 5 Antwortende)');
    const teamA = rows.find((r) => r.getCell(1).value === 'Person leadA')!;
    expect(typeof teamA.getCell(6).value).toBe('number');
  });

  it('is refused to subtree and self_only callers, who must open each report with its code', async () => {
    expect((await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}export/`)).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.member, `${base(org.engagementId)}export/`)).statusCode).toBe(403);
  });
});
