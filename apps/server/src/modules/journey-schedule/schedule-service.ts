import type { FastifyInstance } from 'fastify';
import { DEFAULT_REMINDER_CADENCE, type TJourneySchedule, type TJourneyScheduleInput, type TReminderCadence, type TScheduleStep } from '@ona/contracts';
import { and, asc, eq, inArray, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { journeyAnonymisation } from '../data-retention/retention-schedule.ts';
import { fromLocalTime, isTimeZone, toLocalTime } from './local-time.ts';
import { addLocalDays, instantAtOrAfter, nextAllowedInstant, type SendingHours } from './sending-hours.ts';

const { journeyScheduleSteps, engagements, organizations } = tables;
type StepRow = typeof journeyScheduleSteps.$inferSelect;
type EngagementRow = typeof engagements.$inferSelect;
type StepKind = TScheduleStep['kind'];

type ScheduleErrorCode = 'schedule_close_before_open' | 'schedule_in_past' | 'schedule_time_nonexistent' | 'schedule_time_ambiguous';
type ScheduleField = 'opens_at' | 'closes_at';

function scheduleError(code: ScheduleErrorCode, field: ScheduleField, params: Record<string, string>): ApiError {
  const key: MessageKey = `journeys.errors.${code}`;
  return new ApiError(400, code, 'journeys.errors.invalid_schedule', { [field]: [key] }, params);
}

export async function organizationTimeZone(db: Database, organizationId: number): Promise<string> {
  const [organization] = await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, organizationId));
  return organization?.timeZone ?? 'Europe/Budapest';
}

/** What an organisation's scheduled e-mails follow: its time zone, sending hours and reminder limit. */
export interface SchedulingSettings {
  timeZone: string;
  hours: SendingHours;
  reminderMaxPerPerson: number;
}

export async function schedulingSettings(db: Database, organizationId: number): Promise<SchedulingSettings> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return {
    timeZone: organization?.timeZone ?? 'Europe/Budapest',
    hours: { start: organization?.sendingHoursStart ?? '08:00', end: organization?.sendingHoursEnd ?? '18:00', weekends: organization?.sendOnWeekends ?? false },
    reminderMaxPerPerson: organization?.reminderMaxPerPerson ?? 3,
  };
}

/**
 * The reminder steps of a cadence, in the organisation's time zone: each "days after" at the
 * opening's time of day on that local day, the last-day one at its time on the closing's local
 * day, each moved on to the next allowed sending time (the timeline then shows when it will go);
 * a reminder that would not fall between the opening and the closing is left out, and two at the
 * same moment are one. Each person's own zone can move their e-mail later still (step-jobs.ts).
 */
export function reminderInstants(cadence: TReminderCadence, opensLocal: string, opensAt: Date, closesLocal: string, closesAt: Date, timeZone: string, hours: SendingHours): Date[] {
  const wanted = cadence.days_after_opening.map((days) => `${addLocalDays(opensLocal.slice(0, 10), days)}${opensLocal.slice(10)}`);
  if (cadence.last_day_at !== null) wanted.push(`${closesLocal.slice(0, 10)}T${cadence.last_day_at}`);
  const instants = wanted.map((local) => nextAllowedInstant(instantAtOrAfter(local, timeZone), timeZone, hours).getTime());
  return [...new Set(instants)]
    .filter((instant) => instant > opensAt.getTime() && instant < closesAt.getTime())
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}

/** Reads a local time of the schedule, refusing a time the zone's clocks skip or show twice. */
function instantOf(local: string, timeZone: string, field: ScheduleField): Date {
  const result = fromLocalTime(local, timeZone);
  const params = { time: local.replace('T', ' '), zone: timeZone };
  if (result.kind === 'nonexistent') throw scheduleError('schedule_time_nonexistent', field, params);
  if (result.kind === 'ambiguous') throw scheduleError('schedule_time_ambiguous', field, params);
  return result.instant;
}

function toStep(row: StepRow): TScheduleStep {
  return {
    id: row.id,
    kind: row.kind as TScheduleStep['kind'],
    local_time: row.localTime,
    time_zone: row.timeZone,
    due_at: row.dueAt.toISOString(),
    status: row.status as TScheduleStep['status'],
    done_at: row.doneAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** `now`: the app's clock (the anonymisation entry says whether the journey's closing day has come). */
export async function readSchedule(db: Database, engagement: EngagementRow, now: Date): Promise<TJourneySchedule> {
  const rows = await db.select().from(journeyScheduleSteps).where(eq(journeyScheduleSteps.engagementId, engagement.id)).orderBy(asc(journeyScheduleSteps.dueAt), asc(journeyScheduleSteps.id));
  return { time_zone: await organizationTimeZone(db, engagement.organizationId), steps: rows.map(toStep), anonymisation: await journeyAnonymisation(db, engagement.id, now.toISOString().slice(0, 10)) };
}

/**
 * Cancels the journey's pending (and draft) steps and their jobs (a schedule replaced or removed, a journey
 * closed by hand or deleted): a job of a step that is no longer pending does nothing even if it
 * was already claimed, and cancelling it keeps the engine's queue clear as well.
 */
export async function cancelPendingSteps(app: FastifyInstance, tx: Database, engagementId: number, reason: string): Promise<void> {
  const cancelled = await tx
    .update(journeyScheduleSteps)
    .set({ status: 'cancelled', reason, doneAt: app.clock() })
    .where(and(eq(journeyScheduleSteps.engagementId, engagementId), inArray(journeyScheduleSteps.status, ['pending', 'draft'])))
    .returning({ jobId: journeyScheduleSteps.jobId });
  const jobIds = cancelled.flatMap((step) => (step.jobId ? [step.jobId] : []));
  if (jobIds.length > 0) await app.jobs.cancel('journey-step', jobIds, tx);
}

/** A new pending step and its job, due at its time, in the caller's transaction. */
export async function addStep(app: FastifyInstance, tx: Database, engagementId: number, kind: StepKind, local: string, timeZone: string, dueAt: Date): Promise<void> {
  const [step] = await tx.insert(journeyScheduleSteps).values({ engagementId, kind, localTime: local, timeZone, dueAt }).returning();
  if (!step) throw new Error('schedule step insert returned nothing');
  const jobId = await app.jobs.send('journey-step', { stepId: step.id }, { tx, startAfter: dueAt });
  await tx.update(journeyScheduleSteps).set({ jobId }).where(eq(journeyScheduleSteps.id, step.id));
}

/**
 * `PUT /engagements/{id}/schedule/`: the opening, reminders and closing in the organisation's time zone. The
 * survey window follows (its days are the local days of the two times), earlier pending steps are
 * cancelled, and each new step gets its job, due at its time: all in one transaction.
 */
export async function saveSchedule(app: FastifyInstance, engagement: EngagementRow, input: TJourneyScheduleInput): Promise<TJourneySchedule> {
  const { timeZone, hours } = await schedulingSettings(app.db, engagement.organizationId);
  if (!isTimeZone(timeZone)) throw new ApiError(400, 'invalid_time_zone', 'journeys.errors.invalid_time_zone', undefined, { zone: timeZone });
  if (!engagement.surveyCreatedAt) throw new ApiError(409, 'schedule_survey_missing', 'journeys.errors.schedule_survey_missing');
  const opensAt = instantOf(input.opens_at, timeZone, 'opens_at');
  const closesAt = instantOf(input.closes_at, timeZone, 'closes_at');
  const now = app.clock();
  if (opensAt.getTime() <= now.getTime()) throw scheduleError('schedule_in_past', 'opens_at', { zone: timeZone });
  if (closesAt.getTime() <= opensAt.getTime()) throw scheduleError('schedule_close_before_open', 'closes_at', {});
  const reminders = reminderInstants(input.reminders ?? DEFAULT_REMINDER_CADENCE, input.opens_at, opensAt, input.closes_at, closesAt, timeZone, hours);
  const steps: [StepKind, string, Date][] = [
    ['open', input.opens_at, opensAt],
    ...reminders.map((at): [StepKind, string, Date] => ['reminder', toLocalTime(at, timeZone), at]),
    ['close', input.closes_at, closesAt],
  ];
  await app.db.transaction(async (tx) => {
    await cancelPendingSteps(app, tx, engagement.id, 'schedule_replaced');
    await tx
      .update(engagements)
      .set({ accessFrom: input.opens_at.slice(0, 10), accessTill: input.closes_at.slice(0, 10), closedAt: null })
      .where(eq(engagements.id, engagement.id));
    for (const [kind, local, dueAt] of steps) await addStep(app, tx, engagement.id, kind, local, timeZone, dueAt);
  });
  return readSchedule(app.db, engagement, app.clock());
}

export async function removeSchedule(app: FastifyInstance, engagement: EngagementRow): Promise<TJourneySchedule> {
  await app.db.transaction((tx) => cancelPendingSteps(app, tx, engagement.id, 'schedule_removed'));
  return readSchedule(app.db, engagement, app.clock());
}

/** The steps of these journeys that are still pending (for the journeys a deletion takes away). */
export async function pendingJobIds(db: Database, engagementIds: number[]): Promise<string[]> {
  if (engagementIds.length === 0) return [];
  const rows = await db
    .select({ jobId: journeyScheduleSteps.jobId })
    .from(journeyScheduleSteps)
    .where(and(inArray(journeyScheduleSteps.engagementId, engagementIds), eq(journeyScheduleSteps.status, 'pending')));
  return rows.flatMap((row) => (row.jobId ? [row.jobId] : []));
}
