import { z } from 'zod';
import { ZDbId } from './ids.ts';
import { ZModule } from './access.ts';
import { ZIsoDate } from './excel-rows.ts';
import { ZContentLanguage } from './survey.ts';

/**
 * A journey's state in words, derived (never stored) from its dates, its closing, its answers and
 * its analysis runs: `draft` before its first day, `open` from then until it closes, `closed`
 * after its last day or an admin's "Close now", `analysed` once an analysis run has finished.
 */
export const JOURNEY_STATES = ['draft', 'open', 'closed', 'analysed'] as const;
export const ZJourneyState = z.enum(JOURNEY_STATES);
export type TJourneyState = z.infer<typeof ZJourneyState>;

/** Where a new journey's questionnaire comes from: the default one, an earlier journey's, or none (an import). */
export const QUESTIONNAIRE_SOURCES = ['default', 'copy', 'empty'] as const;
export const ZQuestionnaireSource = z.enum(QUESTIONNAIRE_SOURCES);

export const ZJourneyModules = z.array(ZModule).min(1).refine((list) => new Set(list).size === list.length, { message: 'duplicate_module' });

/** `POST /engagements/`: a new journey of the caller's organisation (engagement_admin only). */
export const ZJourneyCreate = z.object({
  name: z.string().trim().min(1).max(200),
  access_from: ZIsoDate,
  access_till: ZIsoDate,
  default_language: ZContentLanguage,
  modules: ZJourneyModules,
  questionnaire: z.discriminatedUnion('source', [
    z.object({ source: z.literal('default') }),
    z.object({ source: z.literal('empty') }),
    z.object({ source: z.literal('copy'), engagement_id: ZDbId }),
  ]),
});
export type TJourneyCreate = z.infer<typeof ZJourneyCreate>;

/** `PATCH /engagements/{id}/`: any subset of the journey's own settings. */
export const ZJourneyUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  access_from: ZIsoDate.optional(),
  access_till: ZIsoDate.optional(),
  default_language: ZContentLanguage.optional(),
  modules: ZJourneyModules.optional(),
});
export type TJourneyUpdate = z.infer<typeof ZJourneyUpdate>;

/**
 * `POST /engagements/{id}/next-wave/`: a new journey copied from a finished one (employees, units,
 * filters, questionnaire with the same question keys, access rights, e-mail texts), without answers.
 */
export const ZNextWave = z.object({
  name: z.string().trim().min(1).max(200),
  access_from: ZIsoDate,
  access_till: ZIsoDate,
});
export type TNextWave = z.infer<typeof ZNextWave>;

/** What the journeys list and details add to an engagement for its admins and readers. */
export const ZJourneyFacts = z.object({
  state: ZJourneyState,
  modules: z.array(ZModule),
  /** The journey this one is the next wave of, when it is one. */
  previous_engagement_id: z.number().int().nullable(),
  /** When an admin closed the survey before its last day. */
  closed_at: z.string().nullable(),
  archived: z.boolean(),
  /** Whether anyone has answered: a journey without answers may be deleted, one with answers only archived. */
  has_answers: z.boolean(),
});
export type TJourneyFacts = z.infer<typeof ZJourneyFacts>;

/** `GET /engagements/?archived=true`: the archived journeys instead of the current ones (engagement admins only). */
export const ZJourneyListQuery = z.object({
  archived: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type TJourneyListQuery = z.infer<typeof ZJourneyListQuery>;
