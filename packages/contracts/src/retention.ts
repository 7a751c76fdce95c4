import { z } from 'zod';
import { ZReportEmployee, ZGenerationCode, ZGroupRole, ZKeyRole, ZRiskFactorCode, ZRiskLevel, ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';
import { ZDbIdParam } from './ids.ts';
import { ORGANISATIONAL_AGES } from './organisational-age.ts';
import { reportListPage, reportListQuery, sortsOf } from './reports.ts';

/** Department of the retention page: id, parent and children (spec section 3). */
export const ZRetentionUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  parent: z.number().int().nullable(),
  children: z.array(z.number().int()),
});

/** A manager sentence of docs/methods.md in the request's language (Accept-Language). */
export const ZExplanation = z.string();

export const ZRiskFactor = z.object({
  code: ZRiskFactorCode,
  /** Key of the one-sentence explanation (docs/methods.md), e.g. `riskFactors.isolated`. */
  explanation_code: z.string(),
  /** That sentence in the request's language. */
  explanation: ZExplanation,
});

export const ZRetentionEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Department id. */
  unit: z.number().int().nullable(),
  /** Leader's employee id. */
  leader: z.number().int().nullable(),
  direct_reports: z.array(z.number().int()),
  /** Null when the journey shows leaders risk only in aggregate (`individual_risk_withheld`). */
  risk_level: ZRiskLevel.nullable(),
  has_answered: z.boolean(),
  generation: ZGenerationCode.nullable(),
  /** The enter-organisation date, YYYY-MM-DD. */
  works_since: z.string().nullable(),
  is_key_person: z.boolean(),
  key_person_flags: z.record(ZKeyRole, z.boolean()),
  key_roles: z.array(ZKeyRole),
  group_roles: z.array(ZGroupRole),
  risk_factors: z.array(ZRiskFactor),
});
export type TRetentionEmployee = z.infer<typeof ZRetentionEmployee>;

export const ZCauseFrequency = z.object({
  factor: ZRiskFactorCode,
  /** What the factor means for a manager, in the request's language. */
  explanation: ZExplanation,
  count: z.number().int(),
  share: z.number(),
  share_of_at_risk: z.number(),
  high_risk_count: z.number().int(),
});

export const ZCorrespondingCause = z.object({
  factors: z.tuple([ZRiskFactorCode, ZRiskFactorCode]),
  count: z.number().int(),
  support: z.number(),
  /** Above 1 the two factors occur together more often than chance. */
  lift: z.number(),
});

export const ZKeyPersonInDanger = z.object({
  employee: z.number().int(),
  risk_level: ZRiskLevel,
  key_roles: z.array(ZKeyRole),
  group_roles: z.array(ZGroupRole),
  risk_factors: z.array(ZRiskFactorCode),
});

export const LEADER_SUPPORT_REASONS = ['spanTooWide', 'neglectRedFlag', 'neglectPattern', 'leaderHighRisk', 'teamAtRisk'] as const;
export const ZLeaderNeedingSupport = z.object({
  leader: z.number().int(),
  span: z.number().int(),
  neglected: z.array(z.number().int()),
  neglect_severity: z.enum(['none', 'redFlag', 'pattern']),
  reasons: z.array(z.enum(LEADER_SUPPORT_REASONS)),
});

export const DYSFUNCTION_SETS = ['several_employees_at_risk', 'leader_at_risk', 'key_person_at_risk', 'incoherent_team', 'leader_relationship'] as const;
export const ZDysfunctionSet = z.enum(DYSFUNCTION_SETS);
export type TDysfunctionSet = z.infer<typeof ZDysfunctionSet>;

export const DYSFUNCTION_CODES = [
  'highRiskShare', 'widespreadLowMotivation', 'commonCause', 'riskCluster',
  'leaderHighRisk', 'leaderFollowersExposed', 'leaderIgnored', 'leaderOverloaded',
  'keyPersonHighRisk', 'centralMemberAtRisk', 'soleBridgeAtRisk', 'keyPersonOverloaded',
  'sparseTeam', 'outwardLooking', 'fragmentedTeam', 'lowReciprocity',
  'spanTooWide', 'neglectRedFlag', 'neglectPattern', 'unequalAttention',
] as const;
export const ZDysfunctionCode = z.enum(DYSFUNCTION_CODES);

/** One row of a group table: a leader with their direct reports, and what goes wrong there. */
export const ZGroupRow = z.object({
  leader: ZReportEmployee,
  group_name: z.string(),
  size: z.number().int(),
  respondent_count: z.number().int(),
  people_affected: z.number().int(),
  at_risk_share: z.number().nullable(),
  density: z.number().nullable(),
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  dysfunctions: z.array(
    z.object({
      code: ZDysfunctionCode,
      /** What the dysfunction means for a manager, in the request's language. */
      explanation: ZExplanation,
      affected: z.array(z.number().int()),
      factor: ZRiskFactorCode.nullable(),
    }),
  ),
});
export type TGroupRow = z.infer<typeof ZGroupRow>;

export const ZRetentionResults = z.object({
  /** Withheld (null) when the caller sees fewer respondents than the privacy minimum. */
  most_typical_causes: z.object({ withheld: ZWithheldFlag, withheld_reason: ZWithheldReason, items: z.array(ZCauseFrequency).nullable() }),
  key_people_in_danger: z.array(ZKeyPersonInDanger),
  leaders_in_need_of_support: z.array(ZLeaderNeedingSupport),
  corresponding_causes: z.object({ withheld: ZWithheldFlag, withheld_reason: ZWithheldReason, items: z.array(ZCorrespondingCause).nullable() }),
  groups: z.record(ZDysfunctionSet, z.array(ZGroupRow)),
});
export type TRetentionResults = z.infer<typeof ZRetentionResults>;

/**
 * The manager sentence of every code the response names (risk factors, key and group roles,
 * dysfunctions) and of every risk level, in the request's language: one place for a legend, and
 * the explanation of codes that appear as plain lists (`key_roles`, `group_roles`).
 */
export const ZRetentionExplanations = z.object({
  risk_factors: z.partialRecord(ZRiskFactorCode, ZExplanation),
  key_roles: z.partialRecord(ZKeyRole, ZExplanation),
  group_roles: z.partialRecord(ZGroupRole, ZExplanation),
  dysfunctions: z.partialRecord(ZDysfunctionCode, ZExplanation),
  /** Keys "0" to "4". */
  risk_levels: z.record(z.enum(['0', '1', '2', '3', '4']), ZExplanation),
});
export type TRetentionExplanations = z.infer<typeof ZRetentionExplanations>;

/**
 * How many of the people the caller sees stand at each risk level ("0" to "4"): the team's risk
 * distribution, withheld (null) below the privacy minimum of respondents.
 */
export const ZRiskDistribution = z.object({
  withheld: ZWithheldFlag,
  withheld_reason: ZWithheldReason,
  counts: z.record(z.enum(['0', '1', '2', '3', '4']), z.number().int()).nullable(),
});
export type TRiskDistribution = z.infer<typeof ZRiskDistribution>;

/** A person the retention pages name, as the datasheet shows them (risk level null when withheld). */
export const ZRetentionNamedPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.number().int().nullable(),
  risk_level: ZRiskLevel.nullable(),
});
export type TRetentionNamedPerson = z.infer<typeof ZRetentionNamedPerson>;

/**
 * How many people the caller sees, and how many at each level ("0" to "4"): the landing page's
 * figures. `per_level` is null when the caller sees risk only in aggregate (`risk_distribution`
 * then, withheld below the privacy minimum).
 */
export const ZRetentionRiskSummary = z.object({
  total: z.number().int(),
  per_level: z.record(z.enum(['0', '1', '2', '3', '4']), z.number().int()).nullable(),
});
export type TRetentionRiskSummary = z.infer<typeof ZRetentionRiskSummary>;

export const ZRetentionAnalytics = z.object({
  units: z.array(ZRetentionUnit),
  /**
   * True when the journey's "aggregate risk only for leaders" applies to the caller (below
   * all_access): no person's risk level or risk factors, no key people in danger, no group rows
   * about one person's risk; the team's distribution and causes stay (docs/privacy/confidentiality.md).
   */
  individual_risk_withheld: z.boolean(),
  risk_distribution: ZRiskDistribution,
  /**
   * Every person the caller sees, and those of them whose leader the caller does not see (the tops
   * of the visible forest): the spec's retention response (units, employees, root_employees,
   * results). Left out when asked with `people=false`, as the web pages ask: they read the
   * datasheet and the org chart a page and a branch at a time (docs/analysis-result-parts.md,
   * "The retention page, paged"), and at 100,000 people these two are 75 MB.
   */
  employees: z.array(ZRetentionEmployee).optional(),
  root_employees: z.array(z.number().int()).optional(),
  risk_summary: ZRetentionRiskSummary,
  /** The people the results name (key people in danger, leaders in need of support and the members they neglect, group leaders), once each by id. */
  named_people: z.array(ZRetentionNamedPerson),
  results: ZRetentionResults,
  analysed_at: z.string().nullable(),
  explanations: ZRetentionExplanations,
});
export type TRetentionAnalytics = z.infer<typeof ZRetentionAnalytics>;

/** `people=false`: the answer without `employees` and `root_employees` (the web pages' question). */
export const ZRetentionAnalyticsQuery = z.object({ people: z.enum(['true', 'false']).default('true') });
export type TRetentionAnalyticsQuery = z.infer<typeof ZRetentionAnalyticsQuery>;

// ---- The employees datasheet, a page at a time ---------------------------------------------

/** A query parameter that may repeat (`?generation=x&generation=y`): always read as a list. */
const repeated = <T extends z.ZodType>(item: T) => z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(5000));

/**
 * The datasheet's columns as sort keys (spec §3): `name`, `risk_level`, `risk_factors` and
 * `key_roles` (how many), `unit` and `leader` (their names), `generation` (oldest first),
 * `works_since`. Empty values last either way; ties by name, then id.
 */
export const RETENTION_EMPLOYEE_SORT_KEYS = ['name', 'risk_level', 'risk_factors', 'unit', 'leader', 'generation', 'key_roles', 'works_since'] as const;
export type TRetentionEmployeeSortKey = (typeof RETENTION_EMPLOYEE_SORT_KEYS)[number];

/** `none`: the reader chose no level, so nobody is listed (absent: every level). */
export const RETENTION_RISK_LEVEL_CHOICES = ['0', '1', '2', '3', '4', 'none'] as const;

/**
 * A page of the employees datasheet (the report lists' paging: `page`, `page_size` up to 500,
 * `sort`; highest risk first by default) with the filters of spec §3: `unit` (with every unit
 * below it), `generation`, `key_role`, `group_role` (repeated; anyone with one of them), `answered`,
 * `age` (tenure bucket on the server's date, repeated), `risk_level` (repeated; absent: every level),
 * `name` (part of the name, case- and accent-blind, from the first character, as the datasheet's
 * search always was) and `id` (repeated: only those people, the drawer's question). `q` is not used.
 */
export const ZRetentionEmployeeListQuery = reportListQuery(sortsOf(RETENTION_EMPLOYEE_SORT_KEYS).default('-risk_level')).extend({
  unit: ZDbIdParam.optional(),
  generation: repeated(ZGenerationCode),
  key_role: repeated(ZKeyRole),
  group_role: repeated(ZGroupRole),
  answered: z.enum(['all', 'answered', 'not_answered']).default('all'),
  age: repeated(z.enum(ORGANISATIONAL_AGES)),
  risk_level: repeated(z.enum(RETENTION_RISK_LEVEL_CHOICES)),
  name: z.string().trim().max(200).default(''),
  id: repeated(ZDbIdParam),
});
export type TRetentionEmployeeListQuery = z.infer<typeof ZRetentionEmployeeListQuery>;
export type TRetentionEmployeeSort = TRetentionEmployeeListQuery['sort'];

/** A datasheet row: the person with the names of their unit and leader (null: none, or one the caller does not see). */
export const ZRetentionEmployeeRow = ZRetentionEmployee.extend({ unit_name: z.string().nullable(), leader_name: z.string().nullable() });
export type TRetentionEmployeeRow = z.infer<typeof ZRetentionEmployeeRow>;

/**
 * One page of the datasheet: `total` people match the filters, `visible` the caller sees; the
 * explanations of the codes the page's rows name, in the request's language.
 */
export const ZRetentionEmployeeListPage = reportListPage(ZRetentionEmployeeRow).extend({
  individual_risk_withheld: z.boolean(),
  explanations: ZRetentionExplanations,
});
export type TRetentionEmployeeListPage = z.infer<typeof ZRetentionEmployeeListPage>;

// ---- The org chart, a branch at a time -----------------------------------------------------

/**
 * The org chart's question: the tops of the caller's visible forest (no `leader`), or the direct
 * reports of each `leader` (repeated, up to 500: "expand all" asks for a level at once).
 */
export const ZRetentionOrgChartQuery = z.object({
  leader: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(ZDbIdParam).max(500)),
});
export type TRetentionOrgChartQuery = z.infer<typeof ZRetentionOrgChartQuery>;

/** A person of the leader tree with what their card shows of the branch below them. */
export const ZRetentionOrgChartPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  unit_name: z.string().nullable(),
  /** The person whose branch holds them in the tree; null for a top. */
  parent: z.number().int().nullable(),
  /** Null when withheld (`individual_risk_withheld`). */
  risk_level: ZRiskLevel.nullable(),
  /** Direct reports the caller sees: the branch that opens under the card. */
  direct_reports: z.number().int(),
  /** Everyone below them in the caller's view. */
  below: z.number().int(),
  /** The highest level below them; null with nobody below, or when levels are withheld. */
  highest_below: ZRiskLevel.nullable(),
});
export type TRetentionOrgChartPerson = z.infer<typeof ZRetentionOrgChartPerson>;

/**
 * The asked-for people, each branch highest risk first, then by name and id (the tops likewise);
 * `visible` is how many people the whole tree holds.
 */
export const ZRetentionOrgChart = z.object({
  people: z.array(ZRetentionOrgChartPerson),
  visible: z.number().int(),
  individual_risk_withheld: z.boolean(),
});
export type TRetentionOrgChart = z.infer<typeof ZRetentionOrgChart>;
