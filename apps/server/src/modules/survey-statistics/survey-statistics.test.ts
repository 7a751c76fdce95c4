import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@ona/db';
import type { TSurveyStatistics } from '@ona/contracts';
import { createAnalyticsOrganisation, getAs, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: Omit<AnalyticsOrganisation, 'tokens'>;
let tokens: Record<string, string>;
const base = (id: number) => `/api/engagements/${id}/survey-statistics/`;

// No analysis is run in this file: the statistics come live from the answers.
beforeAll(async () => {
  ctx = await createTestApp();
  const { emails, ...rest } = await createAnalyticsOrganisation(ctx.db.db);
  org = rest;
  tokens = {};
  for (const [role, email] of Object.entries(emails)) tokens[role] = await loginAs(ctx.app, email, FIXTURE_PASSWORD);
  await ctx.db.db.insert(tables.surveyParticipations).values({ engagementId: org.engagementId, employeeId: org.people.a1, finishedAt: new Date('2026-03-09T08:00:00Z') });
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/survey-statistics/', () => {
  it('gives the response rate overall, per unit and per day before any analysis', async () => {
    const res = await getAs(ctx, tokens.admin!, base(org.engagementId));
    expect(res.statusCode).toBe(200);
    const body = res.json<TSurveyStatistics>();
    expect(body.engagement).toEqual({ id: org.engagementId, name: 'Acme spring 2026', default_language: 'en', participant_count: 12 });
    const fill = body.fill_statistics;
    expect(fill).toMatchObject({ participant_count: 12, answered_count: 10, finished_count: 1, response_rate: 10 / 12, withheld: false, legend: { low: [0, 13], high_from: 14 } });
    expect((fill.low_answer_count ?? 0) + (fill.high_answer_count ?? 0)).toBe(10);
    const sales = fill.units.find((u) => u.id === org.units.sales);
    // Company (10 respondents) minus Sales (6) would give the 4 respondents of the CEO and Support,
    // whose own figures are withheld: Sales is withheld too (difference protection).
    expect(sales).toMatchObject({
      participant_count: 7,
      answered_count: null,
      subtree_answered_count: null,
      subtree_withheld_reason: { code: 'difference_below_minimum', minimum: 5 },
      // Sales' direct members are its whole subtree: withheld with it.
      withheld: true,
      withheld_reason: { code: 'protects_withheld_group', minimum: 5 },
    });
    const company = fill.units.find((u) => u.id === org.units.company);
    expect(company).toMatchObject({ participant_count: 1, answered_count: null, response_rate: null, withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, subtree_participant_count: 12, subtree_answered_count: 10, subtree_withheld_reason: null });
    expect(fill.over_time.at(-1)).toEqual({ date: '2026-03-09', answered: 1, cumulative: 10 });
    expect(fill.over_time.map((d) => d.date)).toEqual([...fill.over_time.map((d) => d.date)].sort());
  });

  it('withholds a unit that, with the figures beside it, would give one person away', async () => {
    // At a minimum of 2, Company's 10 respondents are its CEO (withheld alone), Sales (6) and
    // Support (3): shown together, 10 − 6 − 3 would say whether the CEO answered.
    const lenient = await buildApp({ db: ctx.db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 2 }, webDistDir: '/nonexistent', pollJobs: false });
    const body = (await getAs({ app: lenient }, tokens.admin!, base(org.engagementId)).finally(() => lenient.close())).json<TSurveyStatistics>();
    const unit = (id: number) => body.fill_statistics.units.find((u) => u.id === id)!;
    expect(unit(org.units.company)).toMatchObject({ withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 2 }, subtree_answered_count: 10, subtree_withheld: false });
    expect(unit(org.units.sales)).toMatchObject({ answered_count: 6, withheld: false, withheld_reason: null });
    expect(unit(org.units.support)).toMatchObject({ answered_count: null, subtree_answered_count: null, withheld: true, withheld_reason: { code: 'protects_withheld_group', minimum: 2 }, subtree_withheld_reason: { code: 'protects_withheld_group', minimum: 2 } });
  });

  it('withholds a unit with fewer than five respondents', async () => {
    const body = (await getAs(ctx, tokens.admin!, base(org.engagementId))).json<TSurveyStatistics>();
    expect(body.fill_statistics.units.find((u) => u.id === org.units.support)).toMatchObject({ participant_count: 4, answered_count: null, response_rate: null, low_answer_count: null, withheld: true });
  });

  it('counts only the subtree for subtree and withholds a self_only view', async () => {
    const subtree = (await getAs(ctx, tokens.leader!, base(org.engagementId))).json<TSurveyStatistics>();
    expect(subtree.fill_statistics).toMatchObject({ participant_count: 7, answered_count: 6 });
    expect(subtree.fill_statistics.units.map((u) => u.name)).toEqual(['Company', 'Sales']);
    const self = (await getAs(ctx, tokens.member!, base(org.engagementId))).json<TSurveyStatistics>();
    expect(self.fill_statistics).toMatchObject({ participant_count: 1, answered_count: null, response_rate: null, withheld: true, over_time: [] });
  });

  it('answers 403 for no_access and module_disabled and 404 for another organisation', async () => {
    expect((await getAs(ctx, tokens.noAccess!, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, tokens.disabled!, base(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, tokens.otherOrg!, base(org.engagementId))).statusCode).toBe(404);
  });
});

describe('GET /engagements/{id}/survey-statistics/export/', () => {
  it('answers an xlsx with the overview, units and days', async () => {
    const res = await getAs(ctx, tokens.admin!, `${base(org.engagementId)}export/`, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="survey-statistics-acme-spring-2026.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Survey statistics', 'Units', 'Answers over time']);
    const overview = workbook.getWorksheet('Survey statistics')!;
    expect((overview.getRow(1).values as unknown[]).slice(1)).toEqual(['Participants', 'Answered', 'Response rate', 'Low answer count (0–13)', 'High answer count (14+)']);
    expect(overview.getRow(2).getCell(1).value).toBe(12);
    expect(overview.getRow(2).getCell(2).value).toBe(10);
    const units = workbook.getWorksheet('Units')!;
    const support = units.getRows(2, units.rowCount - 1)!.find((r) => r.getCell(1).value === 'Support')!;
    expect(support.getCell(3).value).toBe('withheld (fewer than 5 respondents)');
  });
});
