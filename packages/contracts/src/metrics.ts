import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZGroupRole, ZReportEmployee, ZWithheldFlag } from './analytics-shared.ts';

/**
 * Per-person network metrics (issue 18): `GET /api/engagements/{id}/metrics/` and its xlsx export.
 * The list repeats the engine's PERSON_METRIC_IDS (contracts depend on zod only); the server
 * checks at compile time that both stay equal.
 */
export const PERSON_METRIC_IDS = [
  'in_degree',
  'out_degree',
  'mutual',
  'reciprocity',
  'betweenness',
  'betweenness_normalized',
  'closeness',
  'pagerank',
  'eigenvector',
  'hub',
  'authority',
  'effective_size',
  'constraint',
  'community',
  'brokerage_coordinator',
  'brokerage_itinerant',
  'brokerage_representative',
  'brokerage_gatekeeper',
  'brokerage_liaison',
  'brokerage_coordinator_z',
  'brokerage_itinerant_z',
  'brokerage_representative_z',
  'brokerage_gatekeeper_z',
  'brokerage_liaison_z',
] as const;
export const ZPersonMetricId = z.enum(PERSON_METRIC_IDS);
export type TPersonMetricId = z.infer<typeof ZPersonMetricId>;

/** How a figure is written: whole number, decimal, share (0–1 shown as a percentage) or a label number. */
export const ZMetricFormat = z.enum(['integer', 'decimal', 'percent', 'category']);
export type TMetricFormat = z.infer<typeof ZMetricFormat>;

/** `name`, `unit` or a metric id; a leading `-` sorts descending. */
export const METRIC_SORT_KEYS = ['name', 'unit', ...PERSON_METRIC_IDS] as const;
export const ZMetricSort = z.enum([...METRIC_SORT_KEYS, ...METRIC_SORT_KEYS.map((key) => `-${key}` as const)]);
export type TMetricSort = z.infer<typeof ZMetricSort>;

export const METRICS_DEFAULT_PAGE_SIZE = 50;
export const METRICS_MAX_PAGE_SIZE = 500;

const ZRepeatedUnitIds = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(ZDbIdParam).max(5000),
);

/** The groups of Gould–Fernandez brokerage: the units, or the values of one imported filter attribute. */
export const BROKERAGE_GROUPS_UNIT = 'unit';
export const BROKERAGE_GROUPS_FILTER_PREFIX = 'filter:';

/**
 * `network`: `work` (the union of the work questions), `kind:<question kind>` or
 * `category:<graph category>`, as the analysis defines its networks. `unit` repeats and includes
 * sub-units; `q` searches names (case- and accent-insensitive). `groups`: `unit` (default) or
 * `filter:<attribute key>` (a filter attribute of the journey's employees, as `…/filters/` lists
 * them); any other value is a 400 `unknown_groups`.
 */
export const ZMetricsQuery = z.object({
  network: z.string().regex(/^(work|collaboration|kind:[a-z_]+|category:[a-z_]+)$/).default('work'),
  groups: z.string().trim().min(1).max(200).default(BROKERAGE_GROUPS_UNIT),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(METRICS_MAX_PAGE_SIZE).default(METRICS_DEFAULT_PAGE_SIZE),
  sort: ZMetricSort.default('name'),
  unit: ZRepeatedUnitIds,
  q: z.string().trim().max(200).default(''),
});
export type TMetricsQuery = z.infer<typeof ZMetricsQuery>;
/** The export takes the same filters and sort, without paging: every matching row. */
export const ZMetricsExportQuery = ZMetricsQuery.omit({ page: true, page_size: true });
export type TMetricsExportQuery = z.infer<typeof ZMetricsExportQuery>;

export const ZMetricDefinition = z.object({
  id: ZPersonMetricId,
  label: z.string(),
  /** One sentence that explains the metric, in the request's language. */
  description: z.string(),
  format: ZMetricFormat,
  /** True when this column is withheld for the rows of other people at the caller's access level. */
  withheld_for_others: z.boolean(),
});
export type TMetricDefinition = z.infer<typeof ZMetricDefinition>;

export const ZNetworkOption = z.object({ key: z.string(), label: z.string() });

export const ZUnitEi = z.object({
  unit: z.object({ id: z.number().int(), name: z.string() }),
  members: z.number().int(),
  respondents: z.number().int(),
  internal: z.number().int().nullable(),
  external: z.number().int().nullable(),
  ei: z.number().nullable(),
  /** The unit has fewer respondents than the privacy minimum: no figures. */
  withheld: ZWithheldFlag,
});

export const ZNetworkFigure = z.object({ id: z.string(), label: z.string(), description: z.string(), format: ZMetricFormat, value: z.number().nullable() });
export type TNetworkFigure = z.infer<typeof ZNetworkFigure>;

export const ZNetworkLevel = z.object({
  key: z.string(),
  label: z.string(),
  /** People and ties; density, reciprocity, transitivity, centralisation, E-I index, communities. */
  figures: z.array(ZNetworkFigure),
  ei_by_unit: z.array(ZUnitEi),
  /** Below all_access the whole-network figures are withheld (they count the ties naming the reader). */
  withheld: ZWithheldFlag,
  /** How betweenness and closeness were computed for this network's size. */
  betweenness_method: z.enum(['exact', 'pivots', 'skipped']),
  closeness_method: z.enum(['exact', 'pivots', 'skipped']),
});
export type TNetworkLevel = z.infer<typeof ZNetworkLevel>;

export const ZMetricsRow = z.object({
  employee: ZReportEmployee,
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  values: z.record(ZPersonMetricId, z.number().nullable()),
  /** The person's brokerage group: the unit's name, the attribute's value, or "Other or no value". */
  group: z.string().nullable(),
  /** The group roles the person earns with these groups (count ≥ 1, z ≥ 1.96, top 10% of the network). */
  brokerage_roles: z.array(ZGroupRole),
});
export type TMetricsRow = z.infer<typeof ZMetricsRow>;

export const ZBrokerageGroupsOption = z.object({ key: z.string(), label: z.string() });
export type TBrokerageGroupsOption = z.infer<typeof ZBrokerageGroupsOption>;

export const ZBrokerageGroups = z.object({
  key: z.string(),
  label: z.string(),
  /**
   * Below all_access, when the people without a value (with the holders of values too rare to
   * be a group) are fewer than the privacy minimum: the brokerage columns are null, since the
   * counts of a group that small could tell a reader who named them.
   */
  withheld: ZWithheldFlag,
});
export type TBrokerageGroups = z.infer<typeof ZBrokerageGroups>;

export const ZMetricsPage = z.object({
  network: ZNetworkLevel,
  networks: z.array(ZNetworkOption),
  /** `unit` first, then the journey's filter attributes by name. */
  brokerage_group_options: z.array(ZBrokerageGroupsOption),
  brokerage_groups: ZBrokerageGroups,
  metrics: z.array(ZMetricDefinition),
  units: z.array(z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() })),
  data: z.array(ZMetricsRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TMetricsPage = z.infer<typeof ZMetricsPage>;
