import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { GROUP_ROLE_CODES, KEY_ROLE_CODES, ZGroupRole, ZKeyRole, ZReportEmployee, ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';
import { reportListPage, reportListQuery, sortsOf } from './reports.ts';

export const ZKeyPeopleResult = z.object({
  employee: ZReportEmployee,
  unit: z.number().int().nullable(),
  is_key_person: z.boolean(),
  key_roles: z.array(ZKeyRole),
  group_roles: z.array(ZGroupRole),
});

/** A role of the list's role filter and counts: `key:advisor` or `group:gatekeeper`, so one list holds both kinds. */
export const KEY_PEOPLE_ROLE_CHOICES = [...KEY_ROLE_CODES.map((role) => `key:${role}` as const), ...GROUP_ROLE_CODES.map((role) => `group:${role}` as const)] as [
  `key:${(typeof KEY_ROLE_CODES)[number]}`,
  ...(`key:${(typeof KEY_ROLE_CODES)[number]}` | `group:${(typeof GROUP_ROLE_CODES)[number]}`)[],
];
export const ZKeyPeopleRoleChoice = z.enum(KEY_PEOPLE_ROLE_CHOICES);
export type TKeyPeopleRoleChoice = z.infer<typeof ZKeyPeopleRoleChoice>;

/** A query parameter that may repeat (`?su=1&su=2`): always read as a list. */
const repeated = <T extends z.ZodType>(item: T) => z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(5000));

/** `name`, `unit`, `key_roles` or `group_roles` (how many roles of the kind a person holds); ties by name, then id. */
export const KEY_PEOPLE_SORT_KEYS = ['name', 'unit', 'key_roles', 'group_roles'] as const;

/**
 * A page of the key people list (the report lists' paging: `page`, `page_size` up to 500, `sort`,
 * `q` over name and unit from the third character). `tu`, `tun` (repeated) are the target group
 * as the as-values view reads them (employees, and units with their sub-units; neither: everyone
 * the caller sees); `role` (repeated) keeps people holding any of those roles; `only_with_roles`
 * leaves out people with no role; `id` (repeated) lists only those people (the people picker asks
 * for the names of the chosen ids so).
 */
export const ZKeyPeopleListQuery = reportListQuery(sortsOf(KEY_PEOPLE_SORT_KEYS).default('-key_roles')).extend({
  tu: repeated(ZDbIdParam),
  tun: repeated(ZDbIdParam),
  role: repeated(ZKeyPeopleRoleChoice),
  only_with_roles: z.enum(['true', 'false']).default('false'),
  id: repeated(ZDbIdParam),
});
export type TKeyPeopleListQuery = z.infer<typeof ZKeyPeopleListQuery>;
export type TKeyPeopleSort = TKeyPeopleListQuery['sort'];

/**
 * One page of the key people: `total` people of the target group match the filters, `visible` are
 * in the target group; `role_counts` count each role held in the whole target group (the role
 * filter's options, in the roles' order, held roles only); `units` are the units with someone the
 * caller sees and the units above them (the department pickers' options).
 */
export const ZKeyPeopleListPage = reportListPage(ZKeyPeopleResult.extend({ unit_name: z.string() })).extend({
  role_counts: z.array(z.object({ role: ZKeyPeopleRoleChoice, count: z.number().int() })),
  units: z.array(z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() })),
  /** The manager sentence (docs/methods.md) of every role the target group holds, in the request's language. */
  explanations: z.object({
    key_roles: z.partialRecord(ZKeyRole, z.string()),
    group_roles: z.partialRecord(ZGroupRole, z.string()),
  }),
});
export type TKeyPeopleListPage = z.infer<typeof ZKeyPeopleListPage>;

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
