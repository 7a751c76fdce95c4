import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, tables, type DbHandle } from '@ona/db';
import type { AnalysisResult } from '@ona/analytics';
import type { TLeaderReport, TLeaderReportListPage, TReport360, TReport360ListPage } from '@ona/contracts';
import { buildApp, type App } from '../../app.ts';
import { loadStandardDemo } from '../../demo/standard-demo.ts';
import { getAs } from '../../testing/analytics-fixtures.ts';
import { retentionWithPeople } from '../../testing/retention-people.ts';
import { loginAs } from '../../testing/test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { storedResultOf } from '../../testing/stored-result.ts';

let db: DbHandle;
let app: App;
let engagementId: number;
let stored: AnalysisResult;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadStandardDemo(db.db, '2026-11-22');
  app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
  await app.ready();
  const [leader] = await db.db.select().from(tables.users).where(eq(tables.users.email, 'leader@example.com'));
  const [run] = await db.db
    .select({ engagementId: tables.analysisRuns.engagementId, id: tables.analysisRuns.id })
    .from(tables.analysisRuns)
    .innerJoin(tables.employees, eq(tables.employees.engagementId, tables.analysisRuns.engagementId))
    .where(and(eq(tables.analysisRuns.status, 'done'), eq(tables.employees.userId, leader?.id ?? 0)))
    .orderBy(desc(tables.analysisRuns.id))
    .limit(1);
  if (!run) throw new Error('the demo has no analysed engagement of the demo leader');
  engagementId = run.engagementId;
  stored = (await storedResultOf(db.db, run.id))!;
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('the analytics on the standard demo', () => {
  it('opens the demo leader’s report with the code DEMOLEAD', async () => {
    const token = await loginAs(app, 'leader@example.com', 'demo1234');
    const list = (await getAs({ app }, token, `/api/engagements/${engagementId}/leader-reports/`)).json<TLeaderReportListPage>().data;
    const [leaderEmployee] = await db.db.select().from(tables.employees).innerJoin(tables.users, eq(tables.users.id, tables.employees.userId)).where(and(eq(tables.users.email, 'leader@example.com'), eq(tables.employees.engagementId, engagementId)));
    const own = list.find((r) => r.id === leaderEmployee?.employees.id);
    expect(own).toBeDefined();
    const res = await getAs({ app }, token, `/api/engagements/${engagementId}/leader-reports/${own?.id}/?authorization_code=DEMOLEAD`);
    expect(res.statusCode).toBe(200);
    const report = res.json<TLeaderReport>();
    expect(report.team_size).toBeGreaterThanOrEqual(5);
    expect(report.withheld).toBe(false);
    expect(report.result.prestige.score).toBeGreaterThanOrEqual(1);
  });

  it('shows the admin every risk level the demo produces', async () => {
    const token = await loginAs(app, 'admin@example.com', 'demo1234');
    const res = await getAs({ app }, token, `/api/engagements/${engagementId}/retention-analytics-results/`);
    expect(res.statusCode).toBe(200);
    const body = await retentionWithPeople({ app }, token, engagementId);
    const produced = [...new Set(stored.employees.map((e) => e.risk_level))].sort();
    expect(produced).toEqual(expect.arrayContaining([0, 3, 4]));
    expect([...new Set(body.employees.map((e) => e.risk_level))].sort()).toEqual(produced);
    expect(body.employees).toHaveLength(stored.employees.length);
    expect(body.results.key_people_in_danger.length).toBeGreaterThan(0);
    expect(Object.values(body.results.groups).every((rows) => rows.length > 0)).toBe(true);
  });
});

describe('the 360 reports of the standard demo', () => {
  const dimensions = { trust: 5, respect: 5, openness: 3, improvement: 7, communication: 5, problem_solving: 6, connection_with_leader: 2 };

  it('lists a 360 report for every leader and gives own selection and survey result per item of the seven dimensions', async () => {
    const token = await loginAs(app, 'admin@example.com', 'demo1234');
    const res = await getAs({ app }, token, `/api/engagements/${engagementId}/analytics-360/?page_size=500`);
    expect(res.statusCode).toBe(200);
    const list = res.json<TReport360ListPage>();
    expect(list.total).toBeGreaterThan(10);
    expect(list.total).toBe(stored.reports360.length);
    const items = await db.db.select().from(tables.leadershipItems).where(eq(tables.leadershipItems.engagementId, engagementId));
    const itemIds = new Set(items.map((item) => String(item.id)));

    const reports: TReport360[] = [];
    for (const entry of list.data) {
      const detail = await getAs({ app }, token, `/api/engagements/${engagementId}/analytics-360/${entry.id}/`);
      expect(detail.statusCode).toBe(200);
      reports.push(detail.json<TReport360>());
    }
    for (const report of reports) {
      const result = report.result as unknown as Record<string, { item_id: string; own_selection: boolean; survey_result: number | null }[]>;
      expect(Object.fromEntries(Object.keys(dimensions).map((d) => [d, result[d]?.length]))).toEqual(dimensions);
      for (const d of Object.keys(dimensions)) {
        for (const item of result[d] ?? []) {
          expect(itemIds.has(item.item_id)).toBe(true);
          expect(typeof item.own_selection).toBe('boolean');
          if (!report.withheld) expect(item.survey_result).toBeGreaterThanOrEqual(0);
          if (!report.withheld) expect(item.survey_result).toBeLessThanOrEqual(1);
        }
      }
    }
    const shown = reports.filter((r) => !r.withheld);
    expect(shown.length).toBeGreaterThan(5);
    // Leaders differ: some are chosen by most of their team, some by few.
    const means = shown.map((r) => {
      const values = Object.values(r.result).flatMap((v) => (Array.isArray(v) ? v.map((item) => item.survey_result ?? 0) : []));
      return values.reduce((sum, v) => sum + v, 0) / values.length;
    });
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(0.3);
    expect(reports.some((r) => Object.values(r.result).some((v) => Array.isArray(v) && v.some((item) => item.own_selection)))).toBe(true);
  });

  it('shows the demo leader their own 360 report', async () => {
    const token = await loginAs(app, 'leader@example.com', 'demo1234');
    const [leaderEmployee] = await db.db
      .select({ id: tables.employees.id })
      .from(tables.employees)
      .innerJoin(tables.users, eq(tables.users.id, tables.employees.userId))
      .where(and(eq(tables.users.email, 'leader@example.com'), eq(tables.employees.engagementId, engagementId)));
    const list = (await getAs({ app }, token, `/api/engagements/${engagementId}/analytics-360/?page_size=500`)).json<TReport360ListPage>().data;
    expect(list.map((r) => r.id)).toContain(leaderEmployee?.id);
    const report = (await getAs({ app }, token, `/api/engagements/${engagementId}/analytics-360/${leaderEmployee?.id}/`)).json<TReport360>();
    expect(report.withheld).toBe(false);
    expect(report.result.trust).toHaveLength(5);
  });
});
