import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { and, asc, eq, tables } from '@ona/db';
import { buildApp, type App } from '../../app.ts';
import { startSmtpCatcher } from '../../testing/smtp-catcher.ts';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { authHeader, loginAs } from '../../testing/test-app.ts';
import { toLocalTime } from './local-time.ts';

// A Monday in March 2027; Budapest moves to summer time on Sunday the 28th, New York moved on the 14th.
const clock = new TestClock(new Date('2027-03-22T08:00:00Z'));
let db: TestDatabase;
let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let adminToken: string;
let organizationId: number;

const asAdmin = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object, language = 'en-US') =>
  app.inject({ method, url: `/api${url}`, headers: { ...authHeader(adminToken), 'accept-language': language }, ...(payload ? { payload } : {}) });
async function moveTo(instant: string) {
  await clock.setTime(new Date(instant));
  adminToken = await loginAs(app, 'admin@beta.test', FIXTURE_PASSWORD);
}
const outboxTo = async (to: string) => db.db.select().from(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, to)).orderBy(asc(tables.emailOutbox.id));
const finish = (engagementId: number, employeeId: number, at: Date) =>
  db.db
    .insert(tables.surveyParticipations)
    .values({ engagementId, employeeId, finishedAt: at })
    .onConflictDoUpdate({ target: [tables.surveyParticipations.engagementId, tables.surveyParticipations.employeeId], set: { finishedAt: at } });

async function surveyed(name: string) {
  const created = await createEngagement(db.db, organizationId, name);
  await db.db.update(tables.engagements).set({ surveyCreatedAt: new Date(), defaultLanguage: 'en' }).where(eq(tables.engagements.id, created.engagement.id));
  return created;
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCatcher();
  app = await buildApp({ db, settings: { SMTP_URL: smtp.url, MAIL_FROM: 'ONA test <test@ona.example>', PUBLIC_URL: 'http://app.test', REDIS_URL: undefined, MIN_GROUP_SIZE: 2 }, webDistDir: '/nonexistent', pollJobs: false, emailWorker: false, jobClock: clock });
  const org = await createOrganization(db.db, 'Beta');
  organizationId = org.id;
  await db.db.update(tables.organizations).set({ defaultLanguage: 'en' }).where(eq(tables.organizations.id, org.id));
  await createUser(db.db, { email: 'admin@beta.test', name: 'Ada Admin', organizationIds: [org.id], permissions: ['engagement_admin', 'organization_admin'] });
  // A second administrator whose directory entry says German (SCIM preferredLanguage).
  await createUser(db.db, { email: 'chef@beta.test', name: 'Carl Chef', organizationIds: [org.id], permissions: ['engagement_admin'] });
  await db.db.insert(tables.directoryPeople).values({ organizationId: org.id, externalId: 'chef', userName: 'chef@beta.test', email: 'Chef@beta.test', displayName: 'Carl Chef', language: 'de-AT' });
  adminToken = await loginAs(app, 'admin@beta.test', FIXTURE_PASSWORD);
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.close();
  await smtp.close();
});

describe('the organisation’s reminder settings', () => {
  it('default to 08:00–18:00 on weekdays and three reminders; hours that end before they start are refused in the caller’s language, storing nothing', async () => {
    const current = (await asAdmin('GET', '/organization/')).json();
    expect(current).toMatchObject({ sending_hours_start: '08:00', sending_hours_end: '18:00', send_on_weekends: false, reminder_max_per_person: 3 });
    const reversed = await asAdmin('PATCH', '/organization/', { sending_hours_start: '18:00', sending_hours_end: '08:00', reminder_max_per_person: 1 }, 'hu-HU');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'invalid_sending_hours', errors: { sending_hours_end: ['A küldési időszaknak a kezdete után kell véget érnie (18:00–08:00).'] } });
    expect((await asAdmin('PATCH', '/organization/', { sending_hours_start: '8:00' })).statusCode).toBe(400);
    expect((await asAdmin('GET', '/organization/')).json()).toMatchObject({ sending_hours_start: '08:00', sending_hours_end: '18:00', reminder_max_per_person: 3 });
    const limited = await asAdmin('PATCH', '/organization/', { reminder_max_per_person: 2 });
    expect(limited.json()).toMatchObject({ reminder_max_per_person: 2, sending_hours_start: '08:00' });
  });
});

describe('reminders on the default cadence, across the change to summer time', () => {
  let engagementId: number;
  let people: Awaited<ReturnType<typeof surveyed>>['employees'] & { noMail: typeof tables.employees.$inferSelect };
  const remindedBy = async (stepIndex: number) => {
    const steps = await db.db.select().from(tables.journeyScheduleSteps).where(and(eq(tables.journeyScheduleSteps.engagementId, engagementId), eq(tables.journeyScheduleSteps.kind, 'reminder'))).orderBy(asc(tables.journeyScheduleSteps.dueAt));
    const step = steps[stepIndex]!;
    const sends = await db.db.select().from(tables.journeyReminderSends).where(eq(tables.journeyReminderSends.stepId, step.id));
    return { status: step.status, to: sends.map((send) => send.employeeId).sort((a, b) => a - b), sends };
  };

  it('plans 3 and 7 days after the invitation and 09:00 on the last day, a Saturday moved to Monday 08:00 in summer time', async () => {
    const { engagement, employees } = await surveyed('Spring pulse');
    engagementId = engagement.id;
    const [noMail] = await db.db.insert(tables.employees).values({ engagementId, unitId: employees.lead.unitId, name: 'No Mail', email: null }).returning();
    people = { ...employees, noMail: noMail! };
    // The lead lives in New York (the directory's time zone for them); the others have none of their own.
    const [person] = await db.db.insert(tables.directoryPeople).values({ organizationId, externalId: 'lead', userName: 'lead', email: employees.lead.email!, displayName: 'Lead', timeZone: 'America/New_York' }).returning();
    await db.db.update(tables.employees).set({ directoryPersonId: person!.id }).where(eq(tables.employees.id, employees.lead.id));

    const res = await asAdmin('PUT', `/engagements/${engagementId}/schedule/`, { opens_at: '2027-03-24T09:00', closes_at: '2027-04-02T17:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps.map((step: { kind: string; local_time: string; due_at: string }) => [step.kind, step.local_time, step.due_at])).toEqual([
      ['open', '2027-03-24T09:00', '2027-03-24T08:00:00.000Z'],
      // Saturday the 27th is no sending day: Monday 08:00, now two hours ahead of UTC.
      ['reminder', '2027-03-29T08:00', '2027-03-29T06:00:00.000Z'],
      ['reminder', '2027-03-31T09:00', '2027-03-31T07:00:00.000Z'],
      ['reminder', '2027-04-02T09:00', '2027-04-02T07:00:00.000Z'],
      ['close', '2027-04-02T17:00', '2027-04-02T15:00:00.000Z'],
    ]);
  });

  it('reminds exactly those who have not finished, each at an allowed hour in their own time zone, with their own link, and at most twice', async () => {
    await moveTo('2027-03-24T08:00:30Z');
    await app.jobs.drain('journey-step');
    expect(await outboxTo(people.boss.email!)).toHaveLength(1);

    // The member finishes one second before the first reminder is sent.
    await moveTo('2027-03-29T06:00:00Z');
    await finish(engagementId, people.member.id, new Date('2027-03-29T06:00:00Z'));
    await moveTo('2027-03-29T06:00:01Z');
    await app.jobs.drain('journey-step');
    // 08:00 in Budapest is 02:00 in New York: only the boss now, the lead at 08:00 their time.
    expect(await remindedBy(0)).toMatchObject({ status: 'pending', to: [people.boss.id] });
    // A second job of the same step (a retry whose first run's completion was lost) writes to nobody again.
    const [firstReminder] = (await remindedBy(0)).sends;
    await app.jobs.send('journey-step', { stepId: firstReminder!.stepId });
    expect(await app.jobs.drain('journey-step')).toBe(1);
    expect((await remindedBy(0)).to).toEqual([people.boss.id]);
    expect(await outboxTo(people.boss.email!)).toHaveLength(2);
    await moveTo('2027-03-29T11:59:00Z');
    await app.jobs.drain('journey-step');
    expect((await remindedBy(0)).to).toEqual([people.boss.id]);
    await moveTo('2027-03-29T12:00:30Z');
    await app.jobs.drain('journey-step');
    expect(await remindedBy(0)).toMatchObject({ status: 'done', to: [people.boss.id, people.lead.id] });

    await moveTo('2027-03-31T07:00:30Z');
    await app.jobs.drain('journey-step');
    await moveTo('2027-03-31T12:00:30Z');
    await app.jobs.drain('journey-step');
    expect(await remindedBy(1)).toMatchObject({ status: 'done', to: [people.boss.id, people.lead.id] });
    // The organisation allows two reminders per person: the last day's reminds nobody.
    await moveTo('2027-04-02T07:00:30Z');
    await app.jobs.drain('journey-step');
    expect(await remindedBy(2)).toMatchObject({ status: 'done', to: [] });

    // Every reminder went out between 08:00 and 18:00 on a weekday in its person's zone.
    const zones = new Map([[people.boss.id, 'Europe/Budapest'], [people.lead.id, 'America/New_York']]);
    for (const index of [0, 1]) {
      for (const send of (await remindedBy(index)).sends) {
        const local = toLocalTime(send.sentAt, zones.get(send.employeeId)!);
        expect(local.slice(11) >= '08:00' && local.slice(11) < '18:00', local).toBe(true);
        expect([0, 6]).not.toContain(new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay());
      }
    }
    const bossMail = await outboxTo(people.boss.email!);
    const leadMail = await outboxTo(people.lead.email!);
    expect(bossMail).toHaveLength(3);
    expect(leadMail).toHaveLength(3);
    expect(await outboxTo(people.member.email!)).toHaveLength(1);
    // Each reminder carries its person's own link (a first-password link for their account).
    const link = (text: string) => /http:\/\/app\.test\/\S+/.exec(text)?.[0];
    expect(link(bossMail[1]!.textBody)).toContain('uid=');
    expect(link(bossMail[1]!.textBody)).not.toBe(link(leadMail[1]!.textBody));
    // The person without an address gets nothing and holds nothing up.
    expect((await remindedBy(0)).to).not.toContain(people.noMail.id);
    // The closing ends the journey: no step is left pending after it.
    await moveTo('2027-04-02T15:00:30Z');
    await app.jobs.drain('journey-step');
    const statuses = (await asAdmin('GET', `/engagements/${engagementId}/schedule/`)).json().steps.map((step: { status: string }) => step.status);
    expect(statuses).not.toContain('pending');
  });
});

describe('the administrators’ daily digest', () => {
  it('gives the response rate by unit in each administrator’s language, naming the units under 80 % and under the anonymity threshold', async () => {
    const { engagement } = await surveyed('Autumn pulse');
    const unit = async (name: string, people: number, finished: number) => {
      const [row] = await db.db.insert(tables.units).values({ engagementId: engagement.id, name, parentId: null, position: people }).returning();
      const added = await db.db.insert(tables.employees).values(Array.from({ length: people }, (_, i) => ({ engagementId: engagement.id, unitId: row!.id, name: `${name} ${i}`, email: `${name.toLowerCase()}-${i}-${engagement.id}@x.test` }))).returning();
      for (const employee of added.slice(0, finished)) await finish(engagement.id, employee.id, new Date('2027-10-05T09:00:00Z'));
    };
    // The fixture's units: Company (boss) and Team A (lead, member), nobody finished.
    await unit('Sales', 3, 3);
    await unit('Support', 4, 2);
    await unit('Legal', 2, 1);
    await moveTo('2027-10-01T08:00:00Z');
    const res = await asAdmin('PUT', `/engagements/${engagement.id}/schedule/`, { opens_at: '2027-10-04T09:00', closes_at: '2027-10-08T17:00', reminders: { days_after_opening: [], last_day_at: null } });
    expect(res.statusCode).toBe(200);
    await moveTo('2027-10-04T07:00:30Z');
    await app.jobs.drain('journey-step');
    // Tuesday 08:00 in Budapest.
    await moveTo('2027-10-05T06:00:30Z');
    await app.jobs.drain('journey-step');
    const english = (await outboxTo('admin@beta.test')).filter((mail) => mail.subject.includes('Autumn pulse'));
    expect(english.map((mail) => mail.subject)).toEqual(['Response rate today: Autumn pulse – 50 %']);
    expect(english[0]!.textBody).toContain('Finished so far: 6 of 12 (50 %).');
    expect(english[0]!.textBody).toContain('- Sales: 100 % (3 of 3)');
    expect(english[0]!.textBody).toContain('- Support: 50 % (2 of 4)');
    expect(english[0]!.textBody).toContain('- Legal: under the anonymity threshold so far');
    expect(english[0]!.textBody).toContain('Under 80 %: Support');
    expect(english[0]!.textBody).toContain('Under the anonymity threshold (minimum answers: 2; their results would be withheld): Company, Team A, Legal');
    expect(english[0]!.textBody).toContain('is open until 2027-10-08 17:00 (Europe/Budapest)');
    const german = (await outboxTo('chef@beta.test')).filter((mail) => mail.subject.includes('Autumn pulse'));
    expect(german.map((mail) => mail.subject)).toEqual(['Rücklaufquote heute: Autumn pulse – 50 %']);
    expect(german[0]!.textBody).toContain('Unter 80 %: Support');
    for (const morning of ['2027-10-06T06:00:30Z', '2027-10-07T06:00:30Z', '2027-10-08T06:00:30Z']) {
      await moveTo(morning);
      await app.jobs.drain('journey-step');
    }
    // Saturday and Sunday bring none, and Monday's would come after Friday's closing.
    await moveTo('2027-10-11T06:00:30Z');
    await app.jobs.drain('journey-step');
    expect((await outboxTo('admin@beta.test')).filter((mail) => mail.subject.includes('Autumn pulse'))).toHaveLength(4);
  });
});

describe('the invitation’s calendar event', () => {
  it('without a schedule, covers the survey’s days as a whole-day event, stored with the e-mail and delivered as an attachment', async () => {
    const { engagement, employees } = await surveyed('Winter pulse');
    await db.db.update(tables.engagements).set({ accessFrom: '2027-12-06', accessTill: '2027-12-17' }).where(eq(tables.engagements.id, engagement.id));
    await moveTo('2027-12-01T09:00:00Z');
    const sent = await asAdmin('POST', `/engagements/${engagement.id}/survey/send-invitation/`, { kind: 'invitation' });
    expect(sent.statusCode).toBe(200);
    const [stored] = await outboxTo(employees.member.email!);
    expect(stored?.attachments?.map((file) => file.filename)).toEqual(['invitation.ics']);
    await app.jobs.drain('email-send');
    const delivered = await simpleParser((await smtp.waitFor(employees.member.email!)).raw);
    const file = delivered.attachments.find((attachment) => attachment.filename === 'invitation.ics');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2027-12-06');
    // DTEND is exclusive: the day after the last one.
    expect(event.endDate.toString()).toBe('2027-12-18');
    expect(event.summary).toBe('Survey: Winter pulse');
    expect(event.description).toContain('personal link is in the invitation e-mail');
    // A reminder carries no calendar event of its own.
    await asAdmin('POST', `/engagements/${engagement.id}/survey/send-invitation/`, { kind: 'reminder' });
    expect((await outboxTo(employees.member.email!))[1]?.attachments).toBeNull();
  });
});
