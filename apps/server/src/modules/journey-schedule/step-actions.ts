import type { FastifyInstance } from 'fastify';
import type { TJourneySchedule } from '@ona/contracts';
import { and, eq, tables, type Database } from '@ona/db';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { toLocalTime } from './local-time.ts';
import { organizationTimeZone, readSchedule } from './schedule-service.ts';
import { checkedInstant, checkStepOrder, requireActionable } from './step-rules.ts';

const { journeyScheduleSteps, engagements } = tables;
type EngagementRow = typeof engagements.$inferSelect;
type StepRow = typeof journeyScheduleSteps.$inferSelect;

/** The journey's steps and the one asked for; a step of another journey is not found (404). */
async function journeySteps(db: Database, engagementId: number, stepId: number): Promise<{ steps: StepRow[]; step: StepRow }> {
  const steps = await db.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.engagementId, engagementId));
  const step = steps.find((candidate) => candidate.id === stepId);
  if (!step) throw notFound();
  return { steps, step };
}

/**
 * Changes a step that is still in the state read, in the caller's transaction: two administrators
 * acting at once, or the engine carrying the step out meanwhile, leave one winner and a 409.
 */
async function updateIfUnchanged(tx: Database, step: StepRow, values: Partial<StepRow>): Promise<void> {
  const changed = await tx
    .update(journeyScheduleSteps)
    .set(values)
    .where(and(eq(journeyScheduleSteps.id, step.id), eq(journeyScheduleSteps.status, step.status)))
    .returning({ id: journeyScheduleSteps.id });
  if (changed.length === 0) {
    const [now] = await tx.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.id, step.id));
    if (now) requireActionable(now, 'skip');
    throw new ApiError(409, 'step_changed', 'scheduleSteps.errors.step_changed');
  }
}

/** The survey window follows the opening and closing (their local days), as saving the schedule sets it. */
async function followWindow(tx: Database, step: StepRow, local: string): Promise<void> {
  if (step.kind === 'open') await tx.update(engagements).set({ accessFrom: local.slice(0, 10) }).where(eq(engagements.id, step.engagementId));
  if (step.kind === 'close') await tx.update(engagements).set({ accessTill: local.slice(0, 10) }).where(eq(engagements.id, step.engagementId));
}

/** A new job for a pending step, due at `startAfter` (now when absent); the old one is cancelled. */
async function replaceJob(app: FastifyInstance, tx: Database, step: StepRow, startAfter?: Date): Promise<void> {
  if (step.jobId) await app.jobs.cancel('journey-step', [step.jobId], tx);
  const jobId = await app.jobs.send('journey-step', { stepId: step.id }, { tx, ...(startAfter ? { startAfter } : {}) });
  await tx.update(journeyScheduleSteps).set({ jobId }).where(eq(journeyScheduleSteps.id, step.id));
}

/**
 * "Send now": the step's job is due at once. It is carried out by the engine like any other step,
 * so exactly once: a job of the step that was already claimed finds it done and does nothing. Its
 * time becomes now (what the timeline shows it happened at); an opening moves the survey's first
 * day to today, so the invitations' links work at once.
 */
export async function sendStepNow(app: FastifyInstance, engagement: EngagementRow, stepId: number): Promise<TJourneySchedule> {
  const { step } = await journeySteps(app.db, engagement.id, stepId);
  requireActionable(step, 'send_now');
  const now = app.clock();
  const local = toLocalTime(now, step.timeZone);
  await app.db.transaction(async (tx) => {
    await updateIfUnchanged(tx, step, { dueAt: now, localTime: local });
    if (step.kind === 'open' && engagement.accessFrom > local.slice(0, 10)) await followWindow(tx, step, local);
    await replaceJob(app, tx, step);
  });
  return readSchedule(app.db, engagement, app.clock());
}

/** "Skip": the step is cancelled (reason `skipped`) with its job; nothing of it is sent. */
export async function skipStep(app: FastifyInstance, engagement: EngagementRow, stepId: number): Promise<TJourneySchedule> {
  const { step } = await journeySteps(app.db, engagement.id, stepId);
  requireActionable(step, 'skip');
  await app.db.transaction(async (tx) => {
    await updateIfUnchanged(tx, step, { status: 'cancelled', reason: 'skipped', doneAt: app.clock() });
    if (step.jobId) await app.jobs.cancel('journey-step', [step.jobId], tx);
  });
  return readSchedule(app.db, engagement, app.clock());
}

/**
 * "Move": a new local time in the organisation's time zone, refused as the schedule refuses one
 * (past, skipped or repeated by a daylight-saving change) and where it would break the order
 * (opening first, closing last, reminders between). A pending step's job moves with it; a draft
 * step stays a draft.
 */
export async function moveStep(app: FastifyInstance, engagement: EngagementRow, stepId: number, local: string): Promise<TJourneySchedule> {
  const { steps, step } = await journeySteps(app.db, engagement.id, stepId);
  requireActionable(step, 'move');
  if (step.kind === 'next_wave') throw new ApiError(409, 'step_not_movable', 'scheduleSteps.errors.step_not_movable');
  const timeZone = await organizationTimeZone(app.db, engagement.organizationId);
  const at = checkedInstant(local, timeZone, app.clock(), 'local_time', 'scheduleSteps.errors.invalid_move');
  checkStepOrder(steps, step, at, 'local_time', 'scheduleSteps.errors.invalid_move');
  await app.db.transaction(async (tx) => {
    await updateIfUnchanged(tx, step, { dueAt: at, localTime: local, timeZone });
    await followWindow(tx, step, local);
    if (step.status === 'pending') await replaceJob(app, tx, step, at);
  });
  return readSchedule(app.db, engagement, app.clock());
}
