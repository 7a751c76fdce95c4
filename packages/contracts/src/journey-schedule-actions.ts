import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZLocalDateTime } from './journey-schedule.ts';

/** `…/schedule/steps/{stepId}/…`: the journey and one of its scheduled steps. */
export const ZScheduleStepParams = z.object({ id: ZDbIdParam, stepId: ZDbIdParam });
export type TScheduleStepParams = z.infer<typeof ZScheduleStepParams>;

/** `POST …/steps/{stepId}/move/`: the step's new local time in the organisation's time zone. */
export const ZScheduleStepMove = z.object({
  local_time: ZLocalDateTime.describe('Local date and time in the organisation’s time zone, e.g. 2027-04-01T09:00'),
});
export type TScheduleStepMove = z.infer<typeof ZScheduleStepMove>;

/** How often a recurring programme starts its next wave; null: it does not repeat. */
export const ZRepeatMonths = z.union([z.literal(6), z.literal(12)]).nullable();

/** `PUT /engagements/{id}/schedule/repeat/`. */
export const ZJourneyRepeatInput = z.object({
  every_months: ZRepeatMonths.describe('6 or 12: at the scheduled closing the next wave is created by itself as a draft, its schedule shifted by this many months; null: no repeat'),
});
export type TJourneyRepeatInput = z.infer<typeof ZJourneyRepeatInput>;

/** A journey's repeat setting and what it has brought about. */
export const ZJourneyRepeat = z.object({
  every_months: ZRepeatMonths,
  /** The wave this journey's closing created by itself, once it has. */
  next_wave: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether this journey's schedule is a draft (a wave created by itself): nothing runs until it is confirmed. */
  draft: z.boolean(),
});
export type TJourneyRepeat = z.infer<typeof ZJourneyRepeat>;
