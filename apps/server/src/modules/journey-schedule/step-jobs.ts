import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql, tables } from '@ona/db';
import { jobLinkBase } from '../../http/public-base.ts';
import { translate } from '../../i18n/translate.ts';
import { enqueueRun } from '../analysis/run-repository.ts';
import { sendInvitations } from '../survey/invitations.ts';

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

async function openJourney(app: FastifyInstance, stepId: number, linkBase: string): Promise<void> {
  const step = await claimStep(app, stepId);
  if (!step) return;
  const [engagement] = await app.db.select().from(engagements).where(eq(engagements.id, step.engagementId));
  if (!engagement) return;
  try {
    // Each invitation is an outbox row with its own delivery job: delivered once, retried when refused.
    await sendInvitations(app, engagement, 'invitation', linkBase);
  } catch (err) {
    app.log.error({ err, stepId }, 'scheduled invitations failed');
    const reason = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : 'invitations_failed';
    await app.db.update(journeyScheduleSteps).set({ status: 'failed', reason }).where(eq(journeyScheduleSteps.id, stepId));
  }
}

/** Closes the journey (answers stop, as "Close now") and queues its analysis, in one transaction. */
async function closeJourney(app: FastifyInstance, stepId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const step = await claimStep(app, stepId, tx);
    if (!step) return;
    await tx.update(engagements).set({ closedAt: sql`coalesce(${engagements.closedAt}, ${app.clock()})` }).where(eq(engagements.id, step.engagementId));
    const run = await enqueueRun(app, step.engagementId, null, tx);
    await tx.update(journeyScheduleSteps).set({ analysisRunId: run.id }).where(eq(journeyScheduleSteps.id, stepId));
  });
  app.analysisJobs.wake();
}

/**
 * After an analysis run that a scheduled closing queued: tells the organisation's engagement
 * administrators that the reports are ready, in the journey's language.
 */
export async function sendScheduledReportsReady(app: FastifyInstance, runId: number, linkBase: string): Promise<number> {
  const [step] = await app.db.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.analysisRunId, runId));
  if (!step) return 0;
  const [engagement] = await app.db.select().from(engagements).where(eq(engagements.id, step.engagementId));
  if (!engagement) return 0;
  const admins = await app.db
    .select({ name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, engagement.organizationId), isNull(memberships.deactivatedAt), eq(users.isActive, true), sql`'engagement_admin' = any(${memberships.permissions})`));
  const language: TServerLanguage = (['en', 'hu', 'de', 'ru'] as const).find((l) => l === engagement.defaultLanguage) ?? 'en';
  const link = `${linkBase}/engagements/${engagement.id}/`;
  await app.db.transaction(async (tx) => {
    for (const admin of admins) {
      const params = { name: admin.name, engagement: engagement.name, link };
      await app.mailer.record(tx, {
        to: admin.email,
        organizationId: engagement.organizationId,
        subject: translate(language, 'journeys.emails.reports_ready.subject', params),
        text: translate(language, 'journeys.emails.reports_ready.body', params),
      });
    }
  });
  return admins.length;
}

/** The handler of queue `journey-step`: a journey's scheduled opening and closing. */
export const journeyStepJobsPlugin = fp<{ publicUrl?: string | undefined }>(async (app, options) => {
  await app.jobs.register<{ stepId: number }>('journey-step', { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 }, async (job) => {
    const [step] = await app.db.select({ kind: journeyScheduleSteps.kind }).from(journeyScheduleSteps).where(eq(journeyScheduleSteps.id, job.data.stepId));
    if (step?.kind === 'open') await openJourney(app, job.data.stepId, jobLinkBase(options.publicUrl, app));
    else if (step?.kind === 'close') await closeJourney(app, job.data.stepId);
  });
});
