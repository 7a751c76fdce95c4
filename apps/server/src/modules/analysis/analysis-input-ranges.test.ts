import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, tables } from '@ona/db';
import { generateDemoLogins, generateDemoOrganisation } from '../../demo/generate-demo.ts';
import { loadDemo } from '../../demo/load-demo.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { loadAnalysisInput } from './analysis-input.ts';

/**
 * The worker reads an engagement's answers and 360 answers a range of employees at a time
 * (EMPLOYEES_PER_READ, 5,000: at 100,000 people one statement of 1.3 million rows held them all at
 * once). However the employees are cut, the input is the same.
 */
let ctx: TestContext;
let engagementId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const company = generateDemoOrganisation({ size: 150, earlierWave: false });
  await loadDemo(ctx.db.db, [company], generateDemoLogins(company));
  const [first] = await ctx.db.db.select({ id: tables.engagements.id }).from(tables.engagements).orderBy(asc(tables.engagements.id)).limit(1);
  engagementId = first?.id ?? 0;
});
afterAll(() => ctx.close());

describe('the analysis input read in ranges of employees', () => {
  it('equals the input read in one range, nominations and 360 nominations alike', async () => {
    const whole = await loadAnalysisInput(ctx.db.db, engagementId, { employeesPerRead: 1_000_000 });
    expect(whole.nominations.source.length).toBeGreaterThan(500);
    expect(whole.leadership360?.nominations.source.length ?? 0).toBeGreaterThan(100);
    for (const perRead of [1, 7, 149, 150]) {
      expect(await loadAnalysisInput(ctx.db.db, engagementId, { employeesPerRead: perRead })).toEqual(whole);
    }
  });
});
