import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIERARCHY_LEVEL_CODES, type TReport360, type TReport360ListItem, type TReport360ListPage } from '@ona/contracts';
import { getAs, setUpAnalysedOrganisation, storeAnalysisWith360, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const base = (id: number) => `/api/engagements/${id}/analytics-360/`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/analytics-360/ with an analysis that had no 360 block', () => {
  it('lists no reports', async () => {
    const res = await getAs(ctx, org.tokens.admin, base(org.engagementId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], total: 0, visible: 0, page: 1, page_size: 50 });
  });
});

describe('GET /engagements/{id}/analytics-360/ with 360 answers', () => {
  beforeAll(async () => storeAnalysisWith360(ctx.db.db, org.engagementId));

  const list = async (token: string, query = '') => {
    const res = await getAs(ctx, token, `${base(org.engagementId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TReport360ListPage>();
  };

  it('lists one report per visible leader', async () => {
    const all = await list(org.tokens.admin);
    expect(all.data.map((r) => r.id).sort()).toEqual([org.people.ceo, org.people.leadA, org.people.leadB].sort());
    expect(all).toMatchObject({ total: 3, visible: 3 });
    expect(all.data.find((r) => r.id === org.people.ceo)?.hierarchy_level).toBe('strategic');
    const subtree = await list(org.tokens.leader);
    expect(subtree.data.map((r) => r.id)).toEqual([org.people.leadA]);
    expect(await list(org.tokens.member)).toMatchObject({ data: [], total: 0, visible: 0 });
  });

  it('gives each leader the level of their report', async () => {
    for (const row of (await list(org.tokens.admin)).data) {
      expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${row.id}/`)).json<TReport360>().hierarchy_level).toBe(row.hierarchy_level);
    }
  });

  it('pages by name and by level both ways, levels from strategic down, ties by name then id', async () => {
    const whole = (await list(org.tokens.admin)).data;
    const rank = (r: TReport360ListItem) => HIERARCHY_LEVEL_CODES.indexOf(r.hierarchy_level);
    const byName = (a: TReport360ListItem, b: TReport360ListItem) => a.employee.name.localeCompare(b.employee.name) || a.id - b.id;
    for (const sort of ['name', '-name', 'level', '-level']) {
      const sign = sort.startsWith('-') ? -1 : 1;
      const expected = [...whole].sort((a, b) => (sort.endsWith('name') ? sign * byName(a, b) : sign * (rank(a) - rank(b)) || byName(a, b)));
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(...(await list(org.tokens.admin, `?sort=${sort}&page_size=1&page=${page}`)).data);
      expect(pages.map((r) => r.id), sort).toEqual(expected.map((r) => r.id));
    }
    // Two leaders share a level, so the tie-break was exercised.
    expect(new Set(whole.map((r) => r.hierarchy_level)).size).toBeLessThan(whole.length);
    expect((await list(org.tokens.admin, '?sort=level'))?.data[0]?.id).toBe(org.people.ceo);
  });

  it('searches names and units accent-blind from the third character, within what the caller sees', async () => {
    expect((await list(org.tokens.admin, '?q=pe')).total).toBe(3);
    expect((await list(org.tokens.admin, '?q=P%C3%A9rson%20leadb')).data.map((r) => r.id)).toEqual([org.people.leadB]);
    expect((await list(org.tokens.admin, '?q=sales')).data.map((r) => r.id)).toEqual([org.people.leadA]);
    expect(await list(org.tokens.leader, '?q=leadb')).toMatchObject({ total: 0, visible: 1 });
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}?sort=unit`)).statusCode).toBe(400);
  });

  it('gives own selection and survey result per item of the seven dimensions', async () => {
    const res = await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${org.people.leadA}/`);
    expect(res.statusCode).toBe(200);
    const report = res.json<TReport360>();
    expect(report).toMatchObject({ id: org.people.leadA, employee: { id: org.people.leadA, name: 'Person leadA' }, withheld: false, withheld_reason: null, result: { employee_id: org.people.leadA } });
    const sizes = Object.fromEntries(['trust', 'respect', 'openness', 'improvement', 'communication', 'problem_solving', 'connection_with_leader'].map((d) => [d, (report.result as unknown as Record<string, unknown[]>)[d]?.length]));
    expect(sizes).toEqual({ trust: 5, respect: 5, openness: 3, improvement: 7, communication: 5, problem_solving: 6, connection_with_leader: 2 });
    // Five of six direct reports answered and picked leader A on each dimension's first item.
    // This stored analysis names made-up items that the journey does not hold: no wording to give.
    expect(report.result.trust[0]).toEqual({ item_id: 'trust-1', text: null, own_selection: true, survey_result: 5 / 6 });
    expect(report.result.respect[1]).toEqual({ item_id: 'respect-2', text: null, own_selection: false, survey_result: 0 });
  });

  it('withholds the survey results of a leader with fewer than five responding reports', async () => {
    const report = (await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${org.people.leadB}/`)).json<TReport360>();
    expect(report.withheld).toBe(true);
    expect(report.withheld_reason).toEqual({ code: 'group_below_minimum', minimum: 5 });
    expect(report.result.trust.every((item) => item.survey_result === null)).toBe(true);
    expect(report.result.trust[0]?.own_selection).toBe(true);
  });

  it('answers 404 outside the caller’s view, 403 without access, 404 for another organisation, 409 before analysis', async () => {
    expect((await getAs(ctx, org.tokens.leader, `${base(org.engagementId)}${org.people.leadB}/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, `${base(org.engagementId)}${org.people.a1}/`)).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.noAccess, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, `${base(org.engagementId)}${org.people.leadA}/`)).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, base(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, base(org.unanalysedEngagementId))).statusCode).toBe(409);
  });
});
