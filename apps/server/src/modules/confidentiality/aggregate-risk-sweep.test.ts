import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, tables } from '@ona/db';
import { DEMO_PASSWORD } from '../../demo/load-demo.ts';
import { DEMO_LOGIN_EMAILS } from '../../demo/generate-demo.ts';
import { loadStandardDemo } from '../../demo/standard-demo.ts';
import { translate } from '../../i18n/translate.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

/**
 * "Aggregate risk only for leaders" (docs/privacy/confidentiality.md), swept from the OpenAPI
 * document like the tenancy sweep: every GET route the demo leader can read, on every analysed
 * journey of the demo, answers no individual's risk level, neither in a JSON body nor in an
 * xlsx or text export. The same sweep as HR (all_access) does find individual levels, so the check
 * bites.
 */

/** Column headers of exports that carry one person's risk (English: the sweep asks in English). */
const RISK_COLUMNS = [translate('en', 'analytics.export.col_risk_level'), translate('en', 'analytics.export.col_risk_factors'), translate('en', 'waves.export.col_risk_then'), translate('en', 'waves.export.col_risk_now'), translate('en', 'waves.export.col_risk_change')];
/** Dysfunctions and reasons that name one person's risk. */
const PERSONAL_RISK_CODES = ['leaderHighRisk', 'keyPersonHighRisk', 'centralMemberAtRisk', 'soleBridgeAtRisk'];

let ctx: TestContext;
let routes: string[];
let leaderToken: string;
let adminToken: string;
/** Analysed demo journeys, each with the journey it is the next wave of (for `?with=`). */
let journeys: { id: number; previous: number | null; leaderEmployeeId: number | null }[];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  await loadStandardDemo(db, '2026-11-24');
  const analysed = await db.selectDistinct({ id: tables.analysisRuns.engagementId }).from(tables.analysisRuns).where(eq(tables.analysisRuns.status, 'done'));
  const ids = analysed.map((r) => r.id);
  const rows = await db.select().from(tables.engagements).where(inArray(tables.engagements.id, ids));
  // The journeys opened with the setting on (a journey keeps what it opened with; the API refuses the change while one is open).
  await db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: true }).where(inArray(tables.engagements.id, ids));
  const [leader] = await db.select().from(tables.users).where(eq(tables.users.email, DEMO_LOGIN_EMAILS.leader));
  if (!leader) throw new Error('the demo has no leader');
  // The leader also reads the executive report and per-person metrics of their subtree: the sweep covers those routes too.
  for (const module of ['executive_reports', 'key_people_analytics']) {
    await db.update(tables.moduleAccess).set({ accessLevel: 'subtree' }).where(and(inArray(tables.moduleAccess.engagementId, ids), eq(tables.moduleAccess.userId, leader.id), eq(tables.moduleAccess.module, module)));
  }
  const own = await db.select({ id: tables.employees.id, engagementId: tables.employees.engagementId }).from(tables.employees).where(and(inArray(tables.employees.engagementId, ids), eq(tables.employees.userId, leader.id)));
  journeys = rows.sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, previous: r.previousEngagementId, leaderEmployeeId: own.find((o) => o.engagementId === r.id)?.id ?? null }));
  leaderToken = await loginAs(ctx.app, DEMO_LOGIN_EMAILS.leader, DEMO_PASSWORD);
  adminToken = await loginAs(ctx.app, DEMO_LOGIN_EMAILS.admin, DEMO_PASSWORD);
  const paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  routes = Object.entries(paths).flatMap(([path, operations]) => ('get' in operations && path.startsWith('/api/engagements/{id}/') ? [path] : []));
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

/** Every person-level risk level found in a JSON body: the value of each `risk_level` key, and person lists that only exist for risk. */
function individualRiskIn(value: unknown, path = '$', found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => individualRiskIn(item, `${path}[${i}]`, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'risk_level' && inner !== null) found.push(`${path}.risk_level=${String(inner)}`);
      else if (key === 'key_people_in_danger' && Array.isArray(inner) && inner.length > 0) found.push(`${path}.key_people_in_danger`);
      else if (key === 'risk_factors' && Array.isArray(inner) && inner.length > 0 && path.includes('employees')) found.push(`${path}.risk_factors`);
      else if ((key === 'code' || key === 'reasons') && (PERSONAL_RISK_CODES.includes(String(inner)) || (Array.isArray(inner) && inner.some((c) => PERSONAL_RISK_CODES.includes(String(c)))))) found.push(`${path}.${key}`);
      else individualRiskIn(inner, `${path}.${key}`, found);
    }
  }
  return found;
}

/** Non-empty cells under a risk column of any sheet of an xlsx file. */
async function individualRiskInWorkbook(body: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const found: string[] = [];
  workbook.eachSheet((sheet) => {
    // The team's distribution: one row per level with its count, no person in it.
    if (sheet.name === translate('en', 'analytics.export.sheet_risk_distribution')) return;
    const header = sheet.getRow(1);
    header.eachCell((cell, column) => {
      if (!RISK_COLUMNS.includes(String(cell.value))) return;
      sheet.eachRow((row, number) => {
        const value = row.getCell(column).value;
        if (number > 1 && value !== null && value !== '') found.push(`${sheet.name}!${number}:${column}=${String(value)}`);
      });
    });
  });
  return found;
}

/** Every GET route of a journey, called with the journey's ids; what each 200 answer holds of individual risk. */
async function sweep(token: string): Promise<{ answered: string[]; leaks: string[] }> {
  const answered: string[] = [];
  const leaks: string[] = [];
  for (const journey of journeys) {
    for (const path of routes) {
      const person = journey.leaderEmployeeId ?? 0;
      let url = path.replace('{id}', String(journey.id)).replace('{reportId}', String(person)).replace('{employeeId}', String(person));
      if (path.includes('/comparison/')) {
        if (journey.previous === null) continue;
        url += `?with=${journey.previous}`;
      }
      if (path.endsWith('/graph-visualization/export/')) url += '?format=csv';
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...authHeader(token), 'accept-language': 'en' } });
      if (res.statusCode !== 200) continue;
      answered.push(path);
      const type = String(res.headers['content-type'] ?? '');
      const where = `${path} (journey ${journey.id})`;
      if (type.includes('json')) leaks.push(...individualRiskIn(res.json()).map((l) => `${where} ${l}`));
      else if (type.includes('spreadsheetml')) leaks.push(...(await individualRiskInWorkbook(res.rawPayload)).map((l) => `${where} ${l}`));
      else if (type.startsWith('text/') || type.includes('xml')) {
        if (/risk[_ ]?level/i.test(res.body)) leaks.push(`${where} names a risk level`);
      }
    }
  }
  return { answered, leaks };
}

describe('aggregate risk only for leaders, swept over the OpenAPI document', () => {
  it('gives the leader no individual risk level from any endpoint or export', async () => {
    const { answered, leaks } = await sweep(leaderToken);
    expect(leaks).toEqual([]);
    // The sweep reached the pages that carry risk at all, JSON and exports.
    for (const path of ['/api/engagements/{id}/retention-analytics-results/', '/api/engagements/{id}/retention-analytics-results/export/', '/api/engagements/{id}/comparison/', '/api/engagements/{id}/comparison/export/', '/api/engagements/{id}/executive-report/export/']) {
      expect(answered, path).toContain(path);
    }
  }, 300_000);

  it('still shows the leader the team’s risk distribution and causes', async () => {
    const journey = journeys.find((j) => j.leaderEmployeeId !== null)!;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${journey.id}/retention-analytics-results/`, headers: authHeader(leaderToken) });
    const body = res.json<{ individual_risk_withheld: boolean; risk_distribution: { withheld: boolean; counts: Record<string, number> | null; withheld_reason: { minimum: number } | null }; employees: unknown[]; results: { most_typical_causes: { withheld: boolean } } }>();
    expect(body.individual_risk_withheld).toBe(true);
    expect(body.employees.length).toBeGreaterThan(1);
    // The distribution follows the same privacy minimum as the causes: shown together or withheld together.
    expect(body.risk_distribution.withheld).toBe(body.results.most_typical_causes.withheld);
    if (!body.risk_distribution.withheld) expect(Object.values(body.risk_distribution.counts!).reduce((a, b) => a + b, 0)).toBe(body.employees.length);
  });

  it('withholds the team’s aggregates by the journey’s own threshold: a change of it takes effect', async () => {
    const journey = journeys.find((j) => j.leaderEmployeeId !== null)!;
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${journey.id}/retention-analytics-results/`, headers: authHeader(leaderToken) })).json<{
        employees: { has_answered: boolean }[];
        risk_distribution: { withheld: boolean; withheld_reason: { minimum: number } | null };
        results: { most_typical_causes: { withheld: boolean } };
      }>();
    const respondents = (await read()).employees.filter((e) => e.has_answered).length;
    expect(respondents).toBeGreaterThanOrEqual(3);
    const setThreshold = (minGroupSize: number) => ctx.db.db.update(tables.engagements).set({ minGroupSize }).where(eq(tables.engagements.id, journey.id));
    await setThreshold(3);
    const at3 = await read();
    expect(at3.risk_distribution.withheld).toBe(false);
    expect(at3.results.most_typical_causes.withheld).toBe(false);
    // One more than the team's respondents: the same team's figures are now withheld.
    await setThreshold(respondents + 1);
    const above = await read();
    expect(above.risk_distribution).toMatchObject({ withheld: true, withheld_reason: { minimum: respondents + 1 } });
    expect(above.results.most_typical_causes.withheld).toBe(true);
    await setThreshold(5);
  });

  it('keeps the individual view for HR (all_access): the same sweep finds individual levels there', async () => {
    const { leaks } = await sweep(adminToken);
    expect(leaks.some((l) => l.includes('/retention-analytics-results/ '))).toBe(true);
    expect(leaks.some((l) => l.includes('/retention-analytics-results/export/'))).toBe(true);
  }, 300_000);
});
