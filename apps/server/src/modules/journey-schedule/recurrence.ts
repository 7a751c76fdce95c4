import type { FastifyInstance } from 'fastify';
import type { TJourneyRepeat, TJourneyRepeatInput, TJourneySchedule } from '@ona/contracts';
import { and, asc, eq, inArray, sql, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { copyAsNextWave } from '../journeys/journey-service.ts';
import { fromLocalTime, toLocalTime } from './local-time.ts';
import { organizationTimeZone, readSchedule } from './schedule-service.ts';
import { checkedInstant, checkStepOrder } from './step-rules.ts';

const { journeyRepeats, journeyScheduleSteps, engagements } = tables;
type EngagementRow = typeof engagements.$inferSelect;
type StepRow = typeof journeyScheduleSteps.$inferSelect;

/** `YYYY-MM-DDTHH:mm` some months later on the calendar, the day kept or, past the month's end, its last day. */
export function localMonthsLater(local: string, months: number): string {
  const [year, month, day] = [Number(local.slice(0, 4)), Number(local.slice(5, 7)), Number(local.slice(8, 10))];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return `${target.toISOString().slice(0, 10)}${local.slice(10)}`;
}

/**
 * When a draft step would be due. A shifted time can fall on a daylight-saving change a year later;
 * the draft keeps the time shown and an instant near it, and confirming refuses it until it is moved.
 */
function draftInstant(local: string, timeZone: string): Date {
  const result = fromLocalTime(local, timeZone);
  if (result.kind === 'ok') return result.instant;
  if (result.kind === 'ambiguous') return result.instants[0];
  return new Date(Date.parse(`${local}:00Z`) - 60 * 60_000);
}

/** "Spring survey" → "Spring survey (2028-03)"; a name that already ends in a month gets the new one. */
export function nextWaveName(name: string, opensAt: string): string {
  return `${name.replace(/ \(\d{4}-\d{2}\)$/, '')} (${opensAt.slice(0, 7)})`;
}

export async function readRepeat(db: Database, engagement: EngagementRow): Promise<TJourneyRepeat> {
  const [repeat] = await db.select().from(journeyRepeats).where(eq(journeyRepeats.engagementId, engagement.id));
  const [next] = repeat?.nextEngagementId
    ? await db.select({ id: engagements.id, name: engagements.name }).from(engagements).where(eq(engagements.id, repeat.nextEngagementId))
    : [];
  const [draft] = await db
    .select({ id: journeyScheduleSteps.id })
    .from(journeyScheduleSteps)
    .where(and(eq(journeyScheduleSteps.engagementId, engagement.id), eq(journeyScheduleSteps.status, 'draft')))
    .limit(1);
  return { every_months: repeat ? (repeat.everyMonths === 6 ? 6 : 12) : null, next_wave: next ?? null, draft: draft !== undefined };
}

/** `PUT …/schedule/repeat/`: 6 or 12 months, or null for no repeat; who sets it is who the next wave is started by. */
export async function saveRepeat(db: Database, engagement: EngagementRow, userId: number, input: TJourneyRepeatInput): Promise<TJourneyRepeat> {
  if (input.every_months === null) await db.delete(journeyRepeats).where(eq(journeyRepeats.engagementId, engagement.id));
  else {
    await db
      .insert(journeyRepeats)
      .values({ engagementId: engagement.id, everyMonths: input.every_months, setBy: userId })
      .onConflictDoUpdate({ target: journeyRepeats.engagementId, set: { everyMonths: input.every_months, setBy: userId } });
  }
  return readRepeat(db, engagement);
}

/**
 * In the transaction of a scheduled closing: a repeating journey without its next wave yet gets a
 * `next_wave` step due now, carried out by the engine like any step (so once, and retried).
 */
export async function queueNextWave(app: FastifyInstance, tx: Database, engagementId: number, timeZone: string): Promise<void> {
  const [repeat] = await tx.select().from(journeyRepeats).where(eq(journeyRepeats.engagementId, engagementId));
  if (!repeat || repeat.nextEngagementId !== null) return;
  const now = app.clock();
  const [step] = await tx.insert(journeyScheduleSteps).values({ engagementId, kind: 'next_wave', localTime: toLocalTime(now, timeZone), timeZone, dueAt: now }).returning();
  if (!step) throw new Error('next wave step insert returned nothing');
  const jobId = await app.jobs.send('journey-step', { stepId: step.id }, { tx });
  await tx.update(journeyScheduleSteps).set({ jobId }).where(eq(journeyScheduleSteps.id, step.id));
}

/** The steps of the journey's current schedule: everything but what was replaced, removed, a digest or a next wave. */
async function scheduleToRepeat(tx: Database, engagementId: number): Promise<StepRow[]> {
  return tx
    .select()
    .from(journeyScheduleSteps)
    .where(
      and(
        eq(journeyScheduleSteps.engagementId, engagementId),
        // Daily digests are not part of the plan: the wave's own opening starts their chain.
        sql`${journeyScheduleSteps.kind} not in ('next_wave', 'digest')`,
        sql`coalesce(${journeyScheduleSteps.reason}, '') not in ('schedule_replaced', 'schedule_removed')`,
      ),
    )
    .orderBy(asc(journeyScheduleSteps.dueAt), asc(journeyScheduleSteps.id));
}

/**
 * The job of a `next_wave` step: the next wave is the "Next wave" copy of the journey, its schedule
 * the same steps shifted by the repeat's months, every one a draft without a job: nothing is sent
 * until an administrator confirms it. Claiming the step, creating the wave and recording it on the
 * repeat are one transaction, so a job run again (retry, second instance) creates nothing more.
 */
export async function createNextWave(app: FastifyInstance, stepId: number, lastAttempt: boolean): Promise<void> {
  try {
    await app.db.transaction(async (tx) => {
      const [step] = await tx
        .update(journeyScheduleSteps)
        .set({ status: 'done', doneAt: app.clock() })
        .where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending')))
        .returning();
      if (!step) return;
      const [repeat] = await tx.select().from(journeyRepeats).where(eq(journeyRepeats.engagementId, step.engagementId)).for('update');
      const [source] = await tx.select().from(engagements).where(eq(engagements.id, step.engagementId));
      if (!repeat || repeat.nextEngagementId !== null || !source) return;
      const timeZone = await organizationTimeZone(tx, source.organizationId);
      const shifted = (await scheduleToRepeat(tx, source.id)).map((old) => ({ kind: old.kind, localTime: localMonthsLater(old.localTime, repeat.everyMonths) }));
      const opensAt = shifted.find((s) => s.kind === 'open')?.localTime ?? localMonthsLater(`${source.accessFrom}T00:00`, repeat.everyMonths);
      const closesAt = shifted.find((s) => s.kind === 'close')?.localTime ?? localMonthsLater(`${source.accessTill}T00:00`, repeat.everyMonths);
      const today = toLocalTime(app.clock(), timeZone).slice(0, 10);
      const waveId = await copyAsNextWave(tx, source, { name: nextWaveName(source.name, opensAt), accessFrom: opensAt.slice(0, 10), accessTill: closesAt.slice(0, 10), createdBy: repeat.setBy, today });
      if (shifted.length > 0) {
        await tx.insert(journeyScheduleSteps).values(shifted.map((s) => ({ engagementId: waveId, kind: s.kind, localTime: s.localTime, timeZone, dueAt: draftInstant(s.localTime, timeZone), status: 'draft' })));
      }
      // The programme goes on: the next wave repeats as this one does.
      await tx.insert(journeyRepeats).values({ engagementId: waveId, everyMonths: repeat.everyMonths, setBy: repeat.setBy });
      await tx.update(journeyRepeats).set({ nextEngagementId: waveId }).where(eq(journeyRepeats.engagementId, source.id));
    });
  } catch (err) {
    if (!lastAttempt) throw err;
    app.log.error({ err, stepId }, 'next wave failed');
    await app.db
      .update(journeyScheduleSteps)
      .set({ status: 'failed', reason: 'next_wave_failed', doneAt: app.clock() })
      .where(and(eq(journeyScheduleSteps.id, stepId), eq(journeyScheduleSteps.status, 'pending')));
  }
}

/**
 * `POST …/schedule/confirm/`: a draft schedule becomes the journey's schedule. Every draft step is
 * checked as a moved step is (not past, no skipped or repeated hour, in order); a refusal names
 * each step under `errors["steps.<id>"]` and changes nothing. Then each gets its job.
 */
export async function confirmDraftSchedule(app: FastifyInstance, engagement: EngagementRow): Promise<TJourneySchedule> {
  const steps = await app.db.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.engagementId, engagement.id));
  const drafts = steps.filter((step) => step.status === 'draft');
  if (drafts.length === 0) throw new ApiError(409, 'schedule_not_draft', 'scheduleSteps.errors.schedule_not_draft');
  const timeZone = await organizationTimeZone(app.db, engagement.organizationId);
  const now = app.clock();
  const fieldErrors: Record<string, ApiError> = {};
  const due = new Map<number, Date>();
  for (const step of drafts) {
    const field = `steps.${step.id}`;
    try {
      const at = checkedInstant(step.localTime, timeZone, now, field, 'scheduleSteps.errors.invalid_draft');
      checkStepOrder(steps, step, at, field, 'scheduleSteps.errors.invalid_draft');
      due.set(step.id, at);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      fieldErrors[field] = err;
    }
  }
  const refused = Object.values(fieldErrors);
  if (refused.length > 0) {
    // One answer for every step refused, the code of the first.
    const merged = Object.assign({}, ...refused.map((err) => err.fieldErrors ?? {}));
    const first = refused[0]!;
    throw new ApiError(400, first.code, 'scheduleSteps.errors.invalid_draft', merged, first.params);
  }
  await app.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(journeyScheduleSteps)
      .set({ status: 'pending', timeZone })
      .where(and(inArray(journeyScheduleSteps.id, drafts.map((step) => step.id)), eq(journeyScheduleSteps.status, 'draft')))
      .returning();
    if (confirmed.length !== drafts.length) throw new ApiError(409, 'step_changed', 'scheduleSteps.errors.step_changed');
    for (const step of confirmed) {
      const dueAt = due.get(step.id) ?? step.dueAt;
      const jobId = await app.jobs.send('journey-step', { stepId: step.id }, { tx, startAfter: dueAt });
      await tx.update(journeyScheduleSteps).set({ jobId, dueAt }).where(eq(journeyScheduleSteps.id, step.id));
    }
  });
  return readSchedule(app.db, engagement, app.clock());
}

