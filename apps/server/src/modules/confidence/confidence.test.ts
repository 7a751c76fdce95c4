import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, tables, type DbHandle } from '@ona/db';
import type { AnalysisResult } from '@ona/analytics';
import type { TConfidence, TPersonCoverage } from '@ona/contracts';
import { buildApp, type App } from '../../app.ts';
import { loadStandardDemo } from '../../demo/standard-demo.ts';
import { getAs } from '../../testing/analytics-fixtures.ts';
import { loginAs } from '../../testing/test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { storedResultOf } from '../../testing/stored-result.ts';

let db: DbHandle;
let app: App;
let engagementId: number;
let stored: AnalysisResult;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await loadStandardDemo(db.db, '2026-11-22');
  app = await buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false });
  await app.ready();
  admin = await loginAs(app, 'admin@example.com', 'demo1234');
  // The demo administrator's analysed spring wave, as the browser tests open it.
  const engagements = (await getAs({ app }, admin, '/api/engagements/')).json<{ id: number; name: string }[]>();
  engagementId = engagements.find((e) => e.name.includes('spring'))!.id;
  const [run] = await db.db
    .select({ id: tables.analysisRuns.id })
    .from(tables.analysisRuns)
    .where(and(eq(tables.analysisRuns.status, 'done'), eq(tables.analysisRuns.engagementId, engagementId)))
    .orderBy(desc(tables.analysisRuns.id))
    .limit(1);
  if (!run) throw new Error('the demo’s spring wave is not analysed');
  stored = (await storedResultOf(db.db, run.id))!;
  // Generating and analysing the demo's waves takes minutes on the shared, loaded machine.
}, 600_000);
afterAll(async () => {
  await app.close();
  await db.close();
});

const url = (path = '') => `/api/engagements/${engagementId}/confidence/${path}`;

describe('confidence of the demo’s analysis', () => {
  it('gives the response rate with its band and, per network, the rank stability of each centrality', async () => {
    const res = await getAs({ app }, admin, `${url()}?module=key_people_analytics`);
    expect(res.statusCode).toBe(200);
    const body = res.json<TConfidence>();
    expect(body.available).toBe(true);
    const answered = stored.employees.filter((e) => e.hasAnswered).length;
    expect(body.response).toEqual({ asked: stored.employees.length, answered, rate: answered / stored.employees.length, band: 'high' });
    expect(body.response!.rate).toBeGreaterThanOrEqual(0.8);
    expect(body.thresholds).toEqual({ high_min_rate: 0.8, moderate_min_rate: 0.65, stable_min_correlation: 0.8 });
    // The work network, each asked kind and each asked category, as the metrics page lists them.
    expect(body.networks[0]).toMatchObject({ network: 'work', label: 'All work questions', repeats: 12 });
    expect(body.networks.map((n) => n.network)).toEqual(expect.arrayContaining(['work', 'kind:advice', 'category:trust']));
    const work = Object.fromEntries(body.networks[0]!.centralities.map((c) => [c.centrality, c]));
    expect(work.in_degree!.verdict).toBe('stable');
    expect(work.in_degree!.mean!).toBeGreaterThan(work.betweenness!.mean!);
    expect(work.in_degree!.samples).toBe(12);
  });

  it('names the networks in the request’s language', async () => {
    const body = (await getAs({ app }, admin, url(), 'hu-HU')).json<TConfidence>();
    expect(body.networks[0]!.label).not.toBe('All work questions');
  });

  it('says how many of the colleagues who could name a person answered, from the organisation chart', async () => {
    const employees = await db.db.select({ id: tables.employees.id }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId));
    const index = new Map(stored.employeeIds.map((id, i) => [Number(id), i]));
    const person = employees.find((e) => (stored.confidence.coverage[index.get(e.id)!]?.circle ?? 0) >= 5)!;
    const res = await getAs({ app }, admin, `${url(`people/${person.id}/`)}?module=individual_reports`);
    expect(res.statusCode).toBe(200);
    const coverage = stored.confidence.coverage[index.get(person.id)!]!;
    expect(res.json<TPersonCoverage>()).toEqual({ employee_id: person.id, available: true, withheld: false, circle: coverage.circle, answered: coverage.answered, min_group_size: 5 });
  });

  it('refuses a person outside the caller’s view, an unknown module and a caller without a token', async () => {
    const [member] = await db.db
      .select({ id: tables.employees.id })
      .from(tables.employees)
      .innerJoin(tables.users, eq(tables.users.id, tables.employees.userId))
      .where(and(eq(tables.employees.engagementId, engagementId), eq(tables.users.email, 'employee@example.com')));
    const other = stored.employeeIds.map(Number).find((id) => id !== member?.id)!;
    const employee = await loginAs(app, 'employee@example.com', 'demo1234');
    expect((await getAs({ app }, employee, `${url(`people/${other}/`)}?module=individual_reports`)).statusCode).toBe(404);
    expect((await getAs({ app }, admin, `${url()}?module=nonsense`)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });
});
