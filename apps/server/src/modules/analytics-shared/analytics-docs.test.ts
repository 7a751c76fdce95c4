import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp(); });
afterAll(async () => ctx.close());

describe('the OpenAPI description', () => {
  it('documents every analytics call of spec section 7', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/engagements/{id}/retention-analytics-results/',
        '/api/engagements/{id}/retention-analytics-results/export/',
        '/api/engagements/{id}/leader-reports/',
        '/api/engagements/{id}/leader-reports/export/',
        '/api/engagements/{id}/leader-reports/{reportId}/',
        '/api/engagements/{id}/individual-reports/',
        '/api/engagements/{id}/individual-reports/export/',
        '/api/engagements/{id}/individual-reports/{reportId}/',
        '/api/engagements/{id}/executive-report/export/',
        '/api/engagements/{id}/analytics-360/',
        '/api/engagements/{id}/analytics-360/{reportId}/',
        '/api/engagements/{id}/key-people-analytics/',
        '/api/engagements/{id}/key-people-analytics/as-values/',
        '/api/engagements/{id}/metrics/',
        '/api/engagements/{id}/metrics/export/',
        '/api/engagements/{id}/survey-statistics/',
        '/api/engagements/{id}/survey-statistics/export/',
        '/api/engagements/{id}/survey/export-nice-excel/',
        '/api/engagements/{id}/survey/export-distance-matrix/',
        '/api/engagements/{id}/comparison/journeys/',
        '/api/engagements/{id}/comparison/',
        '/api/engagements/{id}/comparison/ties/',
        '/api/engagements/{id}/comparison/export/',
      ]),
    );
  });

  it('answers 401 to every analytics call without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/engagements/1/retention-analytics-results/' });
    expect(res.statusCode).toBe(401);
  });
});
