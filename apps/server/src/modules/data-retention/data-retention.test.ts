import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import type { TApiError, TJourneySchedule, TRetentionPolicy } from '@ona/contracts';
import { and, eq, inArray, sql, tables } from '@ona/db';
import { analyseThroughApi, createAnalyticsOrganisation, everyModule, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { storedResultOf } from '../../testing/stored-result.ts';

/**
 * Retention (docs/privacy/retention.md): the daily job anonymises a journey closed longer ago than
 * its organisation's policy says, and erases a leaver past theirs; nothing else, and a run broken
 * off half-way leaves the journey whole for the next one.
 */

// The engine's and the app's time: ten days after the fixture's journeys close (moved to 2030-01-20
// below). Later than the machine's clock: jobs written by the database's own now() are due at once.
const clock = new TestClock(new Date('2030-01-30T08:00:00Z'));
let ctx: TestContext & { db: TestDatabase };
let org: Omit<AnalyticsOrganisation, 'tokens'>;
let dpo: string;
let engagementAdmin: string;
let adminEmail: string;
let globexId: number;
let notDueJourneyId: number;
/** The fixture's second journey of Acme, closed the same day, without an analysis. */
let unanalysedJourneyId: number;
const people: Record<'lea' | 'nils' | 'gina', number> = { lea: 0, nils: 0, gina: 0 };

const db = () => ctx.db.db;
const request = (method: 'GET' | 'PUT', token: string, url: string, payload?: object, locale = 'en') =>
  ctx.app.inject({ method, url, headers: { ...authHeader(token), 'accept-language': locale }, ...(payload ? { payload } : {}) });
const REPORTS = (id: number) => [`/api/engagements/${id}/leader-reports/`, `/api/engagements/${id}/individual-reports/${org.people.a5}/`, `/api/engagements/${id}/metrics/`, `/api/engagements/${id}/graph-visualization/`, `/api/engagements/${id}/retention-analytics-results/`];
const participantsOf = (engagementId: number) => db().select().from(tables.employees).where(eq(tables.employees.engagementId, engagementId)).orderBy(tables.employees.id);
const entriesOf = (organizationId: number, action: 'retention.journey_anonymised' | 'retention.leaver_erased' | 'retention_policy.change', engagementId?: number) =>
  db()
    .select()
    .from(tables.auditEntries)
    .where(and(eq(tables.auditEntries.organizationId, organizationId), eq(tables.auditEntries.action, action), engagementId === undefined ? undefined : eq(tables.auditEntries.engagementId, engagementId)));

async function leaver(organizationId: number, externalId: string, displayName: string, email: string, leaveDate: string) {
  const [row] = await db().insert(tables.directoryPeople).values({ organizationId, externalId, userName: email, email, displayName, unitPath: 'Company / Sales', leaveDate, active: false }).returning();
  if (!row) throw new Error('no directory person');
  return row.id;
}

/** Moves the engine's and the app's time; the administrator signs in again (a session lapses after hours idle). */
async function moveTo(instant: string) {
  await clock.setTime(new Date(instant));
  dpo = await loginAs(ctx.app, 'dpo@acme.test', FIXTURE_PASSWORD);
  engagementAdmin = await loginAs(ctx.app, adminEmail, FIXTURE_PASSWORD);
}

/**
 * A JSON answer with every name and address of `renamed` written as its pseudonym, and every list
 * in one order: lists sorted by name order pseudonyms differently, the one change anonymising may make.
 */
function canonical(body: string, renamed: ReadonlyMap<string, string> = new Map()): unknown {
  let text = body;
  for (const [from, to] of [...renamed].sort((a, b) => b[0].length - a[0].length)) text = text.split(from).join(to);
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, sorted(child)]));
    return value;
  };
  return sorted(JSON.parse(text));
}

beforeAll(async () => {
  ctx = await createTestApp({ jobClock: clock });
  const { emails, ...made } = await createAnalyticsOrganisation(db());
  org = made;
  await db().update(tables.engagements).set({ accessFrom: '2030-01-01', accessTill: '2030-01-20' });
  const dpoUser = await createUser(db(), { email: 'dpo@acme.test', name: 'Acme DPO', organizationIds: [org.orgId], permissions: ['organization_admin'] });
  await grantAccess(db(), org.engagementId, dpoUser.id, everyModule('all_access'));
  dpo = await loginAs(ctx.app, 'dpo@acme.test', FIXTURE_PASSWORD);
  adminEmail = emails.admin;
  engagementAdmin = await loginAs(ctx.app, adminEmail, FIXTURE_PASSWORD);
  await analyseThroughApi(ctx, org.engagementId, engagementAdmin);

  // A later journey of Acme, closing in September 2031: not due in February 2032.
  const [later] = await db().insert(tables.engagements).values({ organizationId: org.orgId, name: 'Acme autumn 2031', accessFrom: '2031-09-01', accessTill: '2031-09-30' }).returning();
  notDueJourneyId = later?.id ?? 0;
  await db().insert(tables.employees).values({ engagementId: notDueJourneyId, name: 'Nora Notdue', email: 'nora@acme.test' });

  const [unanalysed] = await db().select({ id: tables.engagements.id }).from(tables.engagements).where(eq(tables.engagements.name, 'Acme autumn'));
  unanalysedJourneyId = unanalysed?.id ?? 0;
  const [globexJourney] = await db().select({ organizationId: tables.engagements.organizationId }).from(tables.engagements).where(eq(tables.engagements.id, org.otherOrgEngagementId));
  globexId = globexJourney?.organizationId ?? 0;
  // Globex keeps journeys three years and leavers two: its journey (closed the same day as Acme's) and its leaver stay.
  await db().update(tables.organizations).set({ retentionJourneyMonths: 36, retentionLeaverMonths: 24 }).where(eq(tables.organizations.id, globexId));
  people.lea = await leaver(org.orgId, 'E-LEA', 'Lea Leaver', 'lea@acme.test', '2031-01-15');
  people.nils = await leaver(org.orgId, 'E-NILS', 'Nils Notyet', 'nils@acme.test', '2031-12-01');
  people.gina = await leaver(globexId, 'G-GINA', 'Gina Globex', 'gina@globex.test', '2031-01-15');
}, 240_000);
afterAll(async () => ctx.close());

describe('the retention policy', () => {
  it('starts at 24 months for journeys and 12 for leavers and lists when each journey will be anonymised', async () => {
    const res = await request('GET', dpo, '/api/organization/retention-policy/');
    expect(res.statusCode, res.body).toBe(200);
    const policy = res.json<TRetentionPolicy>();
    expect(policy).toMatchObject({ journey_months: 24, leaver_months: 12, upcoming_leavers: 2, next_leaver_due_on: '2032-01-15' });
    // The autumn 2031 journey has not closed yet: its dates are what they will be if it runs to its last day.
    expect(policy.upcoming.map((u) => [u.engagement_id, u.closed_on, u.closed, u.due_on, u.status])).toEqual([
      [org.engagementId, '2030-01-20', true, '2032-01-20', 'pending'],
      [unanalysedJourneyId, '2030-01-20', true, '2032-01-20', 'pending'],
      [notDueJourneyId, '2031-09-30', false, '2033-09-30', 'pending'],
    ]);
  });

  it('refuses months outside its bounds in the reader’s language, storing nothing, and is for organisation administrators only', async () => {
    const low = await request('PUT', dpo, '/api/organization/retention-policy/', { journey_months: 2, leaver_months: 12 }, 'hu');
    expect(low.statusCode).toBe(400);
    expect(Object.keys(low.json<TApiError & { errors: Record<string, string[]> }>().errors)).toEqual(['journey_months']);
    const high = await request('PUT', dpo, '/api/organization/retention-policy/', { journey_months: 24, leaver_months: 121 });
    expect(high.statusCode).toBe(400);
    expect((await request('PUT', engagementAdmin, '/api/organization/retention-policy/', { journey_months: 30, leaver_months: 12 })).statusCode).toBe(403);
    expect((await request('GET', engagementAdmin, '/api/organization/retention-policy/')).statusCode).toBe(403);
    expect((await request('GET', dpo, '/api/organization/retention-policy/')).json<TRetentionPolicy>()).toMatchObject({ journey_months: 24, leaver_months: 12 });
    expect(await entriesOf(org.orgId, 'retention_policy.change')).toEqual([]);
  });

  it('is changed on record (ids and months only), and the journey’s timeline follows', async () => {
    const res = await request('PUT', dpo, '/api/organization/retention-policy/', { journey_months: 30, leaver_months: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRetentionPolicy>().upcoming[0]?.due_on).toBe('2032-07-20');
    const timeline = (await request('GET', engagementAdmin, `/api/engagements/${org.engagementId}/schedule/`)).json<TJourneySchedule>();
    expect(timeline.anonymisation).toEqual({ kind: 'anonymise', closed_on: '2030-01-20', closed: true, due_on: '2032-07-20', status: 'pending', done_at: null });
    const [entry] = await entriesOf(org.orgId, 'retention_policy.change');
    expect(entry).toMatchObject({ route: 'PUT /api/organization/retention-policy/', targetIds: { journey_months: 30, leaver_months: 12 } });
    expect((await request('PUT', dpo, '/api/organization/retention-policy/', { journey_months: 24, leaver_months: 12 })).statusCode).toBe(200);
    expect(await entriesOf(org.orgId, 'retention_policy.change')).toHaveLength(2);
  });

  it('is run daily by the job engine', async () => {
    const schedule = await ctx.app.jobs.boss.getSchedule('data-retention');
    expect(schedule).toMatchObject({ name: 'data-retention', cron: '30 2 * * *', timezone: 'UTC' });
  });
});

describe('25 months after the journey closed', () => {
  const before: Record<string, string> = {};
  let originals: (typeof tables.employees.$inferSelect)[];

  beforeAll(async () => {
    for (const url of REPORTS(org.engagementId)) {
      const res = await request('GET', dpo, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      before[url] = res.body;
    }
    originals = await participantsOf(org.engagementId);
    await moveTo('2032-02-25T08:00:00Z');
  }, 120_000);

  it('a run broken off half-way leaves the journey whole; the job’s retry anonymises all of it', async () => {
    const unanalysedBefore = await participantsOf(unanalysedJourneyId);
    // The database refuses to store the rewritten analysis, the last step of the journey's
    // anonymisation, after every participant row was rewritten: as an instance dying there would leave it.
    await db().execute(sql`create function refuse_run_rewrite() returns trigger language plpgsql as $$
      begin raise exception 'the rewritten analysis cannot be stored'; end $$`);
    await db().execute(sql`create trigger refuse_run_rewrite before update on analysis_runs for each row execute function refuse_run_rewrite()`);
    await ctx.app.jobs.send('data-retention', {});
    expect(await ctx.app.jobs.drain('data-retention')).toBe(1);
    expect(await participantsOf(org.engagementId)).toEqual(originals);
    const [untouched] = await db().select().from(tables.engagements).where(eq(tables.engagements.id, org.engagementId));
    expect(untouched?.anonymisedAt).toBeNull();
    expect(await entriesOf(org.orgId, 'retention.journey_anonymised', org.engagementId)).toEqual([]);
    // Each journey has a transaction of its own: the one without an analysis was anonymised all the same.
    expect((await participantsOf(unanalysedJourneyId)).map((p) => p.name)).toEqual(unanalysedBefore.map(() => expect.stringMatching(/^Anonymised person /)));
    expect(await entriesOf(org.orgId, 'retention.journey_anonymised', unanalysedJourneyId)).toHaveLength(1);

    await db().execute(sql`drop trigger refuse_run_rewrite on analysis_runs`);
    await db().execute(sql`drop function refuse_run_rewrite()`);
    // The engine gives the job another go after its retry wait (ten minutes).
    await moveTo('2032-02-25T08:11:00Z');
    expect(await ctx.app.jobs.drain('data-retention')).toBe(1);
    const after = await participantsOf(org.engagementId);
    expect(after).toHaveLength(originals.length);
    for (const participant of after) {
      expect(participant.name).toMatch(/^Anonymised person [0-9A-F]{6}$/);
      expect(participant.email).toMatch(/^anonymised-[0-9a-f]{16}@anonymised\.invalid$/);
      expect(participant).toMatchObject({ userId: null, directoryPersonId: null, jobTitle: null });
    }
    // Structure stays: units, leaders, and the answers of each participant row.
    expect(after.map((p) => [p.id, p.unitId, p.leaderId, p.gender, p.generation])).toEqual(originals.map((p) => [p.id, p.unitId, p.leaderId, p.gender, p.generation]));
    const entries = await entriesOf(org.orgId, 'retention.journey_anonymised', org.engagementId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ engagementId: org.engagementId, actorUserId: null, route: null, targetIds: { id: org.engagementId, participants: originals.length } });
  });

  it('its nominations and answers no longer lead to anyone: no name or address of a participant is left in the journey or its analyses', async () => {
    const answers = await db().select().from(tables.answers).where(eq(tables.answers.engagementId, org.engagementId));
    expect(answers.length).toBeGreaterThan(0);
    const named = await db().select({ name: tables.employees.name, email: tables.employees.email }).from(tables.employees).where(inArray(tables.employees.id, [...new Set(answers.flatMap((a) => [a.employeeId, ...a.selectedEmployeeIds]))]));
    expect(named.every((p) => p.name.startsWith('Anonymised person '))).toBe(true);
    const runs = await db().select({ id: tables.analysisRuns.id }).from(tables.analysisRuns).where(eq(tables.analysisRuns.engagementId, org.engagementId));
    expect(runs.length).toBeGreaterThan(0);
    const stored = JSON.stringify(await Promise.all(runs.map((run) => storedResultOf(db(), run.id))));
    for (const participant of originals) {
      expect(stored.includes(`"${participant.name}"`), participant.name).toBe(false);
      expect(stored.includes(participant.email ?? '?'), participant.email ?? '').toBe(false);
    }
  });

  it('its reports read the same aggregates, with pseudonyms where the names were', async () => {
    const after = await participantsOf(org.engagementId);
    const renamed = new Map<string, string>();
    for (const original of originals) {
      const now = after.find((p) => p.id === original.id);
      renamed.set(original.name, now?.name ?? '');
      if (original.email) renamed.set(original.email, now?.email ?? '');
    }
    expect(before[REPORTS(org.engagementId)[3] ?? '']).toContain('Person a5');
    for (const url of REPORTS(org.engagementId)) {
      const res = await request('GET', dpo, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Person a5');
      expect(canonical(res.body), url).toEqual(canonical(before[url] ?? '', renamed));
    }
  });

  it('erases the leaver past 12 months, and leaves what is not due and another organisation’s policy alone', async () => {
    const directory = await db().select().from(tables.directoryPeople).where(inArray(tables.directoryPeople.id, [people.lea, people.nils, people.gina]));
    const byId = new Map(directory.map((p) => [p.id, p]));
    expect(byId.get(people.lea)).toMatchObject({ displayName: expect.stringMatching(/^Erased person [0-9A-F]{6}$/), email: expect.stringMatching(/@erased\.invalid$/) });
    expect(byId.get(people.lea)?.erasedAt).not.toBeNull();
    expect(byId.get(people.nils)).toMatchObject({ displayName: 'Nils Notyet', email: 'nils@acme.test', erasedAt: null });
    expect(byId.get(people.gina)).toMatchObject({ displayName: 'Gina Globex', email: 'gina@globex.test', erasedAt: null });
    const [leaEntry] = await entriesOf(org.orgId, 'retention.leaver_erased');
    expect(leaEntry).toMatchObject({ actorUserId: null, targetIds: { id: people.lea } });
    expect(JSON.stringify(leaEntry)).not.toContain('Lea');

    expect((await participantsOf(notDueJourneyId)).map((p) => [p.name, p.email])).toEqual([['Nora Notdue', 'nora@acme.test']]);
    expect((await participantsOf(org.otherOrgEngagementId)).every((p) => !p.name.startsWith('Anonymised'))).toBe(true);
    const [globexJourney] = await db().select().from(tables.engagements).where(eq(tables.engagements.id, org.otherOrgEngagementId));
    expect(globexJourney?.anonymisedAt).toBeNull();
    expect(await entriesOf(globexId, 'retention.journey_anonymised')).toEqual([]);
  });

  it('shows the journey as anonymised, does nothing more on the next day’s run, and the audit chain stays whole', async () => {
    const timeline = (await request('GET', engagementAdmin, `/api/engagements/${org.engagementId}/schedule/`)).json<TJourneySchedule>();
    expect(timeline.anonymisation).toMatchObject({ status: 'done', due_on: '2032-01-20', done_at: '2032-02-25T08:11:00.000Z' });
    const policy = (await request('GET', dpo, '/api/organization/retention-policy/')).json<TRetentionPolicy>();
    expect(policy.upcoming.map((u) => u.engagement_id)).toEqual([notDueJourneyId]);
    expect(policy).toMatchObject({ upcoming_leavers: 1, next_leaver_due_on: '2032-12-01' });

    const names = (await participantsOf(org.engagementId)).map((p) => p.name);
    await moveTo('2032-02-26T02:30:00Z');
    await ctx.app.jobs.send('data-retention', {});
    expect(await ctx.app.jobs.drain('data-retention')).toBe(1);
    expect((await participantsOf(org.engagementId)).map((p) => p.name)).toEqual(names);
    expect(await entriesOf(org.orgId, 'retention.journey_anonymised')).toHaveLength(2);
    const verify = await ctx.app.inject({ method: 'POST', url: '/api/organization/audit-log/verify/', headers: authHeader(dpo) });
    expect(verify.json<{ whole: boolean }>().whole).toBe(true);
  });
});
