import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnalysis, type AnalysisResult } from '@ona/analytics';
import type { TConfidence, TGraphVisualization, TMetricsPage } from '@ona/contracts';
import { and, desc, eq, tables } from '@ona/db';
import { createEngagement, createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { collaborationTenant, upload } from '../collaboration-imports/collaboration-test-support.ts';
import { messageTraceCsv } from '../../demo/collaboration-export-writers.ts';
import type { KnownCollaboration, PlannedEvent } from '../collaboration-imports/fixtures/known-collaboration.ts';
import { loadAnalysisInput } from './analysis-input.ts';
import { storedResultOf } from '../../testing/stored-result.ts';

/**
 * Issue 33, item 4: an analysis run takes the organisation's collaboration network of the journey's
 * window (docs/collaboration-network.md, "In the analysis"). Three organisations: Acme imports a
 * message trace among its journey's people, Globex imports another network among its own, Initech
 * imports nothing.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Date.now();
const thisMonday = Math.floor(today / DAY_MS) * DAY_MS - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
/** The journey's survey ran over two weeks that began three weeks before this one. */
const firstMonday = thisMonday - 3 * WEEK_MS;
const wednesday = (week: number, minute: number) => firstMonday + week * WEEK_MS + 2 * DAY_MS + 10 * 60 * 60 * 1000 + minute * 60 * 1000;

interface Journey {
  engagementId: number;
  employees: { boss: number; lead: number; member: number };
  adminToken: string;
}

let ctx: TestContext;
let acme: Journey;
let globex: Journey;
let initech: Journey;
let globexOrganizationId: number;
let viewerToken: string;
/** Acme's run before its import: the import changes no run, a run after it includes it. */
let acmeBefore: AnalysisResult;

/** A message trace export (the existing fixture writer) of mails, each `[from, to, week]`. */
function trace(mails: readonly [string, string, number][]): string {
  const events: PlannedEvent[] = mails.map(([from, to, week], i) => ({ channel: 'message_trace', from, to: [to], at: wednesday(week, i), secret: `Subject ${i}` }));
  const known: KnownCollaboration = { events, ties: new Map(), directory: [], newcomer: '', outsider: '', firstMonday };
  return messageTraceCsv(known);
}

/** A journey whose three employees are the organisation's first three directory people, with one survey question answered. */
async function journey(organizationId: number, domain: string, linked: boolean): Promise<Journey> {
  const db = ctx.db.db;
  const { engagement, employees } = await createEngagement(db, organizationId);
  await db.update(tables.engagements).set({ accessFrom: isoDay(firstMonday), accessTill: isoDay(firstMonday + 11 * DAY_MS) }).where(eq(tables.engagements.id, engagement.id));
  if (linked) {
    const people = await db.select().from(tables.directoryPeople).where(eq(tables.directoryPeople.organizationId, organizationId));
    const personOf = (email: string) => people.find((p) => p.email === email)!.id;
    for (const [role, employee] of Object.entries(employees)) await db.update(tables.employees).set({ directoryPersonId: personOf(`${role}@${domain}`) }).where(eq(tables.employees.id, employee.id));
  } else {
    // As an employees file leaves them: the directory's addresses (in another case), no link.
    for (const [role, employee] of Object.entries(employees)) await db.update(tables.employees).set({ email: `${role.toUpperCase()}@${domain}` }).where(eq(tables.employees.id, employee.id));
  }
  const [question] = await db.insert(tables.questions).values({ engagementId: engagement.id, key: 'cooperation', category: 'work_cooperation', kind: 'cooperation', position: 1, texts: { en: 'With whom do you work closely?' } }).returning();
  await db.insert(tables.answers).values([
    { engagementId: engagement.id, employeeId: employees.member.id, questionId: question!.id, selectedEmployeeIds: [employees.lead.id] },
    { engagementId: engagement.id, employeeId: employees.lead.id, questionId: question!.id, selectedEmployeeIds: [employees.member.id, employees.boss.id] },
  ]);
  const admin = `journeys-${engagement.id}@${domain}`;
  const user = await createUser(db, { email: admin, organizationIds: [organizationId], permissions: ['engagement_admin'] });
  await grantAccess(db, engagement.id, user.id, { key_people_analytics: 'all_access', graph_visualization: 'all_access', individual_reports: 'all_access' });
  return { engagementId: engagement.id, employees: { boss: employees.boss.id, lead: employees.lead.id, member: employees.member.id }, adminToken: await loginAs(ctx.app, admin, FIXTURE_PASSWORD) };
}

async function analyse(j: Journey): Promise<AnalysisResult> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${j.engagementId}/run-analysis/`, headers: authHeader(j.adminToken) });
  expect(res.statusCode).toBe(202);
  ctx.app.analysisJobs.wake();
  await ctx.app.analysisJobs.idle();
  const [run] = await ctx.db.db.select().from(tables.analysisRuns).where(and(eq(tables.analysisRuns.engagementId, j.engagementId), eq(tables.analysisRuns.status, 'done'))).orderBy(desc(tables.analysisRuns.id)).limit(1);
  expect(run).toBeDefined();
  return (await storedResultOf(ctx.db.db, run!.id))!;
}

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeader(token) });

beforeAll(async () => {
  ctx = await createTestApp();
  const acmeTenant = await collaborationTenant(ctx, 'Acme Works', ['boss@acme.test', 'lead@acme.test', 'member@acme.test', 'sales@acme.test']);
  const globexTenant = await collaborationTenant(ctx, 'Globex Works', ['boss@globex.test', 'lead@globex.test', 'member@globex.test']);
  globexOrganizationId = globexTenant.organizationId;
  const initechTenant = await collaborationTenant(ctx, 'Initech Works', ['boss@initech.test', 'lead@initech.test', 'member@initech.test']);
  acme = await journey(acmeTenant.organizationId, 'acme.test', true);
  globex = await journey(globexTenant.organizationId, 'globex.test', true);
  initech = await journey(initechTenant.organizationId, 'initech.test', true);
  acmeBefore = await analyse(acme);
  // Acme: boss–lead twice, lead–member three times, member–sales (not in the journey) twice, boss→member once (no tie).
  const acmeImport = await upload(ctx, acmeTenant.adminToken, 'message_trace', trace([
    ['boss@acme.test', 'lead@acme.test', 0],
    ['lead@acme.test', 'boss@acme.test', 1],
    ['lead@acme.test', 'member@acme.test', 0],
    ['lead@acme.test', 'member@acme.test', 0],
    ['member@acme.test', 'lead@acme.test', 1],
    ['member@acme.test', 'sales@acme.test', 0],
    ['sales@acme.test', 'member@acme.test', 1],
    ['boss@acme.test', 'member@acme.test', 1],
  ]));
  expect(acmeImport.status).toBe(201);
  // Globex: exactly the pair Acme lacks (boss–member), often.
  const globexImport = await upload(ctx, globexTenant.adminToken, 'message_trace', trace([
    ['boss@globex.test', 'member@globex.test', 0],
    ['member@globex.test', 'boss@globex.test', 0],
    ['boss@globex.test', 'member@globex.test', 1],
    ['member@globex.test', 'boss@globex.test', 1],
  ]));
  expect(globexImport.status).toBe(201);
  const viewer = await createUser(ctx.db.db, { email: 'viewer@acme.test', organizationIds: [acmeTenant.organizationId] });
  await grantAccess(ctx.db.db, acme.engagementId, viewer.id, { key_people_analytics: 'all_access', graph_visualization: 'all_access', individual_reports: 'no_access' });
  viewerToken = await loginAs(ctx.app, 'viewer@acme.test', FIXTURE_PASSWORD);
}, 240_000);
afterAll(async () => ctx.close());

describe('the collaboration network in an analysis run', () => {
  it('carries the ties among the journey’s people of its window, with their weights, and their metrics, once the analysis runs again after the import', async () => {
    expect(acmeBefore.collaboration).toBeNull();
    const result = await analyse(acme);
    const { boss, lead, member } = acme.employees;
    const pair = (a: number, b: number): [string, string] => (String(a) < String(b) ? [String(a), String(b)] : [String(b), String(a)]);
    const [bl0, bl1] = pair(boss, lead);
    const [lm0, lm1] = pair(lead, member);
    // The survey ran in weeks 0-1; the window reaches back to the 4 whole weeks ending with its closing week.
    expect(result.collaboration).toMatchObject({ fromWeek: isoDay(firstMonday - 2 * WEEK_MS), toWeek: isoDay(firstMonday + WEEK_MS), coveredEmployees: 3, employees: 3 });
    expect(result.collaboration!.ties).toEqual(
      [
        { source: bl0, target: bl1, interactions: 2, fromSource: 1, fromTarget: 1, met: 0 },
        { source: lm0, target: lm1, interactions: 3, fromSource: lm0 === String(lead) ? 2 : 1, fromTarget: lm0 === String(lead) ? 1 : 2, met: 0 },
      ].sort((x, y) => (x.source < y.source ? -1 : x.source > y.source ? 1 : x.target < y.target ? -1 : 1)),
    );
    const degree = (id: number) => result.metrics.collaboration!.inDegree[result.employeeIds.indexOf(String(id))];
    expect([degree(boss), degree(lead), degree(member)]).toEqual([1, 2, 1]);
    expect(result.metrics.collaboration!.outDegree).toEqual(result.metrics.collaboration!.inDegree);
    expect(result.metrics.collaboration!.betweenness![result.employeeIds.indexOf(String(lead))]).toBeGreaterThan(0);
    expect(result.confidence.collaboration).toEqual({ covered: 3, employees: 3, rate: 1, band: 'high' });
  });

  it('never takes another organisation’s counts', async () => {
    const acmeResult = (await storedResultOf(ctx.db.db, (await ctx.db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.engagementId, acme.engagementId)).orderBy(desc(tables.analysisRuns.id)))[0]!.id))!;
    const globexResult = await analyse(globex);
    const globexIds = new Set(Object.values(globex.employees).map(String));
    // Globex's only tie is its boss–member pair; Acme has no such tie and none of Globex's people.
    expect(globexResult.collaboration!.ties.map((t) => [t.source, t.target].sort())).toEqual([[String(globex.employees.boss), String(globex.employees.member)].sort()]);
    expect(globexResult.collaboration!.ties[0]!.interactions).toBe(4);
    for (const tie of acmeResult.collaboration!.ties) expect(globexIds.has(tie.source) || globexIds.has(tie.target)).toBe(false);
    expect(acmeResult.collaboration!.ties.some((t) => [t.source, t.target].sort().join() === [String(acme.employees.boss), String(acme.employees.member)].sort().join())).toBe(false);
  });

  it('matches the employees of a journey from an employees file to the directory by e-mail', async () => {
    const fromFile = await journey(globexOrganizationId, 'globex.test', false);
    const result = await analyse(fromFile);
    expect(result.collaboration).toMatchObject({ coveredEmployees: 2, employees: 3 });
    expect(result.collaboration!.ties.map((t) => [t.source, t.target].sort())).toEqual([[String(fromFile.employees.boss), String(fromFile.employees.member)].sort()]);
  });

  it('leaves a journey without collaboration data exactly as the engine analyses its survey alone', async () => {
    const result = await analyse(initech);
    expect(result.collaboration).toBeNull();
    expect('collaboration' in result.metrics).toBe(false);
    expect('collaboration' in result.confidence).toBe(false);
    const alone = runAnalysis(await loadAnalysisInput(ctx.db.db, initech.engagementId));
    const { timings: _stored, ...stored } = result;
    const { timings: _fresh, ...fresh } = alone;
    expect(JSON.parse(JSON.stringify(stored))).toEqual(JSON.parse(JSON.stringify(fresh)));
    const metrics = await get(initech.adminToken, `/api/engagements/${initech.engagementId}/metrics/?network=collaboration`);
    expect(metrics.statusCode).toBe(400);
    const graph = (await get(initech.adminToken, `/api/engagements/${initech.engagementId}/graph-visualization/`)).json() as TGraphVisualization;
    expect(graph.graph_types).not.toContain('collaboration');
  });

  it('is a network of the Metrics page, a category of the graph view, and the confidence badge’s coverage', async () => {
    const page = await get(acme.adminToken, `/api/engagements/${acme.engagementId}/metrics/?network=collaboration&sort=-in_degree`);
    expect(page.statusCode).toBe(200);
    const body = page.json() as TMetricsPage;
    expect(body.networks.map((n) => n.key)).toContain('collaboration');
    expect(body.network.label).toBe('Collaboration (mail, calendar, chat)');
    expect(body.data[0]).toMatchObject({ employee: { id: acme.employees.lead }, values: { in_degree: 2, out_degree: 2 } });
    const exported = await get(acme.adminToken, `/api/engagements/${acme.engagementId}/metrics/export/?network=collaboration`);
    expect(exported.statusCode).toBe(200);

    const graph = (await get(acme.adminToken, `/api/engagements/${acme.engagementId}/graph-visualization/?graph_type=collaboration`)).json() as TGraphVisualization;
    expect(graph.graph_types).toContain('collaboration');
    expect(graph.graph_type).toBe('collaboration');
    expect(graph.relations).toHaveLength(4);
    expect(graph.relations.every((r) => r.mutual && r.questions.length === 0)).toBe(true);
    // Undirected by construction: no reciprocity to show (not 100 %), and nobody "gave no answers" (no triangles).
    expect(graph.statistics).toMatchObject({ connection_count: 2, directed: false, mutual_count: null, mutual_percentage: null });
    expect(graph.employees.every((e) => e.answer_count === null)).toBe(true);
    const survey = (await get(acme.adminToken, `/api/engagements/${acme.engagementId}/graph-visualization/`)).json() as TGraphVisualization;
    expect(survey.statistics.directed).toBe(true);
    const gexf = await get(acme.adminToken, `/api/engagements/${acme.engagementId}/graph-visualization/export/?graph_type=collaboration&format=edges_csv`);
    expect(gexf.statusCode).toBe(200);

    const confidence = (await get(acme.adminToken, `/api/engagements/${acme.engagementId}/confidence/?module=key_people_analytics`)).json() as TConfidence;
    expect(confidence.collaboration).toEqual({ covered: 3, employees: 3, rate: 1, band: 'high' });
  });

  it('shows individual collaboration figures only with the individual reports right', async () => {
    expect((await get(viewerToken, `/api/engagements/${acme.engagementId}/metrics/?network=work`)).statusCode).toBe(200);
    expect((await get(viewerToken, `/api/engagements/${acme.engagementId}/metrics/?network=collaboration`)).statusCode).toBe(403);
    expect((await get(viewerToken, `/api/engagements/${acme.engagementId}/graph-visualization/`)).statusCode).toBe(200);
    expect((await get(viewerToken, `/api/engagements/${acme.engagementId}/graph-visualization/?graph_type=collaboration`)).statusCode).toBe(403);
  });
});
