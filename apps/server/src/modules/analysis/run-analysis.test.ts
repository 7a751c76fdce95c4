import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, tables } from '@ona/db';
import { claimRun } from './run-repository.ts';
import { startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { storedResultOf } from '../../testing/stored-result.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let engagementId: number;
let emails: { boss: string; lead: string; member: string };
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  const db = ctx.db.db;
  const org = await createOrganization(db, 'Acme');
  const { engagement, employees } = await createEngagement(db, org.id);
  engagementId = engagement.id;
  emails = { boss: employees.boss.email ?? '', lead: employees.lead.email ?? '', member: employees.member.email ?? '' };
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
  // Report-ready readers: the member may read individual reports, the lead's module is disabled.
  const member = await createUser(db, { email: 'member@acme.test', name: 'Mia Member', organizationIds: [org.id] });
  const lead = await createUser(db, { email: 'lead@acme.test', name: 'Lee Lead', organizationIds: [org.id] });
  await db.update(tables.employees).set({ userId: member.id }).where(eq(tables.employees.id, employees.member.id));
  await db.update(tables.employees).set({ userId: lead.id }).where(eq(tables.employees.id, employees.lead.id));
  await grantAccess(db, engagementId, member.id, { individual_reports: 'self_only' });
  await grantAccess(db, engagementId, lead.id, { individual_reports: 'module_disabled', leader_reports: 'subtree' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('POST /api/engagements/{id}/run-analysis/', () => {
  it('stores the engagement’s own leader-code template in its default language (Hungarian here)', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/engagements/${engagementId}/email-templates/leader_report_code/hu/`,
      headers: authHeader(adminToken),
      payload: { subject: 'Vezetői kód: {{engagement}}', body: 'Szia {{name}}! A kódod: {{code}}\nItt nyílik: {{link}}' },
    });
    expect(saved.statusCode).toBe(200);
  });

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
    // Stored in parts, the run's own jsonb value left empty (docs/analysis-result-parts.md).
    expect(stored?.result).toBeNull();
    expect((await storedResultOf(ctx.db.db, runs[0].id))?.employees).toHaveLength(3);
    const codes = await ctx.db.db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId));
    expect(codes).toHaveLength(2);
    for (const c of codes) expect(c.code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('a finished run is never claimed again, so a late retry of its job changes nothing', async () => {
    const [finished] = await ctx.db.db.insert(tables.analysisRuns).values({ engagementId, status: 'done', progress: 100 }).returning();
    expect(await claimRun(ctx.db.db, finished!.id, new Date())).toBeUndefined();
    const [after] = await ctx.db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.id, finished!.id));
    expect(after).toMatchObject({ status: 'done', progress: 100 });
    await ctx.db.db.delete(tables.analysisRuns).where(inArray(tables.analysisRuns.id, [finished!.id]));
  });

  it('is for engagement admins only', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/run-analysis/`, headers: authHeader(viewerToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });
});

describe('e-mails of a finished analysis run', () => {
  const outbox = async (to: string) => ctx.db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to));

  it('mails each leader their code from the engagement’s own leader_report_code template', async () => {
    const codes = await ctx.db.db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId));
    for (const [leader, name] of [[emails.boss, 'Boss'], [emails.lead, 'Lead']] as const) {
      await smtp.waitFor(leader);
      const [mail] = await outbox(leader);
      const code = codes.find((c) => mail?.textBody.includes(c.code))?.code;
      expect(code).toBeDefined();
      expect(mail?.subject).toBe('Vezetői kód: Spring survey');
      expect(mail?.textBody).toBe(`Szia ${name}! A kódod: ${code}\nItt nyílik: http://app.test/engagements/${engagementId}/leader-report/list.html`);
    }
  });

  it('sends report_ready, in the default text of the engagement’s language, only to linked users who may read individual reports', async () => {
    await smtp.waitFor('member@acme.test');
    const [mail] = await outbox('member@acme.test');
    expect(mail?.subject).toBe('Elkészült az Ön riportja: Spring survey');
    expect(mail?.textBody).toContain('Kedves Member!');
    expect(mail?.textBody).toContain(`http://app.test/engagements/${engagementId}/individual-report/list.html`);
    expect(await outbox('lead@acme.test')).toHaveLength(0);
    const readyNotices = (await ctx.db.db.select().from(tables.emailOutbox)).filter((m) => m.subject.startsWith('Elkészült az Ön riportja'));
    expect(readyNotices.map((m) => m.toAddress)).toEqual(['member@acme.test']);
  });
});
