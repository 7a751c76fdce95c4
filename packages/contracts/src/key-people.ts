import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZGroupRole, ZKeyRole, ZReportEmployee, ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';

export const ZKeyPeopleResult = z.object({
  employee: ZReportEmployee,
  unit: z.number().int().nullable(),
  is_key_person: z.boolean(),
  key_roles: z.array(ZKeyRole),
  group_roles: z.array(ZGroupRole),
});

export const ZKeyPeopleAnalytics = z.object({
  results: z.array(ZKeyPeopleResult),
  units: z.array(z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() })),
  /** The manager sentence (docs/methods.md) of every role the results name, in the request's language. */
  explanations: z.object({
    key_roles: z.partialRecord(ZKeyRole, z.string()),
    group_roles: z.partialRecord(ZGroupRole, z.string()),
  }),
});
export type TKeyPeopleAnalytics = z.infer<typeof ZKeyPeopleAnalytics>;

/** A query parameter that may repeat (`?su=1&su=2`): always read as a list of ids. */
const ZRepeatedIds = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(ZDbIdParam).max(5000),
);

/** su, tu: source and target users (employee ids); sun, tun: source and target units (with sub-units). */
export const ZKeyPeopleAsValuesQuery = z.object({ su: ZRepeatedIds, tu: ZRepeatedIds, sun: ZRepeatedIds, tun: ZRepeatedIds });

export const ZKeyPeopleAsValues = z.object({
  source_count: z.number().int(),
  target_count: z.number().int(),
  /**
   * True when the source group has fewer respondents than the privacy minimum, or differs from
   * the caller's whole view or one of its units by fewer (difference protection): no counts then.
   */
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  questions: z.array(
    z.object({ question_id: z.number().int(), kind: z.string(), nominations: z.number().int().nullable(), possible_pairs: z.number().int(), density: z.number().nullable() }),
  ),
  targets: z.array(z.object({ employee: ZReportEmployee, total: z.number().int(), by_question: z.record(z.string(), z.number().int()) })),
});
export type TKeyPeopleAsValues = z.infer<typeof ZKeyPeopleAsValues>;
