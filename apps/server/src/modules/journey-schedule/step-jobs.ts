import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { jobLinkBase } from '../../http/public-base.ts';
import { translate } from '../../i18n/translate.ts';
import { enqueueRun } from '../analysis/run-repository.ts';
import { forgetInvitedAccounts, writeInvitations, type WrittenInvitations } from '../survey/invitations.ts';
import { createNextWave, queueNextWave } from './recurrence.ts';

const { journeyScheduleSteps, engagements, memberships, users } = tables;
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

/**
 * The opening (invitations) or the reminder (to those who have not finished): the step is marked done in the transaction that writes
 * the e-mails (outbox rows and their delivery jobs) and the record of who was written to. A crash
 * anywhere in it leaves the step pending and nobody written to, and the engine runs the job again;
 * a job run twice finds its step done and sends nothing.
 */
async function writeStepInvitations(app: FastifyInstance, stepId: number, kind: 'invitation' | 'reminder', linkBase: string, lastAttempt: boolean): Promise<void> {
  let written: WrittenInvitations | undefined;
  try {
    written = await app.db.transaction(async (tx) => {
      const step = await claimStep(app, stepId, tx);
      if (!step) return undefined;
      const [engagement] = await tx.select().from(engagements).where(eq(engagements.id, step.engagementId));
      if (!engagement) return undefined;
      return writeInvitations(app, tx, engagement, kind, linkBase);
    });
  } catch (err) {
    // A refusal (no survey, the survey over) is final; anything else is tried again by the engine.
    if (!(err instanceof ApiError) && !lastAttempt) throw err;
    app.log.error({ err, stepId }, 'scheduled invitations failed');
    const reason = err instanceof ApiError ? err.code : 'invitations_failed';
    await app.db
      .update(journeyScheduleSteps)
      .set({ status: 'failed', reason, doneAt: app.clock() })
      .where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending')));
    return;
  }
  if (written) await forgetInvitedAccounts(app, written);
}

/** Closes the journey (answers stop, as "Close now") and queues its analysis, in one transaction. */
async function closeJourney(app: FastifyInstance, stepId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const step = await claimStep(app, stepId, tx);
    if (!step) return;
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

/** The handler of queue `journey-step`: a journey's scheduled opening, reminder and closing. */
export const journeyStepJobsPlugin = fp<{ publicUrl?: string | undefined }>(async (app, options) => {
  await app.jobs.register<{ stepId: number }>('journey-step', { retryLimit: STEP_RETRIES, retryDelay: 60, expireInSeconds: 15 * 60 }, async (job) => {
    const [step] = await app.db.select({ kind: journeyScheduleSteps.kind }).from(journeyScheduleSteps).where(eq(journeyScheduleSteps.id, job.data.stepId));
    const lastAttempt = job.retryCount >= STEP_RETRIES;
    if (step?.kind === 'open') await writeStepInvitations(app, job.data.stepId, 'invitation', jobLinkBase(options.publicUrl, app), lastAttempt);
    else if (step?.kind === 'reminder') await writeStepInvitations(app, job.data.stepId, 'reminder', jobLinkBase(options.publicUrl, app), lastAttempt);
    else if (step?.kind === 'close') await closeJourney(app, job.data.stepId);
    else if (step?.kind === 'next_wave') await createNextWave(app, job.data.stepId, lastAttempt);
  });
});
