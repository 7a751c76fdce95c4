import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, tables } from '@ona/db';
import { analyseThroughApi, getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { readWorkbook } from '../../testing/analysed-app.ts';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { authHeader, createTestApp } from '../../testing/test-app.ts';

// Counts the engine's brokerage with other groups: the real function runs, the test only counts.
const engine = vi.hoisted(() => ({ brokerageCalls: 0 }));
vi.mock('@ona/analytics', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@ona/analytics')>();
  return {
    ...actual,
    brokerageByGroups: (...args: Parameters<typeof actual.brokerageByGroups>) => {
      engine.brokerageCalls += 1;
      return actual.brokerageByGroups(...args);
    },
  };
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let org: AnalyticsOrganisation;
const metrics = (query = '') => `/api/engagements/${org.engagementId}/metrics/${query}`;
const exportUrl = () => metrics('export/?groups=filter:office&sort=-brokerage_liaison');
/** Statements that read what the table is built from: the run's result, employees, units, questions. */
const readsAnalysedData = (statements: string[]) => statements.filter((s) => /"result"|from "employees"|from "units"|from "questions"/i.test(s));
const exportAs = (token: string) => countRequestStatements(ctx, { method: 'GET', url: exportUrl(), headers: { ...authHeader(token), 'accept-language': 'en-US' } });

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const book = await readWorkbook(payload);
  const rows: unknown[][] = [];
  book.getWorksheet('Metrics')!.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  // Two offices of six people; everyone on floor 1 but b3 (a value below the privacy minimum).
  for (const [person, id] of Object.entries(org.people)) {
    const office = ['ceo', 'leadA', 'a1', 'a2', 'a3', 'a4'].includes(person) ? 'Budapest' : 'Vienna';
    await ctx.db.db.update(tables.employees).set({ attributes: { office, floor: person === 'b3' ? '2' : '1' } }).where(eq(tables.employees.id, id));
  }
}, 600_000);
afterAll(async () => ctx.close());

describe('the Metrics export through the kept analysis answers', () => {
  it('builds the table once: a second export reads none of what it is built from, with the same rows; a new run builds it again', async () => {
    const first = await exportAs(org.tokens.admin);
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(readsAnalysedData(first.statements).length).toBeGreaterThan(0);
    const second = await exportAs(org.tokens.admin);
    expect(second.response.statusCode).toBe(200);
    expect(readsAnalysedData(second.statements)).toEqual([]);
    expect(await sheetRows(second.response.rawPayload)).toEqual(await sheetRows(first.response.rawPayload));
    // Another scope has its own table.
    const leader = await exportAs(org.tokens.leader);
    expect(readsAnalysedData(leader.statements).length).toBeGreaterThan(0);
    expect((await sheetRows(leader.response.rawPayload)).length).toBeLessThan((await sheetRows(first.response.rawPayload)).length);

    await analyseThroughApi(ctx, org.engagementId, org.tokens.admin);
    const afterRun = await exportAs(org.tokens.admin);
    expect(afterRun.response.statusCode).toBe(200);
    expect(readsAnalysedData(afterRun.statements).length).toBeGreaterThan(0);
  }, 600_000);
});

describe('brokerage with a filter attribute as groups', () => {
  it('is computed once per run, scope and groups: other pages, sorts and the export reuse it; a new run computes it again', async () => {
    const before = engine.brokerageCalls;
    const first = await getAs(ctx, org.tokens.admin, metrics('?groups=filter:floor&page_size=5'));
    expect(first.statusCode, first.body).toBe(200);
    expect(engine.brokerageCalls).toBe(before + 1);
    for (const query of ['?groups=filter:floor&page_size=5&page=2', '?groups=filter:floor&sort=-brokerage_liaison', 'export/?groups=filter:floor']) {
      expect((await getAs(ctx, org.tokens.admin, metrics(query))).statusCode).toBe(200);
    }
    expect(engine.brokerageCalls).toBe(before + 1);
    // Another scope is another computation (the offices were counted by the exports above).
    expect((await getAs(ctx, org.tokens.member, metrics('?groups=filter:floor&q=person'))).statusCode).toBe(200);
    expect(engine.brokerageCalls).toBe(before + 2);
    expect((await getAs(ctx, org.tokens.admin, metrics('?groups=filter:office&q=person'))).statusCode).toBe(200);
    expect(engine.brokerageCalls).toBe(before + 2);

    await analyseThroughApi(ctx, org.engagementId, org.tokens.admin);
    const counted = engine.brokerageCalls;
    expect((await getAs(ctx, org.tokens.admin, metrics('?groups=filter:floor&page_size=5&page=2'))).statusCode).toBe(200);
    expect(engine.brokerageCalls).toBe(counted + 1);
  }, 600_000);
});
