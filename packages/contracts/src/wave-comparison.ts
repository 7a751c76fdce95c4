import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZGroupRole, ZKeyRole, ZRiskFactorCode, ZRiskLevel, ZWithheldFlag, ZWithheldReason } from './analytics-shared.ts';
import { ZGraphCategory, ZGraphPoint } from './graph.ts';
import { METRICS_DEFAULT_PAGE_SIZE, METRICS_MAX_PAGE_SIZE, PERSON_METRIC_IDS, ZMetricDefinition, ZNetworkOption, ZPersonMetricId } from './metrics.ts';
import { ZRetentionExplanations } from './retention.ts';

/**
 * Wave comparison (issue 21): a journey compared with an earlier analysed journey of the same
 * organisation. People are matched by e-mail (case-insensitive), questions by key, units by the
 * path of names from the top unit down. "then" is the earlier journey, "now" the one compared.
 * docs/wave-comparison.md says what each figure means and when it is withheld.
 *
 * Calls: `GET /engagements/{id}/comparison/journeys/` (what can be compared with),
 * `GET /engagements/{id}/comparison/?with={earlierId}` (people, units, networks),
 * `GET /engagements/{id}/comparison/ties/?with={earlierId}` (the tie diff of the graph view),
 * `GET /engagements/{id}/comparison/export/?with={earlierId}` (all of it as .xlsx).
 */

/** The same shape in the earlier journey (`then`) and in the one compared (`now`). */
export const thenNow = <T extends z.ZodType>(schema: T) => z.object({ then: schema, now: schema });
const ZRepeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(200));

/** The caller's level in one journey; the comparison reads each journey with that journey's level. */
export const ZComparisonSeeingLevel = z.enum(['self_only', 'subtree', 'all_access']);
export type TComparisonSeeingLevel = z.infer<typeof ZComparisonSeeingLevel>;

/**
 * stayed: in both journeys (same e-mail); joined: only in the later one; left: only in the earlier
 * one; unmatched: without an e-mail, so the two journeys cannot be joined for this person.
 */
export const PERSON_WAVE_STATUSES = ['stayed', 'joined', 'left', 'unmatched'] as const;
export const ZPersonWaveStatus = z.enum(PERSON_WAVE_STATUSES);
export type TPersonWaveStatus = z.infer<typeof ZPersonWaveStatus>;

/**
 * How the people are sorted: `name`, `status`, `risk_then`, `risk_now`, `risk_change`, or a metric
 * id (by its change, now − then); a leading `-` sorts descending; empty values go last.
 */
export const COMPARISON_SORT_KEYS = ['name', 'status', 'risk_then', 'risk_now', 'risk_change', ...PERSON_METRIC_IDS] as const;
export const ZComparisonSort = z.enum([...COMPARISON_SORT_KEYS, ...COMPARISON_SORT_KEYS.map((key) => `-${key}` as const)]);
export type TComparisonSort = z.infer<typeof ZComparisonSort>;

/**
 * `with`: the earlier journey. `network`: whose per-person metrics are compared, as in the Metrics
 * table (`work`, `kind:<question kind>` or `category:<graph category>`); it must exist in both.
 * The people are paged (`page` from 1, `page_size` up to 500), sorted (`sort`) and filtered by
 * `status` (repeated) and `q` (names, case- and accent-insensitive); units and networks are whole.
 */
export const ZWaveComparisonQuery = z.object({
  with: ZDbIdParam,
  network: z.string().regex(/^(work|collaboration|kind:[a-z_]+|category:[a-z_]+)$/).default('work'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(METRICS_MAX_PAGE_SIZE).default(METRICS_DEFAULT_PAGE_SIZE),
  sort: ZComparisonSort.default('name'),
  status: ZRepeated(ZPersonWaveStatus),
  q: z.string().trim().max(200).default(''),
});
export type TWaveComparisonQuery = z.infer<typeof ZWaveComparisonQuery>;
/** The export takes the same network, filters and sort, without paging: every matching person. */
export const ZWaveComparisonExportQuery = ZWaveComparisonQuery.omit({ page: true, page_size: true });
export type TWaveComparisonExportQuery = z.infer<typeof ZWaveComparisonExportQuery>;

/**
 * The tie diff: `graph_type` takes the questions of one graph category, `question` (repeated) the
 * questions of those keys; neither: every work question, as the graph view's default. A tie's
 * status reads the union of the chosen questions.
 */
export const ZTieDiffQuery = z.object({
  with: ZDbIdParam,
  graph_type: ZGraphCategory.optional(),
  question: ZRepeated(z.string().min(1).max(100)),
});
export type TTieDiffQuery = z.infer<typeof ZTieDiffQuery>;

export const ZComparedJourney = z.object({
  id: z.number().int(),
  name: z.string(),
  access_from: z.string(),
  access_till: z.string(),
  /** When the analysis compared finished (UTC timestamp). */
  analysed_at: z.string().nullable(),
});
export type TComparedJourney = z.infer<typeof ZComparedJourney>;

/**
 * The journeys a journey can be compared with: the same organisation's analysed journeys that
 * started earlier and whose comparison the caller may read, newest first. `suggested` is the
 * journey this one is the next wave of when it is among them, else the newest; null when none.
 */
export const ZComparableJourneys = z.object({
  journey: ZComparedJourney,
  earlier: z.array(ZComparedJourney),
  suggested: z.number().int().nullable(),
});
export type TComparableJourneys = z.infer<typeof ZComparableJourneys>;

/** A unit of one journey with the names from the top unit down to it (how units are matched). */
export const ZComparedUnitRef = z.object({ id: z.number().int(), name: z.string(), path: z.array(z.string()) });
export type TComparedUnitRef = z.infer<typeof ZComparedUnitRef>;

export const ZRoleSet = z.object({ key_roles: z.array(ZKeyRole), group_roles: z.array(ZGroupRole) });
export type TRoleSet = z.infer<typeof ZRoleSet>;

/** One person as one journey's analysis saw them. */
export const ZPersonWave = z.object({
  employee_id: z.number().int(),
  unit: ZComparedUnitRef.nullable(),
  has_answered: z.boolean(),
  /** Null when "aggregate risk only for leaders" withholds individual risk from the caller. */
  risk_level: ZRiskLevel.nullable(),
  /** As the retention page shows them: without the leader-relationship factors to that leader. */
  risk_factors: z.array(ZRiskFactorCode),
  key_roles: z.array(ZKeyRole),
  group_roles: z.array(ZGroupRole),
});
export type TPersonWave = z.infer<typeof ZPersonWave>;

/** A metric then and now; `change` is now − then (null when either is missing, and for community labels). */
export const ZMetricChange = thenNow(z.number().nullable()).extend({ change: z.number().nullable() });
export type TMetricChange = z.infer<typeof ZMetricChange>;

export const ZComparedPerson = z.object({
  status: ZPersonWaveStatus,
  /** The name in the later journey (the earlier one's for people who left). */
  name: z.string(),
  /** Null when the person was not in the earlier journey, or the caller may not see them there (`withheld_then`). */
  then: ZPersonWave.nullable(),
  now: ZPersonWave.nullable(),
  withheld_then: ZWithheldFlag,
  withheld_now: ZWithheldFlag,
  /** The unit path differs between the journeys; null unless both sides are shown. */
  unit_changed: z.boolean().nullable(),
  /** Every per-person metric of the chosen network; values the caller may not read are null. */
  metrics: z.record(ZPersonMetricId, ZMetricChange),
  /** The caller may not read this person's metrics on one side (no key people access there). */
  metrics_withheld: ZWithheldFlag,
  /** Risk level now − then. */
  risk_change: z.number().int().nullable(),
  factors_gained: z.array(ZRiskFactorCode),
  factors_lost: z.array(ZRiskFactorCode),
  roles_gained: ZRoleSet,
  roles_lost: ZRoleSet,
});
export type TComparedPerson = z.infer<typeof ZComparedPerson>;

/** A unit's figures in one journey, on the network of all work questions, over its direct members. */
export const ZUnitWaveFigures = z.object({
  unit_id: z.number().int(),
  members: z.number().int(),
  respondents: z.number().int(),
  /** Ties among members ÷ possible ties. */
  density: z.number().nullable(),
  /** Share of ties among members that are returned. */
  reciprocity: z.number().nullable(),
  /** Krackhardt–Stern E-I index of the unit's ties: −1 all inside, +1 all outside. */
  ei_index: z.number().nullable(),
  /** Share of members at risk level 3 or 4. */
  share_at_risk: z.number().nullable(),
  /**
   * Fewer respondents than the privacy minimum, or fewer than the minimum left out of the
   * respondents the caller sees on that side (difference protection): every figure is null.
   */
  withheld: ZWithheldFlag,
  /** Why the figures are withheld; null when shown. */
  withheld_reason: ZWithheldReason,
  /** Below all_access the tie figures (density, reciprocity, E-I) are null: they count ties naming the reader. */
  ties_withheld: ZWithheldFlag,
});
export type TUnitWaveFigures = z.infer<typeof ZUnitWaveFigures>;

export const UNIT_WAVE_STATUSES = ['matched', 'new', 'gone'] as const;
export const ZUnitWaveStatus = z.enum(UNIT_WAVE_STATUSES);
export type TUnitWaveStatus = z.infer<typeof ZUnitWaveStatus>;

const ZFigureChange = z.number().nullable();
export const ZComparedUnit = z.object({
  /** Names from the top unit down: the matching key. */
  path: z.array(z.string()),
  name: z.string(),
  status: ZUnitWaveStatus,
  ...thenNow(ZUnitWaveFigures.nullable()).shape,
  /** now − then of each figure; null when either side is missing or withheld. */
  change: z.object({ members: ZFigureChange, density: ZFigureChange, reciprocity: ZFigureChange, ei_index: ZFigureChange, share_at_risk: ZFigureChange }),
});
export type TComparedUnit = z.infer<typeof ZComparedUnit>;

/** A person named in the network section, with their ids in either journey. */
export const ZWavePersonRef = z.object({ name: z.string(), then_id: z.number().int().nullable(), now_id: z.number().int().nullable() });
export type TWavePersonRef = z.infer<typeof ZWavePersonRef>;

/** Ties between matched people, each counted once per ordered pair (who named whom). */
export const ZTieCounts = thenNow(z.number().int()).extend({
  kept: z.number().int(),
  added: z.number().int(),
  lost: z.number().int(),
  /** Added ties with someone who joined. */
  added_with_joiners: z.number().int(),
  /** Lost ties with someone who left. */
  lost_with_leavers: z.number().int(),
  /** Added ties named by someone who stayed and did not answer the earlier survey. */
  added_by_new_respondents: z.number().int(),
  /** Lost ties of someone who stayed and did not answer the later survey. */
  lost_by_non_respondents: z.number().int(),
});
export type TTieCounts = z.infer<typeof ZTieCounts>;

export const ZBridgeLost = z.object({
  a: ZWavePersonRef,
  b: ZWavePersonRef,
  /** The tie is gone between two people who stayed, or one of them left. */
  reason: z.enum(['tie_dropped', 'person_left']),
});
export type TBridgeLost = z.infer<typeof ZBridgeLost>;

/** One network: all work questions together (`work`) or one question (`question:<key>`). */
export const ZNetworkChange = z.object({
  key: z.string(),
  question_key: z.string().nullable(),
  label: z.string(),
  category: ZGraphCategory.nullable(),
  /** Null below all_access in either journey: tie counts would count the ties naming the reader. */
  ties: ZTieCounts.nullable(),
  /** People who stayed and answered the later survey, with ties then and none in either direction now. */
  new_isolates: z.array(ZWavePersonRef),
  /** Ties the earlier network fell apart without (bridges), apart from ties to a person with no other tie. */
  bridges_then: z.number().int().nullable(),
  bridges_lost: z.array(ZBridgeLost).nullable(),
  withheld: ZWithheldFlag,
});
export type TNetworkChange = z.infer<typeof ZNetworkChange>;

/** Head counts over the people the caller sees in each journey. */
export const ZPeopleFlow = thenNow(z.number().int()).extend({
  stayed: z.number().int(),
  joined: z.number().int(),
  left: z.number().int(),
  unmatched_then: z.number().int(),
  unmatched_now: z.number().int(),
});
export type TPeopleFlow = z.infer<typeof ZPeopleFlow>;

export const ZWaveNetworkChanges = z.object({
  people: ZPeopleFlow,
  joined: z.array(ZWavePersonRef),
  left: z.array(ZWavePersonRef),
  networks: z.array(ZNetworkChange),
  /** Question keys asked in one journey only (not compared). */
  questions_only_then: z.array(z.string()),
  questions_only_now: z.array(z.string()),
});
export type TWaveNetworkChanges = z.infer<typeof ZWaveNetworkChanges>;

export const ZWaveComparison = z.object({
  journey: ZComparedJourney,
  earlier: ZComparedJourney,
  access: thenNow(ZComparisonSeeingLevel),
  min_group_size: z.number().int(),
  /** The network of the per-person metrics, and the networks both analyses have. */
  network: ZNetworkOption,
  networks: z.array(ZNetworkOption),
  metrics: z.array(ZMetricDefinition),
  /** One page of the people the caller sees, sorted and filtered as asked. */
  people: z.array(ZComparedPerson),
  /** People matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  units: z.array(ZComparedUnit),
  change: ZWaveNetworkChanges,
  /** The sentence of every risk factor and role named above, in the request's language. */
  explanations: ZRetentionExplanations,
});
export type TWaveComparison = z.infer<typeof ZWaveComparison>;

export const TIE_STATUSES = ['kept', 'added', 'lost'] as const;
export const ZTieStatus = z.enum(TIE_STATUSES);
export type TTieStatus = z.infer<typeof ZTieStatus>;

/** A person of the tie diff; `id` is `now:<employee id>`, or `then:<employee id>` for people who left. */
export const ZDiffNode = z.object({
  id: z.string(),
  name: z.string(),
  status: ZPersonWaveStatus,
  then_id: z.number().int().nullable(),
  now_id: z.number().int().nullable(),
  unit_then: z.number().int().nullable(),
  unit_now: z.number().int().nullable(),
  /** Positions of each journey's stored regular layout (the two layouts are not aligned). */
  position_then: ZGraphPoint.nullable(),
  position_now: ZGraphPoint.nullable(),
});
export type TDiffNode = z.infer<typeof ZDiffNode>;

/** A directed tie: `source` named `target`; its status over the chosen questions, and per question. */
export const ZDiffEdge = z.object({
  source: z.string(),
  target: z.string(),
  status: ZTieStatus,
  questions: z.array(z.object({ key: z.string(), status: ZTieStatus })),
});
export type TDiffEdge = z.infer<typeof ZDiffEdge>;

export const ZDiffUnit = z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() });

/**
 * The graph diff. A tie is shown only where the caller's graph view of each journey shows that
 * pair (the graph view's rules: below all_access no tie naming the caller, self_only only the
 * caller's own ties), so that its status tells nothing those views hide.
 */
export const ZTieDiff = z.object({
  journey: ZComparedJourney,
  earlier: ZComparedJourney,
  access: thenNow(ZComparisonSeeingLevel),
  graph_type: ZGraphCategory.nullable(),
  questions: z.array(z.object({ key: z.string(), label: z.string(), category: ZGraphCategory })),
  nodes: z.array(ZDiffNode),
  edges: z.array(ZDiffEdge),
  units_then: z.array(ZDiffUnit),
  units_now: z.array(ZDiffUnit),
  statistics: z.object({
    kept: z.number().int(),
    added: z.number().int(),
    lost: z.number().int(),
    stayed: z.number().int(),
    joined: z.number().int(),
    left: z.number().int(),
  }),
});
export type TTieDiff = z.infer<typeof ZTieDiff>;
