import { z } from 'zod';
import { ZJourneyAnonymisation } from './data-retention.ts';

/** A wall-clock time in the organisation's time zone, to the minute, without an offset. */
export const ZLocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'YYYY-MM-DDTHH:mm');

/** A local time of day, `HH:mm`. */
export const ZLocalTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/**
 * The reminders of a journey (docs/journeys.md, "Reminders"): some days after the invitation, at the
 * opening's time of day, and on the morning of the closing day; each goes only to those who have
 * not finished at that moment, within the organisation's sending hours in each person's own time
 * zone, and nobody gets more than the organisation's limit.
 */
export const ZReminderCadence = z.object({
  days_after_opening: z
    .array(z.number().int().min(1).max(365))
    .max(10)
    .describe('Days after the invitation, at the opening’s local time of day (moved on to the next allowed sending time)'),
  last_day_at: ZLocalTimeOfDay.nullable().describe('Local time on the closing day for the “last day” reminder (before the closing), or null for none'),
});
export type TReminderCadence = z.infer<typeof ZReminderCadence>;

/** Without `reminders`: 3 and 7 days after the invitation and 09:00 on the last day. */
export const DEFAULT_REMINDER_CADENCE: TReminderCadence = { days_after_opening: [3, 7], last_day_at: '09:00' };

/**
 * `PUT /engagements/{id}/schedule/`: when the journey opens (invitations) and closes (answers stop,
 * analysis runs), and the reminders to those who have not finished in between.
 */
export const ZJourneyScheduleInput = z.object({
  opens_at: ZLocalDateTime.describe('Local date and time in the organisation’s time zone, e.g. 2027-03-29T09:00'),
  closes_at: ZLocalDateTime.describe('Local date and time in the organisation’s time zone; after opens_at'),
  reminders: ZReminderCadence.optional().describe('The reminder cadence; omitted: 3 and 7 days after the invitation and 09:00 on the last day. `{ "days_after_opening": [], "last_day_at": null }` for none'),
});
export type TJourneyScheduleInput = z.infer<typeof ZJourneyScheduleInput>;

/** `next_wave`: a recurring programme's next wave, created by itself after the closing (docs/journeys.md). */
export const ZScheduleStepKind = z.enum(['open', 'reminder', 'close', 'digest', 'next_wave']);
/** `draft`: a step of a wave created by itself, without a job until an administrator confirms the schedule. */
export const ZScheduleStepStatus = z.enum(['draft', 'pending', 'done', 'cancelled', 'failed']);

export const ZScheduleStep = z.object({
  id: z.number().int(),
  kind: ZScheduleStepKind,
  local_time: ZLocalDateTime,
  time_zone: z.string(),
  due_at: z.string().describe('The same moment in UTC (ISO 8601)'),
  status: ZScheduleStepStatus,
  done_at: z.string().nullable(),
  /** Why a step was cancelled or failed: `closed_by_hand`, `journey_closed` (a reminder or digest still pending at the scheduled closing), `schedule_replaced`, `schedule_removed`, `skipped`, or an error code. */
  reason: z.string().nullable(),
});
export type TScheduleStep = z.infer<typeof ZScheduleStep>;

/** The journey's timeline: its steps in order, what has happened and what will. */
export const ZJourneySchedule = z.object({
  time_zone: z.string(),
  steps: z.array(ZScheduleStep),
  /** When retention anonymises the journey's participants (docs/privacy/retention.md). */
  anonymisation: ZJourneyAnonymisation,
});
export type TJourneySchedule = z.infer<typeof ZJourneySchedule>;
