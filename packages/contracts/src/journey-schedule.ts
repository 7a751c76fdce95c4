import { z } from 'zod';

/** A wall-clock time in the organisation's time zone, to the minute, without an offset. */
export const ZLocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'YYYY-MM-DDTHH:mm');

/**
 * `PUT /engagements/{id}/schedule/`: when the journey opens (invitations) and closes (answers stop,
 * analysis runs), and optionally a reminder to those who have not finished, some days before closing.
 */
export const ZJourneyScheduleInput = z.object({
  opens_at: ZLocalDateTime.describe('Local date and time in the organisation’s time zone, e.g. 2027-03-29T09:00'),
  closes_at: ZLocalDateTime.describe('Local date and time in the organisation’s time zone; after opens_at'),
  reminder_days_before: z
    .number()
    .int()
    .min(1)
    .max(60)
    .optional()
    .describe('A reminder to those who have not finished, this many days before the closing at the closing’s local time of day; after opens_at'),
});
export type TJourneyScheduleInput = z.infer<typeof ZJourneyScheduleInput>;

/** `next_wave`: a recurring programme's next wave, created by itself after the closing (docs/journeys.md). */
export const ZScheduleStepKind = z.enum(['open', 'reminder', 'close', 'next_wave']);
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
  /** Why a step was cancelled or failed: `closed_by_hand`, `schedule_replaced`, `schedule_removed`, `skipped`, or an error code. */
  reason: z.string().nullable(),
});
export type TScheduleStep = z.infer<typeof ZScheduleStep>;

/** The journey's timeline: its steps in order, what has happened and what will. */
export const ZJourneySchedule = z.object({
  time_zone: z.string(),
  steps: z.array(ZScheduleStep),
});
export type TJourneySchedule = z.infer<typeof ZJourneySchedule>;
