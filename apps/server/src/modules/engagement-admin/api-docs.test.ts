import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('OpenAPI document', () => {
  it('describes every survey and admin call from the schemas that validate them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/engagements/{id}/survey/',
      '/api/engagements/{id}/survey/accept-terms/',
      '/api/engagements/{id}/survey/answers/{questionId}/',
      '/api/engagements/{id}/survey/finish-survey/',
      '/api/engagements/{id}/survey/overview/',
      '/api/engagements/{id}/survey/questionnaire/',
      '/api/engagements/{id}/survey/send-invitation/',
      '/api/engagements/{id}/access-rights/',
      '/api/engagements/{id}/access-rights/details/',
      '/api/engagements/{id}/access-rights/bulk-update/',
      '/api/engagements/{id}/email-templates/',
      '/api/engagements/{id}/email-templates/{kind}/{language}/',
      '/api/engagements/{id}/email-templates/{kind}/{language}/preview/',
      '/api/engagements/{id}/employees/',
      '/api/engagements/{id}/employees/upload-excel/',
      '/api/engagements/{id}/employees/template/',
      '/api/engagements/{id}/units/',
      '/api/engagements/{id}/filters/',
      '/api/engagements/{id}/filters/import/',
      '/api/engagements/{id}/filters/template/',
      '/api/engagements/{id}/import_nice_excel/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
