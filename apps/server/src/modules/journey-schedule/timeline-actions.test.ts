import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import { eq, tables } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';

// A Monday in March 2027, a fortnight before summer time starts in Budapest (2027-03-28).
const clock = new TestClock(new Date('2027-03-15T08:00:00Z'));
let db: TestDatabase;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let adminToken: string;
let viewerToken: string;
let strangerToken: string;
let organizationId: number;

type Step = { id: number; kind: string; status: string; local_time: string; due_at: string; reason: string | null };
type Timeline = { time_zone: string; steps: Step[] };

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = adminToken, language = 'en-US') =>
  app.inject({ method, url: `/api${url}`, headers: { ...authHeader(token), 'accept-language': language }, ...(payload ? { payload } : {}) });
const timeline = async (id: number) => (await api('GET', `/engagements/${id}/schedule/`)).json() as Timeline;
const step = async (id: number, kind: string) => {
  const found = (await timeline(id)).steps.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`no ${kind} step`);
  return found;
};
const act = (id: number, stepId: number, action: 'send-now' | 'skip' | 'move', payload?: object, token = adminToken, language = 'en-US') =>
  api('POST', `/engagements/${id}/schedule/steps/${stepId}/${action}/`, payload, token, language);
async function moveTo(instant: string) {
  await clock.setTime(new Date(instant));
  adminToken = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
}
/** A schedule's reminders: none, or one N days after the opening (the default cadence has three). */
const NO_REMINDERS = { reminders: { days_after_opening: [], last_day_at: null } };
const reminderAfter = (days: number) => ({ reminders: { days_after_opening: [days], last_day_at: null } });
/** The timeline without the administrators' daily digests, which come every working morning while open. */
const plannedSteps = async (id: number) => (await timeline(id)).steps.filter((candidate) => candidate.kind !== 'digest');
const outboxTo = async (to: string) => db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to));

async function surveyedJourney(name: string) {
  const { engagement, employees } = await createEngagement(db.db, organizationId, name);
  await db.db.update(tables.engagements).set({ surveyCreatedAt: new Date(), defaultLanguage: 'en' }).where(eq(tables.engagements.id, engagement.id));
  const [question] = await db.db.insert(tables.questions).values({ engagementId: engagement.id, key: 'cooperation', category: 'work_cooperation', kind: 'cooperation', position: 1, texts: { en: 'With whom do you work closely every week?' } }).returning();
  await db.db.insert(tables.answers).values([
    { engagementId: engagement.id, employeeId: employees.member.id, questionId: question!.id, selectedEmployeeIds: [employees.lead.id] },
    { engagementId: engagement.id, employeeId: employees.lead.id, questionId: question!.id, selectedEmployeeIds: [employees.member.id, employees.boss.id] },
  ]);
  return { engagement, employees, emails: [employees.boss.email!, employees.lead.email!, employees.member.email!] };
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCatcher();
  app = await buildApp({ db, settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, emailWorker: false, jobClock: clock });
  const org = await createOrganization(db.db, 'Acme');
  organizationId = org.id;
  const other = await createOrganization(db.db, 'Globex');
  await createUser(db.db, { email: 'admin@acme.test', name: 'Ada Admin', organizationIds: [org.id], permissions: ['engagement_admin', 'organization_admin'] });
  await createUser(db.db, { email: 'viewer@acme.test', name: 'Vic Viewer', organizationIds: [org.id], permissions: [] });
  await createUser(db.db, { email: 'admin@globex.test', name: 'Gus Globex', organizationIds: [other.id], permissions: ['engagement_admin'] });
  adminToken = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
  viewerToken = await loginAs(app, 'viewer@acme.test', FIXTURE_PASSWORD);
  strangerToken = await loginAs(app, 'admin@globex.test', FIXTURE_PASSWORD);
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.close();
  await smtp.close();
});

describe('moving a step', () => {
  it('refuses a past time, an hour the clocks skip or repeat, and a time out of order, in the caller’s language, changing nothing', async () => {
    const { engagement } = await surveyedJourney('Moved');
    expect((await api('PUT', `/engagements/${engagement.id}/schedule/`, { opens_at: '2027-04-05T09:00', closes_at: '2027-04-16T17:00', ...reminderAfter(9) })).statusCode).toBe(200);
    const before = await timeline(engagement.id);
    const [open, reminder, close] = before.steps as [Step, Step, Step];
    const cases = [
      [open, '2027-03-14T09:00', 'schedule_in_past'],
      [open, '2027-03-28T02:30', 'schedule_time_nonexistent'],
      [close, '2027-10-31T02:30', 'schedule_time_ambiguous'],
      [open, '2027-04-14T17:00', 'step_order_open'],
      [close, '2027-04-14T08:00', 'step_order_close'],
      [reminder, '2027-04-20T09:00', 'step_order_between'],
    ] as const;
    for (const [target, local, code] of cases) {
      const res = await act(engagement.id, target.id, 'move', { local_time: local });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(Object.keys(res.json().errors)).toEqual(['local_time']);
    }
    const german = await act(engagement.id, reminder.id, 'move', { local_time: '2027-04-20T09:00' }, adminToken, 'de-DE');
    expect(german.json().errors.local_time[0]).toBe('Dieser Schritt muss zwischen der Öffnung (2027-04-05 09:00) und dem Schluss (2027-04-16 17:00) liegen.');
    expect(await timeline(engagement.id)).toEqual(before);
    // Its steps out of the way of the next tests.
    await app.inject({ method: 'DELETE', url: `/api/engagements/${engagement.id}/schedule/`, headers: authHeader(adminToken) });
  });

  it('moves a pending step and its job: it runs at the new time and not at the old one; the survey window follows the opening', async () => {
    const { engagement, emails } = await surveyedJourney('Moved later');
    await api('PUT', `/engagements/${engagement.id}/schedule/`, { opens_at: '2027-04-05T09:00', closes_at: '2027-04-16T17:00', ...NO_REMINDERS });
    const open = await step(engagement.id, 'open');
    const res = await act(engagement.id, open.id, 'move', { local_time: '2027-04-07T10:30' });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps[0]).toMatchObject({ id: open.id, local_time: '2027-04-07T10:30', due_at: '2027-04-07T08:30:00.000Z', status: 'pending' });
    const [stored] = await db.db.select().from(tables.engagements).where(eq(tables.engagements.id, engagement.id));
    expect(stored?.accessFrom).toBe('2027-04-07');
    await moveTo('2027-04-05T07:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(0);
    for (const to of emails) expect(await outboxTo(to)).toEqual([]);
    await moveTo('2027-04-07T08:30:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    for (const to of emails) expect(await outboxTo(to)).toHaveLength(1);
    expect(await app.jobs.drain('email-send')).toBe(3);
    for (const to of emails) await smtp.waitFor(to);
    await api('POST', `/engagements/${engagement.id}/close/`);
  });
});

describe('sending a step now and skipping one', () => {
  let engagementId: number;
  let emails: string[];

  it('“send now” carries the opening out at once through the engine, once; its time becomes now and the survey opens today', async () => {
    await moveTo('2027-05-03T08:00:00Z');
    const journey = await surveyedJourney('Sent now');
    engagementId = journey.engagement.id;
    emails = journey.emails;
    await api('PUT', `/engagements/${engagementId}/schedule/`, { opens_at: '2027-05-10T09:00', closes_at: '2027-05-21T17:00', ...reminderAfter(8) });
    const open = await step(engagementId, 'open');
    const res = await act(engagementId, open.id, 'send-now');
    expect(res.statusCode).toBe(200);
    expect(res.json().steps[0]).toMatchObject({ kind: 'open', local_time: '2027-05-03T10:00', status: 'pending' });
    const [stored] = await db.db.select().from(tables.engagements).where(eq(tables.engagements.id, engagementId));
    expect(stored?.accessFrom).toBe('2027-05-03');
    // The old job (due on the 10th) was cancelled; the new one is due now.
    expect(await app.jobs.drain('journey-step')).toBe(1);
    expect(await app.jobs.drain('email-send')).toBe(3);
    for (const to of emails) await smtp.waitFor(to);
    for (const to of emails) expect(await outboxTo(to)).toHaveLength(1);
    expect(await step(engagementId, 'open')).toMatchObject({ status: 'done' });
    // The old opening's time: its job was cancelled, so nobody gets a second invitation (the daily
    // digests due by then go to the administrator).
    await moveTo('2027-05-10T07:00:30Z');
    await app.jobs.drain('journey-step');
    for (const to of emails) expect(await outboxTo(to)).toHaveLength(1);
  });

  it('a step already done answers 409 with what became of it, in the caller’s language', async () => {
    const open = await step(engagementId, 'open');
    for (const action of ['send-now', 'skip'] as const) {
      const res = await act(engagementId, open.id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'step_not_pending', detail: 'This step has already been carried out: it can no longer be sent, skipped or moved.' });
    }
    const hungarian = await act(engagementId, open.id, 'move', { local_time: '2027-05-12T09:00' }, adminToken, 'hu-HU');
    expect(hungarian.json().detail).toBe('Ez a lépés már megtörtént: már nem küldhető el, nem hagyható ki és nem helyezhető át.');
  });

  it('“skip” cancels the reminder with reason skipped and nothing is sent at its time; a skipped step cannot be skipped again', async () => {
    const reminder = await step(engagementId, 'reminder');
    const res = await act(engagementId, reminder.id, 'skip');
    expect(res.statusCode).toBe(200);
    expect((res.json().steps as Step[]).filter((s) => s.kind !== 'digest').map((s) => [s.kind, s.status, s.reason])).toEqual([['open', 'done', null], ['reminder', 'cancelled', 'skipped'], ['close', 'pending', null]]);
    await moveTo('2027-05-18T07:00:30Z');
    await app.jobs.drain('journey-step');
    expect(await step(engagementId, 'reminder')).toMatchObject({ status: 'cancelled', reason: 'skipped' });
    for (const to of emails) expect(await outboxTo(to)).toHaveLength(1);
    const again = await act(engagementId, reminder.id, 'skip');
    expect(again.json()).toMatchObject({ code: 'step_not_pending', detail: 'This step was cancelled: it can no longer be sent, skipped or moved.' });
  });

  it('only an engagement admin of the organisation acts on steps: 403 for others of it, 404 for another organisation or another journey’s step', async () => {
    const close = await step(engagementId, 'close');
    // Sessions lapse after hours idle, and the test clock has moved on for weeks.
    viewerToken = await loginAs(app, 'viewer@acme.test', FIXTURE_PASSWORD);
    strangerToken = await loginAs(app, 'admin@globex.test', FIXTURE_PASSWORD);
    await db.db.insert(tables.moduleAccess).values({ engagementId, userId: (await db.db.select().from(tables.users).where(eq(tables.users.email, 'viewer@acme.test')))[0]!.id, module: 'statistics', accessLevel: 'all_access' });
    for (const action of ['send-now', 'skip'] as const) {
      expect((await act(engagementId, close.id, action, undefined, viewerToken)).statusCode).toBe(403);
      expect((await act(engagementId, close.id, action, undefined, strangerToken)).statusCode).toBe(404);
    }
    expect((await act(engagementId, close.id, 'move', { local_time: '2027-05-22T09:00' }, viewerToken)).statusCode).toBe(403);
    expect((await api('PUT', `/engagements/${engagementId}/schedule/repeat/`, { every_months: 6 }, viewerToken)).statusCode).toBe(403);
    expect((await api('GET', `/engagements/${engagementId}/schedule/repeat/`, undefined, strangerToken)).statusCode).toBe(404);
    const { engagement: otherJourney } = await surveyedJourney('Another');
    expect((await act(otherJourney.id, close.id, 'skip')).statusCode).toBe(404);
    expect(await step(engagementId, 'close')).toMatchObject({ status: 'pending' });
    await api('POST', `/engagements/${engagementId}/close/`);
    await app.inject({ method: 'DELETE', url: `/api/engagements/${otherJourney.id}/`, headers: authHeader(adminToken) });
  });
});

describe('a recurring programme', () => {
  let sourceId: number;
  let waveId: number;

  it('at the scheduled closing creates the next wave by itself, once, as a draft with the schedule shifted by the period', async () => {
    await moveTo('2027-06-01T08:00:00Z');
    const { engagement } = await surveyedJourney('Pulse');
    sourceId = engagement.id;
    expect((await api('PUT', `/engagements/${sourceId}/schedule/`, { opens_at: '2027-06-07T09:00', closes_at: '2027-06-18T17:00', ...reminderAfter(9) })).statusCode).toBe(200);
    const bad = await api('PUT', `/engagements/${sourceId}/schedule/repeat/`, { every_months: 3 });
    expect(bad.statusCode).toBe(400);
    const set = await api('PUT', `/engagements/${sourceId}/schedule/repeat/`, { every_months: 6 });
    expect(set.json()).toEqual({ every_months: 6, next_wave: null, draft: false });
    await moveTo('2027-06-07T07:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    // The reminder was skipped in this wave: the next wave still has one (a skip is this wave's choice).
    await act(sourceId, (await step(sourceId, 'reminder')).id, 'skip');
    await moveTo('2027-06-18T15:00:30Z');
    // The daily digests due by then, the closing, then the next wave's own step queued in the
    // closing's transaction; after that nothing is left.
    await app.jobs.drain('journey-step');
    expect(await app.jobs.drain('journey-step')).toBe(0);
    const repeat = (await api('GET', `/engagements/${sourceId}/schedule/repeat/`)).json();
    expect(repeat).toMatchObject({ every_months: 6, next_wave: { name: 'Pulse (2027-12)' }, draft: false });
    waveId = repeat.next_wave.id;
    expect((await plannedSteps(sourceId)).map((s) => [s.kind, s.status])).toEqual([['open', 'done'], ['reminder', 'cancelled'], ['close', 'done'], ['next_wave', 'done']]);
    const waves = await db.db.select().from(tables.engagements).where(eq(tables.engagements.previousEngagementId, sourceId));
    expect(waves.map((wave) => [wave.id, wave.accessFrom, wave.accessTill, wave.closedAt])).toEqual([[waveId, '2027-12-07', '2027-12-18', null]]);
    // The "Next wave" copy: the same questionnaire and people, no answers.
    expect(await db.db.select().from(tables.questions).where(eq(tables.questions.engagementId, waveId))).toHaveLength(1);
    expect(await db.db.select().from(tables.answers).where(eq(tables.answers.engagementId, waveId))).toEqual([]);
    expect(await db.db.select().from(tables.employees).where(eq(tables.employees.engagementId, waveId))).toHaveLength(3);
    // Winter time in December: 09:00 in Budapest is 08:00 UTC.
    expect((await timeline(waveId)).steps).toMatchObject([
      { kind: 'open', local_time: '2027-12-07T09:00', due_at: '2027-12-07T08:00:00.000Z', status: 'draft' },
      { kind: 'reminder', local_time: '2027-12-16T09:00', status: 'draft' },
      { kind: 'close', local_time: '2027-12-18T17:00', due_at: '2027-12-18T16:00:00.000Z', status: 'draft' },
    ]);
    expect((await api('GET', `/engagements/${waveId}/schedule/repeat/`)).json()).toEqual({ every_months: 6, next_wave: null, draft: true });
  });

  it('a draft sends nothing at its times until an administrator confirms it; a draft step cannot be sent now', async () => {
    const open = await step(waveId, 'open');
    const sendNow = await act(waveId, open.id, 'send-now');
    expect(sendNow.json()).toMatchObject({ code: 'step_draft', detail: 'This step belongs to a draft schedule. Please confirm the schedule first.' });
    const jobs = await app.jobs.boss.findJobs<{ stepId: number }>('journey-step');
    const draftIds = new Set((await timeline(waveId)).steps.map((s) => s.id));
    expect(jobs.filter((job) => draftIds.has(job.data.stepId))).toEqual([]);
    expect((await api('POST', `/engagements/${sourceId}/schedule/confirm/`)).json()).toMatchObject({ code: 'schedule_not_draft' });
  });

  it('confirming refuses a draft step that has meanwhile passed, naming it; after the step is moved it confirms and the wave runs', async () => {
    await moveTo('2027-12-07T10:00:00Z');
    const open = await step(waveId, 'open');
    const refused = await api('POST', `/engagements/${waveId}/schedule/confirm/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'schedule_in_past', errors: { [`steps.${open.id}`]: [expect.stringContaining('already passed')] } });
    expect((await timeline(waveId)).steps.map((s) => s.status)).toEqual(['draft', 'draft', 'draft']);
    expect((await act(waveId, open.id, 'move', { local_time: '2027-12-08T09:00' })).json().steps[0]).toMatchObject({ status: 'draft', local_time: '2027-12-08T09:00' });
    const confirmed = await api('POST', `/engagements/${waveId}/schedule/confirm/`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().steps.map((s: Step) => s.status)).toEqual(['pending', 'pending', 'pending']);
    await moveTo('2027-12-08T08:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    expect(await step(waveId, 'open')).toMatchObject({ status: 'done' });
  });

  it('a next wave step run again (a retry, another instance) creates no second wave', async () => {
    const [nextWaveStep] = await db.db.select().from(tables.journeyScheduleSteps).where(eq(tables.journeyScheduleSteps.engagementId, sourceId)).then((rows) => rows.filter((row) => row.kind === 'next_wave'));
    // As if the engine handed the same step's job out once more: the step back to pending, a new job.
    await db.db.update(tables.journeyScheduleSteps).set({ status: 'pending' }).where(eq(tables.journeyScheduleSteps.id, nextWaveStep!.id));
    await app.jobs.send('journey-step', { stepId: nextWaveStep!.id });
    expect(await app.jobs.drain('journey-step')).toBe(1);
    expect(await db.db.select().from(tables.engagements).where(eq(tables.engagements.previousEngagementId, sourceId))).toHaveLength(1);
  });
});
