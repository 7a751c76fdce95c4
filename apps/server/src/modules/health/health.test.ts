import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZHealth } from '@ona/contracts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('GET /api/health/', () => {
  it('answers 200 with the database kind while the database answers, without signing in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(ZHealth.parse(res.json())).toEqual({ status: 'ok', database: process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).toContain('/api/health/');
  });
});

describe('GET /api/health/ without a database', () => {
  it('answers 503 with the error shape in the caller’s language once the database is gone', async () => {
    const broken = await createTestApp();
    await broken.db.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/', headers: { 'accept-language': 'de' } });
      expect(res.statusCode).toBe(503);
      expect(ZApiError.parse(res.json())).toMatchObject({ code: 'database_unavailable', detail: 'Der Dienst erreicht seine Datenbank gerade nicht. Bitte versuchen Sie es gleich noch einmal.' });
    } finally {
      await broken.app.close();
    }
  });
});
