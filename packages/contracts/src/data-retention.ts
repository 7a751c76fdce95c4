import { z } from 'zod';

/**
 * Retention policy of an organisation (issue 32 item 3, docs/privacy/retention.md): how long a
 * closed journey keeps its participants' identities and how long a leaver's stay in the directory.
 */
export const RETENTION_JOURNEY_MONTHS = { min: 3, max: 120, default: 24 } as const;
export const RETENTION_LEAVER_MONTHS = { min: 1, max: 120, default: 12 } as const;

/** `PUT /organization/retention-policy/`. */
export const ZRetentionPolicyInput = z.object({
  journey_months: z
    .number()
    .int()
    .min(RETENTION_JOURNEY_MONTHS.min)
    .max(RETENTION_JOURNEY_MONTHS.max)
    .describe('Months after a journey’s closing day when its participants and their answers are anonymised (3-120, default 24)'),
  leaver_months: z
    .number()
    .int()
    .min(RETENTION_LEAVER_MONTHS.min)
    .max(RETENTION_LEAVER_MONTHS.max)
    .describe('Months after a directory person’s leave date when their identifying data is erased (1-120, default 12)'),
});
export type TRetentionPolicyInput = z.infer<typeof ZRetentionPolicyInput>;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** When a journey's anonymisation happens or happened (a timeline entry of the journey). */
export const ZJourneyAnonymisation = z.object({
  kind: z.literal('anonymise'),
  /** The journey's closing day: the day it was closed by hand, else its last day. */
  closed_on: ZIsoDate,
  /** Whether that day has come (closed by hand, or its last day is past); before, the dates are what they will be if it runs to its end. */
  closed: z.boolean(),
  /** The first day the daily retention run anonymises it (closed_on plus the policy's months). */
  due_on: ZIsoDate,
  status: z.enum(['pending', 'done']),
  done_at: z.string().nullable(),
});
export type TJourneyAnonymisation = z.infer<typeof ZJourneyAnonymisation>;

/** `GET /organization/retention-policy/`: the policy and the anonymisations still to come. */
export const ZRetentionPolicy = ZRetentionPolicyInput.extend({
  upcoming: z
    .array(ZJourneyAnonymisation.extend({ engagement_id: z.number().int(), name: z.string() }))
    .describe('The organisation’s journeys not anonymised yet, the soonest first'),
  /** Leavers of the directory not erased yet, with the day retention erases each (ids only). */
  upcoming_leavers: z.number().int().describe('How many leavers of the directory wait for their erasure'),
  next_leaver_due_on: ZIsoDate.nullable(),
});
export type TRetentionPolicy = z.infer<typeof ZRetentionPolicy>;
