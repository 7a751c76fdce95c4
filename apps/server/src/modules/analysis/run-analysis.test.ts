import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let engagementId: number;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  const org = await createOrganization(db, 'Acme');
  const { engagement, employees } = await createEngagement(db, org.id);
  engagementId = engagement.id;
  const [question] = await db.insert(tables.questions).values({ engagementId, key: 'cooperation', category: 'work_cooperation', kind: 'cooperation', position: 1, texts: { en: 'With whom do you work closely every week?' } }).returning();
  const qid = question?.id ?? 0;
  await db.insert(tables.answers).values([
    { engagementId, employeeId: employees.member.id, questionId: qid, selectedEmployeeIds: [employees.lead.id] },
    { engagementId, employeeId: employees.lead.id, questionId: qid, selectedEmployeeIds: [employees.member.id, employees.boss.id] },
  ]);
  await createUser(db, { email: 'admin@acme.test', organizationIds: [org.id], permissions: ['engagement_admin'] });
  const viewer = await createUser(db, { email: 'viewer@acme.test', organizationIds: [org.id] });
  await grantAccess(db, engagementId, viewer.id, { retention_analytics: 'all_access' });
  adminToken = await loginAs(ctx.app, 'admin@acme.test', FIXTURE_PASSWORD);
  viewerToken = await loginAs(ctx.app, 'viewer@acme.test', FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

describe('POST /api/engagements/{id}/run-analysis/', () => {
  it('queues a run that a worker thread completes, stores its result and issues leader codes', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/run-analysis/`, headers: authHeader(adminToken) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', progress: 0 });
    ctx.app.analysisJobs.wake();
    await ctx.app.analysisJobs.idle();
    const runs = (await ctx.app.inject({ method: 'GET', url: `/api/engagements/${engagementId}/analysis-runs/`, headers: authHeader(adminToken) })).json();
    expect(runs[0]).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(Object.keys(runs[0].timings)).toContain('metrics');
    const [stored] = await ctx.db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.id, runs[0].id));
    expect((stored?.result as { employees: unknown[] }).employees).toHaveLength(3);
    const codes = await ctx.db.db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId));
    expect(codes).toHaveLength(2);
    for (const c of codes) expect(c.code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('is for engagement admins only', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/run-analysis/`, headers: authHeader(viewerToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });
});
