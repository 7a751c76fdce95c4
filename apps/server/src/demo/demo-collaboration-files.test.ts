import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, statementChunks, tables } from '@ona/db';
import { collaborationNetwork } from '../modules/collaboration-imports/collaboration-network.ts';
import { upload } from '../modules/collaboration-imports/collaboration-test-support.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../testing/test-app.ts';
import { demoCollaborationWindow, planDemoCollaboration, type DemoCollaborationPerson } from './demo-collaboration-files.ts';
import { generateDemoOrganisation } from './generate-demo.ts';

const organisation = generateDemoOrganisation();
const unitName = new Map(organisation.units.map((u) => [u.key, u.name]));
const emailOf = new Map(organisation.employees.map((e) => [e.key, e.email.toLowerCase()]));

describe('the weeks the demo files cover', () => {
  it('are the 8 whole weeks ending with the week the latest journey closed in, when that lies within the retention', () => {
    expect(demoCollaborationWindow('2026-12-02', '2026-11-18')).toEqual({ firstMonday: '2026-09-28', lastMonday: '2026-11-16', endsAtReference: false });
  });

  it('end with the last whole week before the reference date when the journey closed more than 90 days ago, or none did', () => {
    const end = { firstMonday: '2026-10-05', lastMonday: '2026-11-23', endsAtReference: true };
    expect(demoCollaborationWindow('2026-12-02', '2026-05-03')).toEqual(end);
    expect(demoCollaborationWindow('2026-12-02', null)).toEqual(end);
  });

  it('move later, to stay within the retention, when the closing week is near its start', () => {
    expect(demoCollaborationWindow('2026-12-02', '2026-10-01')).toEqual({ firstMonday: '2026-09-21', lastMonday: '2026-11-09', endsAtReference: false });
  });
});

describe('the demo organisation’s generated Slack export and message trace', () => {
  let ctx: TestContext;
  let plain: TestContext;
  let organizationId = 0;
  let token = '';
  const people: DemoCollaborationPerson[] = organisation.employees.map((e) => ({ email: e.email.toLowerCase(), unitPath: unitName.get(e.unitKey) ?? null, leaderEmail: e.leaderKey ? (emailOf.get(e.leaderKey) ?? null) : null, surveyInDegree: 0 }));

  beforeAll(async () => {
    ctx = await createTestApp({ demoMode: true });
    plain = await createTestApp();
    const org = await createOrganization(ctx.db.db, 'Demo Company');
    organizationId = org.id;
    await createUser(ctx.db.db, { email: 'admin@demo-files.test', name: 'Admin', organizationIds: [org.id], permissions: ['organization_admin'] });
    const rows = organisation.employees.map((e) => ({ organizationId: org.id, externalId: e.key, userName: e.email, email: e.email, displayName: e.name, unitPath: unitName.get(e.unitKey) ?? null, managerExternalId: e.leaderKey }));
    for (const chunk of statementChunks(rows)) await ctx.db.db.insert(tables.directoryPeople).values(chunk);
    token = await loginAs(ctx.app, 'admin@demo-files.test', FIXTURE_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await plain.close();
  });

  it('are the same for the same directory and day (seeded)', () => {
    const window = demoCollaborationWindow('2026-12-02', null);
    expect(planDemoCollaboration(people, window)).toEqual(planDemoCollaboration(people, window));
  });

  it('are offered only in demo mode, to administrators', async () => {
    const org = await createOrganization(plain.db.db, 'Elsewhere');
    await createUser(plain.db.db, { email: 'admin@elsewhere.test', name: 'Admin', organizationIds: [org.id], permissions: ['organization_admin'] });
    const other = await loginAs(plain.app, 'admin@elsewhere.test', FIXTURE_PASSWORD);
    const res = await plain.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/demo-files/slack', headers: authHeader(other) });
    expect(res.statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/demo-files/', headers: authHeader(other) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/demo-files/slack' })).statusCode).toBe(401);
  });

  it('import whole, and carry ties inside teams and to leaders, brokers between teams and leaders nobody meets', async () => {
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/demo-files/', headers: authHeader(token) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ files: [{ file: 'slack', source: 'slack' }, { file: 'message_trace', source: 'message_trace' }], first_week: expect.any(String), last_week: expect.any(String) });
    const files: Buffer[] = [];
    for (const file of ['slack', 'message_trace'] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/organization/collaboration-imports/demo-files/${file}`, headers: authHeader(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(file === 'slack' ? '.zip' : '.csv');
      files.push(res.rawPayload);
    }
    const [slackFile, traceFile] = files;
    const slack = await upload(ctx, token, 'slack', slackFile ?? Buffer.alloc(0));
    const trace = await upload(ctx, token, 'message_trace', traceFile ?? Buffer.alloc(0));
    expect([slack.status, trace.status]).toEqual([201, 201]);
    for (const { created } of [slack, trace]) {
      expect(created.counts.events_counted).toBeGreaterThan(500);
      expect(created.counts.left_out.expired ?? 0).toBe(0);
      expect(created.counts.people_unmatched).toBe(0);
    }
    expect(slack.created.counts.left_out.channel_broadcast).toBeGreaterThan(0);
    expect(trace.created.counts.left_out.large_mail).toBeGreaterThan(0);
    expect(trace.created.counts.people_matched).toBeGreaterThan(people.length * 0.8);

    const ties = await collaborationNetwork(ctx.db.db, organizationId, { fromWeek: trace.created.first_week ?? '', toWeek: trace.created.last_week ?? '' });
    const directory = await ctx.db.db.select({ id: tables.directoryPeople.id, email: tables.directoryPeople.email, unit: tables.directoryPeople.unitPath }).from(tables.directoryPeople).where(eq(tables.directoryPeople.organizationId, organizationId));
    const byId = new Map(directory.map((p) => [p.id, p]));
    const byEmail = new Map(directory.map((p) => [p.email.toLowerCase(), p.id]));
    const plan = planDemoCollaboration(people, demoCollaborationWindow(new Date().toISOString().slice(0, 10), null));
    const sameUnit = ties.filter((t) => byId.get(t.a)?.unit === byId.get(t.b)?.unit).length;
    expect(sameUnit / ties.length).toBeGreaterThan(0.4);
    for (const leader of plan.unmetLeaders) expect(ties.filter((t) => t.a === byEmail.get(leader) || t.b === byEmail.get(leader))).toEqual([]);
    for (const broker of plan.brokers) {
      const id = byEmail.get(broker);
      const units = new Set(ties.filter((t) => t.a === id || t.b === id).map((t) => byId.get(t.a === id ? t.b : t.a)?.unit));
      expect(units.size).toBeGreaterThanOrEqual(3);
    }
  }, 240_000);
});
