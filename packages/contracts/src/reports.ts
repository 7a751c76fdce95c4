import { z } from 'zod';
import { METRICS_DEFAULT_PAGE_SIZE, METRICS_MAX_PAGE_SIZE } from './metrics.ts';
import { ZDbIdParam } from './ids.ts';
import { ZHierarchyLevelCode, ZReportEmployee, ZReportUnit, ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';

// ---- Leader report ------------------------------------------------------------------------

export const ZLeaderReportListItem = z.object({
  /** The leader's employee id; it is also the report id. */
  id: z.number().int(),
  leader: ZReportEmployee,
  unit: ZReportUnit.nullable(),
  team_size: z.number().int(),
  respondent_count: z.number().int(),
  /** Shown only to engagement admins with all_access (DECISIONS.md, leader codes). */
  authorization_code: z.string().nullable(),
});
export type TLeaderReportListItem = z.infer<typeof ZLeaderReportListItem>;

/**
 * The query of a paged report list: a page of the reports the caller sees, sorted by one of the
 * list's keys (a leading `-` sorts descending), `q` searching the person's name and unit, case-
 * and accent-blind, from its third character on (spec §5: a shorter term filters nothing).
 */
export function reportListQuery<S extends z.ZodType>(sort: S) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(METRICS_MAX_PAGE_SIZE).default(METRICS_DEFAULT_PAGE_SIZE),
    sort,
    q: z.string().trim().max(200).default(''),
  });
}

/** The sorts of a list's keys: each key ascending, or with a leading `-` descending. */
export function sortsOf<K extends string>(keys: readonly [K, ...K[]]) {
  return z.enum([...keys, ...keys.map((key) => `-${key}` as const)] as [K | `-${K}`, ...(K | `-${K}`)[]]);
}

/** One page of a report list: `total` reports match `q`, `visible` the caller sees whatever `q` is. */
export function reportListPage<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int(), visible: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}

/** `name`, `unit`, `team_size` or `respondents` (members who answered). */
export const LEADER_REPORT_SORT_KEYS = ['name', 'unit', 'team_size', 'respondents'] as const;
export const ZLeaderReportListQuery = reportListQuery(sortsOf(LEADER_REPORT_SORT_KEYS).default('name')).extend({
  /** Only this leader's row (the report page shows the leader's name above the code form). */
  id: ZDbIdParam.optional(),
});
export type TLeaderReportListQuery = z.infer<typeof ZLeaderReportListQuery>;
export type TLeaderReportSort = TLeaderReportListQuery['sort'];
export const ZLeaderReportListPage = reportListPage(ZLeaderReportListItem);
export type TLeaderReportListPage = z.infer<typeof ZLeaderReportListPage>;

export const ZLeaderReportQuery = z.object({ authorization_code: z.string().max(64).optional() });

/** Scores run from 1 to 10 with one decimal. */
const score = z.number().min(1).max(10).nullable();

/**
 * The leader's own tie to a member. Whether the member named the leader is never listed per
 * person (privacy: no report shows who named a leader); only a team count is.
 */
export const ZLeaderTie = z.object({ employee: ZReportEmployee, given: z.boolean() });
export const ZLeaderGivenReceived = z.object({
  given: z.array(ZReportEmployee),
  /** How many members named the leader; null when withheld. */
  received_count: z.number().int().nullable(),
});

export const ZLeaderReportResult = z.object({
  attention: z.object({ score, opinion: score, work_info: score, recognition: score, corporate_news: score }),
  prestige: z.object({ score, advice: score, personal: score, attention: score, expertise: score }),
  impartiality: z.object({ score, sympathy: z.array(ZLeaderTie), expertise: z.array(ZLeaderTie) }),
  relationship: z.object({ score, sympathy: ZLeaderGivenReceived, expertise: ZLeaderGivenReceived }),
});

export const ZLeaderReport = z.object({
  id: z.number().int(),
  leader: ZReportEmployee,
  unit: ZReportUnit.nullable(),
  organization_logo: z.string().nullable(),
  /** Name shown on the report: the leader's. */
  user_name: z.string(),
  settings: z.object({ attention: z.boolean(), prestige: z.boolean(), impartiality: z.boolean(), relationship: z.boolean() }),
  team_size: z.number().int(),
  respondent_count: z.number().int(),
  /** True when fewer team members answered than the privacy minimum: every score is null. */
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  result: ZLeaderReportResult,
});
export type TLeaderReport = z.infer<typeof ZLeaderReport>;

// ---- Individual report --------------------------------------------------------------------

export const CHARACTER_TYPE_CODES = ['personal', 'professional', 'information_sharing', 'work_cooperation', 'influencing_others'] as const;
export const ZCharacterTypeCode = z.enum(CHARACTER_TYPE_CODES);

export const ZReportQuestion = z.object({ id: z.number().int(), key: z.string(), label: z.string() });

export const ZIndividualReportListItem = z.object({
  id: z.number().int(),
  employee: ZReportEmployee,
  unit: ZReportUnit.nullable(),
  has_answered: z.boolean(),
});
export type TIndividualReportListItem = z.infer<typeof ZIndividualReportListItem>;

/** `name`, `unit` or `answered` (whether the person answered the survey); a leading `-` sorts descending. */
export const INDIVIDUAL_REPORT_SORT_KEYS = ['name', 'unit', 'answered'] as const;
export const ZIndividualReportListQuery = reportListQuery(sortsOf(INDIVIDUAL_REPORT_SORT_KEYS).default('name'));
export type TIndividualReportListQuery = z.infer<typeof ZIndividualReportListQuery>;
export type TIndividualReportSort = TIndividualReportListQuery['sort'];
export const ZIndividualReportListPage = reportListPage(ZIndividualReportListItem);
export type TIndividualReportListPage = z.infer<typeof ZIndividualReportListPage>;

export const ZIndividualReport = z.object({
  id: z.number().int(),
  employee: ZReportEmployee,
  unit: ZReportUnit.nullable(),
  hierarchy_level: ZHierarchyLevelCode,
  has_answered: z.boolean(),
  mentioning_you: z.number().int(),
  turning_to_you: z.number().int(),
  turning_to_you_too_many: z.boolean(),
  mutual_relationships: z.number().int(),
  mutual_too_many: z.boolean(),
  /** Share of unit colleagues who name you on opinion, idea or values; null when withheld. */
  influence_share: z.number().nullable(),
  influence_high: z.boolean().nullable(),
  influence_withheld: ZWithheldFlag,
  character_types: z.record(ZCharacterTypeCode, z.object({ nominations: z.number().int(), score: z.number().min(1).max(10) })),
  relations_by_level: z.record(ZHierarchyLevelCode, z.object({ count: z.number().int(), share: z.number() })),
  operative_balance_ok: z.boolean().nullable(),
  /** Nominations received per question, as counts: the report never names who named you. */
  received: z.array(z.object({ question: ZReportQuestion, count: z.number().int() })),
  /**
   * Nominations given per question. The colleagues named are listed only to the person themself
   * (their own answers); anyone else, a leader or an admin, sees the count, never the names, as
   * the survey promises that one's answers are shown to no colleague and no leader.
   */
  given: z.array(z.object({ question: ZReportQuestion, count: z.number().int(), colleagues: z.array(ZReportEmployee).nullable() })),
});
export type TIndividualReport = z.infer<typeof ZIndividualReport>;

// ---- 360 report ---------------------------------------------------------------------------

export const DIMENSION_360_CODES = ['trust', 'respect', 'openness', 'improvement', 'communication', 'problem_solving', 'connection_with_leader'] as const;
export const ZDimension360Code = z.enum(DIMENSION_360_CODES);

export const ZReport360ListItem = z.object({ id: z.number().int(), employee: ZReportEmployee, hierarchy_level: ZHierarchyLevelCode });
export type TReport360ListItem = z.infer<typeof ZReport360ListItem>;

/** `name` or `level` (the hierarchy level, from strategic down to implementors). */
export const REPORT_360_SORT_KEYS = ['name', 'level'] as const;
export const ZReport360ListQuery = reportListQuery(sortsOf(REPORT_360_SORT_KEYS).default('name'));
export type TReport360ListQuery = z.infer<typeof ZReport360ListQuery>;
export type TReport360Sort = TReport360ListQuery['sort'];
export const ZReport360ListPage = reportListPage(ZReport360ListItem);
export type TReport360ListPage = z.infer<typeof ZReport360ListPage>;

export const ZReport360Item = z.object({
  item_id: z.string(),
  /**
   * The item's wording in the request's language (English where the journey has none in it);
   * null when the item was removed from the journey after the analysis.
   */
  text: z.string().nullable(),
  own_selection: z.boolean(),
  /** Share of the leader's direct reports who chose the leader (0..1); null when withheld. */
  survey_result: z.number().nullable(),
});

export const ZReport360 = z.object({
  id: z.number().int(),
  employee: ZReportEmployee,
  hierarchy_level: ZHierarchyLevelCode,
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  result: z.object({ employee_id: z.number().int() }).extend(
    Object.fromEntries(DIMENSION_360_CODES.map((d) => [d, z.array(ZReport360Item)])) as Record<(typeof DIMENSION_360_CODES)[number], z.ZodArray<typeof ZReport360Item>>,
  ),
});
export type TReport360 = z.infer<typeof ZReport360>;
