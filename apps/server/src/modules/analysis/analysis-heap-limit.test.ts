import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, tables } from '@ona/db';
import { generateDemoLogins, generateDemoOrganisation } from '../../demo/generate-demo.ts';
import { loadDemo } from '../../demo/load-demo.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { enqueueRun } from './run-repository.ts';
import { heapLimitMessage } from './run-in-worker.ts';

/**
 * ANALYSIS_HEAP_MB bounds the heap of the thread that analyses (Node's resourceLimits). A limit
 * far below what a 700-person organisation needs (its stored result alone is larger) makes the run fail with a message naming the
 * limit, and the process that ran it lives on (issue 34: "a run that would exceed them fails with a
 * message that says so, not an out-of-memory kill").
 */
const HEAP_MB = Number(process.env.HEAP_LIMIT_TEST_MB ?? 16);
let ctx: TestContext;
let engagementId: number;

beforeAll(async () => {
  ctx = await createTestApp({ analysisHeapMb: HEAP_MB });
  const company = generateDemoOrganisation({ size: 700, earlierWave: false });
  await loadDemo(ctx.db.db, [company], generateDemoLogins(company));
  const [finished] = await ctx.db.db.select({ id: tables.engagements.id }).from(tables.engagements).orderBy(asc(tables.engagements.id)).limit(1);
  engagementId = finished?.id ?? 0;
});
afterAll(() => ctx.close());

describe(`an analysis with a heap limit of ${HEAP_MB} MB`, () => {
  it('fails with a message that names the limit, and the server goes on', async () => {
    const run = await enqueueRun(ctx.app, engagementId, null);
    expect(await ctx.app.jobs.drain('analysis-run')).toBe(1);
    const [stored] = await ctx.db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.id, run.id));
    expect(stored).toMatchObject({ status: 'failed', error: heapLimitMessage(HEAP_MB), result: null });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
  });
});
