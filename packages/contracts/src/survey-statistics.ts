import { z } from 'zod';
import { ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';

/** Survey statistics legend (spec section 9): 0–13 nominations given is low, 14 and over high. */
export const ANSWER_COUNT_LEGEND = { lowMax: 13, highMin: 14 } as const;

export const ZUnitFillStatistics = z.object({
  id: z.number().int(),
  name: z.string(),
  parent: z.number().int().nullable(),
  participant_count: z.number().int(),
  /** Counts and rates of a unit with fewer respondents than the privacy minimum are null. */
  answered_count: z.number().int().nullable(),
  response_rate: z.number().nullable(),
  subtree_participant_count: z.number().int(),
  subtree_answered_count: z.number().int().nullable(),
  subtree_response_rate: z.number().nullable(),
  low_answer_count: z.number().int().nullable(),
  high_answer_count: z.number().int().nullable(),
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  subtree_withheld: ZWithheldFlag,
  subtree_withheld_reason: ZWithheldReason,
});

export const ZFillStatistics = z.object({
  participant_count: z.number().int(),
  answered_count: z.number().int().nullable(),
  finished_count: z.number().int().nullable(),
  response_rate: z.number().nullable(),
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  legend: z.object({ low: z.tuple([z.number().int(), z.number().int()]), high_from: z.number().int() }),
  low_answer_count: z.number().int().nullable(),
  high_answer_count: z.number().int().nullable(),
  units: z.array(ZUnitFillStatistics),
  /** Respondents per day (the day of their last answer) and the running total. */
  over_time: z.array(z.object({ date: z.string(), answered: z.number().int(), cumulative: z.number().int() })),
});

export const ZSurveyStatistics = z.object({
  engagement: z.object({ id: z.number().int(), name: z.string(), default_language: z.string(), participant_count: z.number().int() }),
  fill_statistics: ZFillStatistics,
});
export type TSurveyStatistics = z.infer<typeof ZSurveyStatistics>;
