import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRetentionAnalytics } from '@ona/contracts';
import { buildApp, type App } from '../../app.ts';
import { analyseThroughApi, createAnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { countStatements } from '../../testing/count-statements.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two instances sharing Redis share the kept analysis answers', () => {
  const prefix = `fastreads:${randomBytes(4).toString('hex')}:`;
  let db: TestDatabase;
  let one: App;
  let two: App;
  let token: string;
  let engagementId: number;
  const url = () => `/api/engagements/${engagementId}/retention-analytics-results/`;
  const get = (app: App, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: url(), headers: { ...authHeader(token), ...headers } });

  beforeAll(async () => {
    db = await createTestDatabase();
    const build = () =>
      buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL, REDIS_PREFIX: prefix }, webDistDir: '/nonexistent', pollJobs: false });
    one = await build();
    two = await build();
    await Promise.all([one.ready(), two.ready()]);
    const org = await createAnalyticsOrganisation(db.db);
    engagementId = org.engagementId;
    token = await loginAs(one, org.emails.admin, FIXTURE_PASSWORD);
    await analyseThroughApi({ app: one, db, close: async () => undefined }, engagementId, token);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.close();
  });

  it('an answer one instance built is served by the other, 304 included, without reading the analysis there', async () => {
    const built = await get(one);
    expect(built.statusCode).toBe(200);
    const etag = built.headers.etag as string;
    const redis = new Redis(REDIS_URL);
    expect(await redis.keys(`${prefix}analysis-answer:*`)).toHaveLength(1);
    await redis.quit();

    const { result: unchanged, statements } = await countStatements(db, () => get(two, { 'if-none-match': etag }));
    expect(unchanged.statusCode).toBe(304);
    expect(statements.filter((s) => /"result"|"employees"|"units"/.test(s))).toEqual([]);
    const full = await countStatements(db, () => get(two));
    expect(full.result.body).toBe(built.body);
    expect(full.result.headers.etag).toBe(etag);
    expect(full.statements.filter((s) => /"result"|"employees"|"units"/.test(s))).toEqual([]);
  });

  it('a new analysis run through one instance shows on the other’s very next request', async () => {
    const before = await get(two);
    await analyseThroughApi({ app: one, db, close: async () => undefined }, engagementId, token);
    const after = await get(two, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<TRetentionAnalytics>().analysed_at).not.toBe(before.json<TRetentionAnalytics>().analysed_at);
    expect((await get(one, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });
});
