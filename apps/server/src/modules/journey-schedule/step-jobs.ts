import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, sql, statementChunks, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { jobLinkBase } from '../../http/public-base.ts';
import { translate } from '../../i18n/translate.ts';
import { enqueueRun } from '../analysis/run-repository.ts';
import { resolveMinGroupSize } from '../analytics-shared/privacy.ts';
import { loadRecipients } from '../survey/repository.ts';
import { forgetInvitedAccounts, writeInvitations, type WrittenInvitations } from '../survey/invitations.ts';
import { nextDigestAt, writeDigest } from './daily-digest.ts';
import { isTimeZone, toLocalTime as toLocalTimeOf } from './local-time.ts';
import { addStep, cancelPendingSteps, schedulingSettings } from './schedule-service.ts';
import { nextAllowedInstant } from './sending-hours.ts';
import { createNextWave, queueNextWave } from './recurrence.ts';

const { journeyScheduleSteps, journeyReminderSends, engagements, employees, directoryPeople, memberships, users } = tables;
type StepRow = typeof journeyScheduleSteps.$inferSelect;
type TServerLanguage = 'en' | 'hu' | 'de' | 'ru';

/**
 * Claims a pending step for this job: only one job (one instance) ever moves it on, and a job of a
 * step cancelled meanwhile (closed by hand, schedule replaced, journey deleted) finds nothing.
 */
async function claimStep(app: FastifyInstance, stepId: number, tx = app.db) {
  const [step] = await tx
    .update(journeyScheduleSteps)
    .set({ status: 'done', doneAt: app.clock() })
    .where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending')))
    .returning();
  return step;
}

/** Retries of a step's job after its first attempt; the last one that fails marks the step failed. */
const STEP_RETRIES = 3;

/** A step's job that failed: a refusal (no survey, the survey over) is final, anything else is tried again until the last attempt. */
async function failStep(app: FastifyInstance, stepId: number, err: unknown, lastAttempt: boolean, message: string): Promise<void> {
  if (!(err instanceof ApiError) && !lastAttempt) throw err;
  app.log.error({ err, stepId }, message);
  const reason = err instanceof ApiError ? err.code : 'invitations_failed';
  await app.db
    .update(journeyScheduleSteps)
    .set({ status: 'failed', reason, doneAt: app.clock() })
    .where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending')));
}

/** The close step of the journey that still stands, if any: the digests stop before it. */
async function pendingCloseAt(tx: Database, engagementId: number): Promise<Date | null> {
  const [close] = await tx
    .select({ dueAt: journeyScheduleSteps.dueAt })
    .from(journeyScheduleSteps)
    .where(and(eq(journeyScheduleSteps.engagementId, engagementId), eq(journeyScheduleSteps.kind, 'close'), eq(journeyScheduleSteps.status, 'pending')))
    .orderBy(asc(journeyScheduleSteps.dueAt))
    .limit(1);
  return close?.dueAt ?? null;
}

/** Queues the next daily digest after `after`, when it still comes before the closing. */
async function queueNextDigest(app: FastifyInstance, tx: Database, engagementId: number, organizationId: number, after: Date): Promise<void> {
  const closesAt = await pendingCloseAt(tx, engagementId);
  if (!closesAt) return;
  const { timeZone, hours } = await schedulingSettings(tx, organizationId);
  const at = nextDigestAt(after, timeZone, hours);
  if (at.getTime() < closesAt.getTime()) await addStep(app, tx, engagementId, 'digest', toLocalTimeOf(at, timeZone), timeZone, at);
}

/**
 * The opening: the step is marked done in the transaction that writes the invitations (outbox rows
 * and their delivery jobs), the record of who was written to, and the first daily digest's step.
 * A crash anywhere in it leaves the step pending and nobody written to, and the engine runs the
 * job again; a job run twice finds its step done and sends nothing.
 */
async function openJourney(app: FastifyInstance, stepId: number, linkBase: string, lastAttempt: boolean): Promise<void> {
  let written: WrittenInvitations | undefined;
  try {
    written = await app.db.transaction(async (tx) => {
      const step = await claimStep(app, stepId, tx);
      if (!step) return undefined;
      const [engagement] = await tx.select().from(engagements).where(eq(engagements.id, step.engagementId));
      if (!engagement) return undefined;
      const invitations = await writeInvitations(app, tx, engagement, 'invitation', linkBase);
      await queueNextDigest(app, tx, engagement.id, engagement.organizationId, step.dueAt);
      return invitations;
    });
  } catch (err) {
    await failStep(app, stepId, err, lastAttempt, 'scheduled invitations failed');
    return;
  }
  if (written) await forgetInvitedAccounts(app, written);
}

/** Each employee's own time zone (the directory's, for people from the directory), else the organisation's. */
async function personalZones(tx: Database, engagementId: number, organizationZone: string): Promise<Map<number, string>> {
  const rows = await tx
    .select({ id: employees.id, timeZone: directoryPeople.timeZone })
    .from(employees)
    .leftJoin(directoryPeople, eq(directoryPeople.id, employees.directoryPersonId))
    .where(eq(employees.engagementId, engagementId));
  return new Map(rows.map((row) => [row.id, row.timeZone && isTimeZone(row.timeZone) ? row.timeZone : organizationZone]));
}

/**
 * A reminder: to those who, at this moment, have not finished, have an address, have not had this
 * reminder and are under the organisation's limit, and for whom it is now within the sending
 * hours in their own time zone. The others' turn comes at the earliest allowed time among them:
 * the step's job is queued again for then and the step stays pending; when nobody is left it is
 * done. The lock on the step, the e-mails, the record of who got them and the next job share one
 * transaction, so a job run twice or side by side writes to nobody twice.
 */
async function remind(app: FastifyInstance, stepId: number, linkBase: string, lastAttempt: boolean): Promise<void> {
  let written: WrittenInvitations | undefined;
  try {
    written = await app.db.transaction(async (tx) => {
      const [step] = await tx.select().from(journeyScheduleSteps).where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending'))).for('update');
      if (!step) return undefined;
      const [engagement] = await tx.select().from(engagements).where(eq(engagements.id, step.engagementId));
      if (!engagement) return undefined;
      const settings = await schedulingSettings(tx, engagement.organizationId);
      const now = app.clock();
      const sends = await tx
        .select({ stepId: journeyReminderSends.stepId, employeeId: journeyReminderSends.employeeId })
        .from(journeyReminderSends)
        .innerJoin(journeyScheduleSteps, eq(journeyScheduleSteps.id, journeyReminderSends.stepId))
        .where(eq(journeyScheduleSteps.engagementId, engagement.id));
      const received = new Map<number, number>();
      for (const send of sends) received.set(send.employeeId, (received.get(send.employeeId) ?? 0) + 1);
      const hadThis = new Set(sends.filter((send) => send.stepId === step.id).map((send) => send.employeeId));
      const candidates = (await loadRecipients(tx, engagement.id, true)).filter((person) => person.email && !hadThis.has(person.id) && (received.get(person.id) ?? 0) < settings.reminderMaxPerPerson);
      const zones = await personalZones(tx, engagement.id, settings.timeZone);
      const dueNow = new Set<number>();
      let nextAt: Date | null = null;
      for (const person of candidates) {
        const allowed = nextAllowedInstant(now, zones.get(person.id) ?? settings.timeZone, settings.hours);
        if (allowed.getTime() <= now.getTime()) dueNow.add(person.id);
        else if (!nextAt || allowed.getTime() < nextAt.getTime()) nextAt = allowed;
      }
      const result = dueNow.size > 0 ? await writeInvitations(app, tx, engagement, 'reminder', linkBase, { only: dueNow }) : undefined;
      for (const chunk of statementChunks((result?.employeeIds ?? []).map((employeeId) => ({ stepId: step.id, employeeId, sentAt: now })))) await tx.insert(journeyReminderSends).values(chunk);
      if (nextAt) {
        const jobId = await app.jobs.send('journey-step', { stepId: step.id }, { tx, startAfter: nextAt });
        await tx.update(journeyScheduleSteps).set({ jobId }).where(eq(journeyScheduleSteps.id, step.id));
      } else {
        await tx.update(journeyScheduleSteps).set({ status: 'done', doneAt: now }).where(eq(journeyScheduleSteps.id, step.id));
      }
      return result;
    });
  } catch (err) {
    await failStep(app, stepId, err, lastAttempt, 'scheduled reminder failed');
    return;
  }
  if (written) await forgetInvitedAccounts(app, written);
}

/**
 * The day's digest to the administrators: marked done in the transaction that writes its e-mails
 * and queues the next day's (while the journey is open). A journey closed meanwhile gets none.
 */
async function digest(app: FastifyInstance, stepId: number, linkBase: string, thresholdOf: (engagement: { minGroupSize: number }) => number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const step: StepRow | undefined = await claimStep(app, stepId, tx);
    if (!step) return;
    const [engagement] = await tx.select().from(engagements).where(eq(engagements.id, step.engagementId));
    if (!engagement || engagement.closedAt) return;
    const closesAt = await pendingCloseAt(tx, engagement.id);
    await writeDigest(app, tx, engagement, closesAt, step.timeZone, thresholdOf(engagement), linkBase);
    await queueNextDigest(app, tx, engagement.id, engagement.organizationId, step.dueAt);
  });
}

/** Closes the journey (answers stop, as "Close now") and queues its analysis, in one transaction. */
async function closeJourney(app: FastifyInstance, stepId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const step = await claimStep(app, stepId, tx);
    if (!step) return;
    // Reminders still waiting for someone's hours and the digests end with the journey.
    await cancelPendingSteps(app, tx, step.engagementId, 'journey_closed');
    await tx.update(engagements).set({ closedAt: sql`coalesce(${engagements.closedAt}, ${app.clock()})` }).where(eq(engagements.id, step.engagementId));
    const run = await enqueueRun(app, step.engagementId, null, tx);
    await tx.update(journeyScheduleSteps).set({ analysisRunId: run.id }).where(eq(journeyScheduleSteps.id, stepId));
    // A recurring programme's next wave (recurrence.ts): queued with the closing, created by its own step.
    await queueNextWave(app, tx, step.engagementId, step.timeZone);
  });
  app.analysisJobs.wake();
}

/**
 * After an analysis run that a scheduled closing queued: tells the organisation's engagement
 * administrators that the reports are ready, in the journey's language. `db` is the transaction
 * that stores the run's completion (plugins/analysis-jobs.ts): the e-mails exist exactly when it does.
 */
export async function sendScheduledReportsReady(app: FastifyInstance, db: Database, runId: number, linkBase: string): Promise<number> {
  const [step] = await db.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.analysisRunId, runId));
  if (!step) return 0;
  const [engagement] = await db.select().from(engagements).where(eq(engagements.id, step.engagementId));
  if (!engagement) return 0;
  const admins = await db
    .select({ name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, engagement.organizationId), isNull(memberships.deactivatedAt), eq(users.isActive, true), sql`'engagement_admin' = any(${memberships.permissions})`));
  const language: TServerLanguage = (['en', 'hu', 'de', 'ru'] as const).find((l) => l === engagement.defaultLanguage) ?? 'en';
  const link = `${linkBase}/engagements/${engagement.id}/`;
  for (const admin of admins) {
    const params = { name: admin.name, engagement: engagement.name, link };
    await app.mailer.record(db, {
      to: admin.email,
      organizationId: engagement.organizationId,
      subject: translate(language, 'journeys.emails.reports_ready.subject', params),
      text: translate(language, 'journeys.emails.reports_ready.body', params),
    });
  }
  return admins.length;
}

/** The handler of queue `journey-step`: a journey's scheduled opening, reminders, daily digests and closing. */
export const journeyStepJobsPlugin = fp<{ publicUrl?: string | undefined; minGroupSize?: number | undefined }>(async (app, options) => {
  // The journey's own anonymity threshold (its copy of the organisation's confidentiality settings).
  const thresholdOf = resolveMinGroupSize(options.minGroupSize === undefined ? undefined : { minGroupSize: options.minGroupSize });
  await app.jobs.register<{ stepId: number }>('journey-step', { retryLimit: STEP_RETRIES, retryDelay: 60, expireInSeconds: 15 * 60 }, async (job) => {
    const [step] = await app.db.select({ kind: journeyScheduleSteps.kind }).from(journeyScheduleSteps).where(eq(journeyScheduleSteps.id, job.data.stepId));
    const lastAttempt = job.retryCount >= STEP_RETRIES;
    const linkBase = jobLinkBase(options.publicUrl, app);
    if (step?.kind === 'open') await openJourney(app, job.data.stepId, linkBase, lastAttempt);
    else if (step?.kind === 'reminder') await remind(app, job.data.stepId, linkBase, lastAttempt);
    else if (step?.kind === 'close') await closeJourney(app, job.data.stepId);
    else if (step?.kind === 'digest') await digest(app, job.data.stepId, linkBase, thresholdOf);
    else if (step?.kind === 'next_wave') await createNextWave(app, job.data.stepId, lastAttempt);
  });
});
