import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { eq, sql, tables } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';

// The engine's and the app's time: a Friday in March 2027, a week before summer time starts.
const clock = new TestClock(new Date('2027-03-19T08:00:00Z'));
let db: TestDatabase;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let adminToken: string;
let organizationId: number;

const schedule = (engagementId: number, body: object, language = 'en-US') =>
  app.inject({ method: 'PUT', url: `/api/engagements/${engagementId}/schedule/`, headers: { ...authHeader(adminToken), 'accept-language': language }, payload: body });
const timeline = async (engagementId: number) =>
  (await app.inject({ method: 'GET', url: `/api/engagements/${engagementId}/schedule/`, headers: authHeader(adminToken) })).json() as { time_zone: string; steps: { kind: string; status: string; due_at: string; local_time: string; reason: string | null }[] };
/** Moves the engine's and the app's time; the administrator signs in again (a session lapses after hours idle). */
async function moveTo(instant: string) {
  await clock.setTime(new Date(instant));
  adminToken = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
}
/** A schedule without reminders, for the tests of opening and closing alone. */
const noReminders = { days_after_opening: [], last_day_at: null };
const outboxTo = async (to: string) => db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to));

/** A journey with a questionnaire and answers enough for an analysis. */
async function surveyedJourney(name: string) {
  const { engagement, employees } = await createEngagement(db.db, organizationId, name);
  await db.db.update(tables.engagements).set({ surveyCreatedAt: new Date(), defaultLanguage: 'en' }).where(eq(tables.engagements.id, engagement.id));
  const [question] = await db.db.insert(tables.questions).values({ engagementId: engagement.id, key: 'cooperation', category: 'work_cooperation', kind: 'cooperation', position: 1, texts: { en: 'With whom do you work closely every week?' } }).returning();
  await db.db.insert(tables.answers).values([
    { engagementId: engagement.id, employeeId: employees.member.id, questionId: question!.id, selectedEmployeeIds: [employees.lead.id] },
    { engagementId: engagement.id, employeeId: employees.lead.id, questionId: question!.id, selectedEmployeeIds: [employees.member.id, employees.boss.id] },
  ]);
  return { engagement, employees };
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCatcher();
  // Nothing works in the background: the test moves the clock and drains each queue itself.
  app = await buildApp({ db, settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined }, webDistDir: '/nonexistent', pollJobs: false, emailWorker: false, jobClock: clock });
  const org = await createOrganization(db.db, 'Acme');
  organizationId = org.id;
  await createUser(db.db, { email: 'admin@acme.test', name: 'Ada Admin', organizationIds: [org.id], permissions: ['engagement_admin', 'organization_admin'] });
  adminToken = await loginAs(app, 'admin@acme.test', FIXTURE_PASSWORD);
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.close();
  await smtp.close();
});

describe('a journey’s schedule: bad input', () => {
  it('refuses a closing before the opening, a time in the past, and the hours the clocks skip or repeat in Europe/Budapest, storing nothing', async () => {
    const { engagement } = await surveyedJourney('Refusals');
    const cases = [
      [{ opens_at: '2027-04-05T09:00', closes_at: '2027-04-05T08:00' }, 'schedule_close_before_open', 'closes_at'],
      [{ opens_at: '2027-03-18T09:00', closes_at: '2027-04-05T08:00' }, 'schedule_in_past', 'opens_at'],
      [{ opens_at: '2027-03-28T02:30', closes_at: '2027-04-05T08:00' }, 'schedule_time_nonexistent', 'opens_at'],
      [{ opens_at: '2027-04-05T09:00', closes_at: '2027-10-31T02:30' }, 'schedule_time_ambiguous', 'closes_at'],
    ] as const;
    for (const [body, code, field] of cases) {
      const res = await schedule(engagement.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const hungarian = await schedule(engagement.id, { opens_at: '2027-03-28T02:30', closes_at: '2027-04-05T08:00' }, 'hu-HU');
    expect(hungarian.json().errors.opens_at[0]).toBe('2027-03-28 02:30 nem létezik ebben az időzónában (Europe/Budapest): a nyári időszámítás kezdetén az órák ezt az órát átugorják. Kérjük, válasszon másik időpontot.');
    const malformed = await schedule(engagement.id, { opens_at: '29/03/2027 9:00', closes_at: '2027-04-05T08:00' });
    expect(malformed.statusCode).toBe(400);
    expect(await timeline(engagement.id)).toMatchObject({ time_zone: 'Europe/Budapest', steps: [] });
  });
});

describe('the organisation’s time zone', () => {
  it('is a setting of the organisation; an unknown zone is refused, and a schedule is read in the zone set', async () => {
    const bad = await app.inject({ method: 'PATCH', url: '/api/organization/', headers: authHeader(adminToken), payload: { time_zone: 'Europe/Budapesth' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_time_zone', errors: { time_zone: [expect.stringContaining('Europe/Budapesth')] } });
    const set = await app.inject({ method: 'PATCH', url: '/api/organization/', headers: authHeader(adminToken), payload: { time_zone: 'America/New_York' } });
    expect(set.json().time_zone).toBe('America/New_York');
    const { engagement } = await surveyedJourney('Overseas');
    const res = await schedule(engagement.id, { opens_at: '2027-04-05T09:00', closes_at: '2027-04-09T17:00', reminders: noReminders });
    expect(res.json()).toMatchObject({ time_zone: 'America/New_York', steps: [{ due_at: '2027-04-05T13:00:00.000Z' }, { due_at: '2027-04-09T21:00:00.000Z' }] });
    // Back to Budapest, and the overseas journey's steps out of the way of the next tests.
    await app.inject({ method: 'DELETE', url: `/api/engagements/${engagement.id}/schedule/`, headers: authHeader(adminToken) });
    await app.inject({ method: 'PATCH', url: '/api/organization/', headers: authHeader(adminToken), payload: { time_zone: 'Europe/Budapest' } });
    expect((await timeline(engagement.id)).steps.map((step) => [step.status, step.reason])).toEqual([['cancelled', 'schedule_removed'], ['cancelled', 'schedule_removed']]);
  });
});

describe('a journey that runs itself', () => {
  let engagementId: number;
  let emails: string[];

  it('stores the opening and closing in the organisation’s time zone, summer time included', async () => {
    const { engagement, employees } = await surveyedJourney('Spring survey');
    engagementId = engagement.id;
    emails = [employees.boss.email!, employees.lead.email!, employees.member.email!];
    const res = await schedule(engagementId, { opens_at: '2027-03-29T09:00', closes_at: '2027-04-02T17:00', reminders: noReminders });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps).toMatchObject([
      { kind: 'open', local_time: '2027-03-29T09:00', due_at: '2027-03-29T07:00:00.000Z', status: 'pending' },
      { kind: 'close', local_time: '2027-04-02T17:00', due_at: '2027-04-02T15:00:00.000Z', status: 'pending' },
    ]);
    // Nothing is due yet.
    expect(await app.jobs.drain('journey-step')).toBe(0);
  });

  it('sends the invitations at the opening time, once, each with the answering window as a calendar event', async () => {
    await moveTo('2027-03-29T07:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    expect(await app.jobs.drain('email-send')).toBe(3);
    for (const to of emails) await smtp.waitFor(to);
    for (const to of emails) expect(await outboxTo(to)).toHaveLength(1);
    expect((await timeline(engagementId)).steps.map((step) => [step.kind, step.status])).toEqual([['open', 'done'], ['digest', 'pending'], ['close', 'pending']]);
    expect(await app.jobs.drain('journey-step')).toBe(0);

    // The delivered e-mail, read back as a mail client would, and its .ics as a calendar would.
    const delivered = await simpleParser((await smtp.waitFor(emails[0]!)).raw);
    const calendar = delivered.attachments.find((file) => file.filename === 'invitation.ics');
    expect(calendar?.contentType).toBe('text/calendar');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(calendar!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Survey: Spring survey');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-29T07:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-04-02T15:00:00.000Z');
    expect(event.uid).toBe(`journey-${engagementId}@app.test`);
  });

  it('sends the administrators a digest every working-day morning while it is open, in their language', async () => {
    // 08:00 in Budapest, summer time since Sunday: 06:00 UTC.
    await moveTo('2027-03-30T06:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    const [digest] = await outboxTo('admin@acme.test');
    // The administrator has no language of their own in the directory: the organisation's (Hungarian).
    expect(digest?.subject).toBe('Mai válaszadási arány: Spring survey – 0%');
    expect(digest?.textBody).toContain('2027-04-02 17:00');
    expect(digest?.textBody).toContain('Az anonimitási küszöb alatt (legkevesebb válasz: 5; eredményeik nem jelennének meg): Company, Team A');
    for (const morning of ['2027-03-31T06:00:30Z', '2027-04-01T06:00:30Z', '2027-04-02T06:00:30Z']) {
      await moveTo(morning);
      expect(await app.jobs.drain('journey-step')).toBe(1);
    }
    expect(await outboxTo('admin@acme.test')).toHaveLength(4);
    // The next one would come after the closing: none is queued.
    expect((await timeline(engagementId)).steps.filter((step) => step.kind === 'digest').map((step) => step.status)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('at the closing time the answers stop, the analysis runs by itself and the administrators get “reports ready”', async () => {
    await moveTo('2027-04-02T15:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    const [closed] = await db.db.select().from(tables.engagements).where(eq(tables.engagements.id, engagementId));
    expect(closed?.closedAt).toBeInstanceOf(Date);
    app.analysisJobs.wake();
    await app.analysisJobs.idle();
    const runs = await db.db.select().from(tables.analysisRuns).where(eq(tables.analysisRuns.engagementId, engagementId));
    expect(runs.map((run) => run.status)).toEqual(['done']);
    await app.jobs.drain('email-send');
    await smtp.waitForCount(8);
    expect(smtp.received.filter((mail) => mail.to.includes('admin@acme.test') && mail.raw.includes('Subject: Reports are ready: Spring survey'))).toHaveLength(1);
    const notice = (await outboxTo('admin@acme.test')).find((mail) => mail.subject === 'Reports are ready: Spring survey');
    expect(notice?.textBody).toContain(`http://app.test/engagements/${engagementId}/`);
    expect((await timeline(engagementId)).steps.map((step) => step.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
  });
});

describe('pending steps of a journey closed or deleted by hand', () => {
  it('a journey closed by hand cancels its pending steps, which then never run', async () => {
    const { engagement } = await surveyedJourney('Closed early');
    expect((await schedule(engagement.id, { opens_at: '2027-05-03T09:00', closes_at: '2027-05-14T17:00', reminders: noReminders })).statusCode).toBe(200);
    const closed = await app.inject({ method: 'POST', url: `/api/engagements/${engagement.id}/close/`, headers: authHeader(adminToken) });
    expect(closed.statusCode).toBe(200);
    expect((await timeline(engagement.id)).steps.map((step) => [step.status, step.reason])).toEqual([['cancelled', 'closed_by_hand'], ['cancelled', 'closed_by_hand']]);
    await moveTo('2027-05-20T08:00:00Z');
    expect(await app.jobs.drain('journey-step')).toBe(0);
  });

  it('a deleted journey takes its steps with it and its jobs are cancelled', async () => {
    const { engagement } = await createEngagement(db.db, organizationId, 'Deleted');
    await db.db.update(tables.engagements).set({ surveyCreatedAt: new Date() }).where(eq(tables.engagements.id, engagement.id));
    expect((await schedule(engagement.id, { opens_at: '2027-06-07T09:00', closes_at: '2027-06-18T17:00', reminders: noReminders })).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/engagements/${engagement.id}/`, headers: authHeader(adminToken) });
    expect(deleted.statusCode).toBe(204);
    const jobs = await app.jobs.boss.findJobs<{ stepId: number }>('journey-step');
    expect(jobs.filter((job) => job.state === 'created')).toEqual([]);
    await moveTo('2027-06-30T08:00:00Z');
    expect(await app.jobs.drain('journey-step')).toBe(0);
  });
});

describe('an opening that fails half-way', () => {
  it('writes nobody until it can write everybody: the step stays pending, its job runs again and each invitation is sent once', async () => {
    const { engagement, employees } = await surveyedJourney('Half-way');
    const addresses = [employees.boss.email!, employees.lead.email!, employees.member.email!];
    expect((await schedule(engagement.id, { opens_at: '2027-07-05T09:00', closes_at: '2027-07-09T17:00', reminders: noReminders })).statusCode).toBe(200);
    // The database refuses the third of the journey's e-mails, after the first two were written: the
    // opening breaks off in the middle, as an instance dying there would leave it.
    const list = sql.raw(addresses.map((address) => `'${address}'`).join(', '));
    await db.db.execute(sql`create function refuse_third_invitation() returns trigger language plpgsql as $$
      begin
        if new.to_address in (${list}) and (select count(*) from email_outbox where to_address in (${list})) >= 2 then
          raise exception 'the third invitation cannot be written';
        end if;
        return new;
      end $$`);
    await db.db.execute(sql`create trigger refuse_third_invitation before insert on email_outbox for each row execute function refuse_third_invitation()`);
    await moveTo('2027-07-05T07:00:30Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    for (const to of addresses) expect(await outboxTo(to)).toEqual([]);
    expect((await timeline(engagement.id)).steps[0]).toMatchObject({ kind: 'open', status: 'pending' });

    await db.db.execute(sql`drop trigger refuse_third_invitation on email_outbox`);
    await db.db.execute(sql`drop function refuse_third_invitation()`);
    // The engine gives the job another go after its retry wait (a minute).
    await moveTo('2027-07-05T07:02:00Z');
    expect(await app.jobs.drain('journey-step')).toBe(1);
    for (const to of addresses) expect(await outboxTo(to)).toHaveLength(1);
    expect((await timeline(engagement.id)).steps[0]).toMatchObject({ kind: 'open', status: 'done' });
    await moveTo('2027-07-05T07:10:00Z');
    expect(await app.jobs.drain('journey-step')).toBe(0);
    expect(await app.jobs.drain('email-send')).toBe(3);
    for (const to of addresses) await smtp.waitFor(to);
    // Its closing out of the way of the next test's steps.
    await app.inject({ method: 'DELETE', url: `/api/engagements/${engagement.id}/schedule/`, headers: authHeader(adminToken) });
  });
});
