import { PERSON_METRIC_IDS as ENGINE_METRIC_IDS, personMetricTable, type NetworkKey, type PersonMetricTable } from '@ona/analytics';
import {
  PERSON_METRIC_IDS,
  type TLocale,
  type TMetricDefinition,
  type TMetricFormat,
  type TMetricsExportQuery,
  type TMetricsPage,
  type TMetricsRow,
  type TNetworkFigure,
  type TNetworkLevel,
  type TPersonMetricId,
} from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { employeeRef, unitRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { orderedPeople, shownValue, WITHHELD_FOR_OTHERS, type ListScope } from './metric-order.ts';
import { dbId, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import { storedNetworkKeys, type MetricsResult, type MetricsTies } from './metrics-sections.ts';
import { brokerageGroupOptions, resolveBrokerageGroups, type GroupingSource, type KeepAttributeBrokerage, type ResolvedGroups } from './brokerage-groups.ts';

// The contracts repeat the engine's list; this fails to compile when the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameMetricIds: Same<(typeof ENGINE_METRIC_IDS)[number], TPersonMetricId> = true;
void sameMetricIds;

const FORMATS: Record<TPersonMetricId, TMetricFormat> = {
  in_degree: 'integer',
  out_degree: 'integer',
  mutual: 'integer',
  reciprocity: 'percent',
  betweenness: 'decimal',
  betweenness_normalized: 'decimal',
  closeness: 'decimal',
  pagerank: 'decimal',
  eigenvector: 'decimal',
  hub: 'decimal',
  authority: 'decimal',
  effective_size: 'decimal',
  constraint: 'decimal',
  community: 'category',
  brokerage_coordinator: 'integer',
  brokerage_itinerant: 'integer',
  brokerage_representative: 'integer',
  brokerage_gatekeeper: 'integer',
  brokerage_liaison: 'integer',
  brokerage_coordinator_z: 'decimal',
  brokerage_itinerant_z: 'decimal',
  brokerage_representative_z: 'decimal',
  brokerage_gatekeeper_z: 'decimal',
  brokerage_liaison_z: 'decimal',
};

const NETWORK_FIGURES = ['people', 'ties', 'density', 'reciprocity', 'transitivity', 'in_degree_centralization', 'betweenness_centralization', 'ei_index', 'communities', 'modularity'] as const;
type NetworkFigureId = (typeof NETWORK_FIGURES)[number];
const FIGURE_FORMATS: Record<NetworkFigureId, TMetricFormat> = {
  people: 'integer',
  ties: 'integer',
  density: 'percent',
  reciprocity: 'percent',
  transitivity: 'percent',
  in_degree_centralization: 'decimal',
  betweenness_centralization: 'decimal',
  ei_index: 'decimal',
  communities: 'integer',
  modularity: 'decimal',
};

export function networkLabel(locale: TLocale, key: NetworkKey): string {
  if (key === 'work') return translate(locale, 'metrics.networks.work');
  if (key === 'collaboration') return translate(locale, 'metrics.networks.collaboration');
  const [scope, name] = key.split(':') as ['kind' | 'category', string];
  const label = translate(locale, `metrics.networks.${scope === 'kind' ? 'kinds' : 'categories'}.${name}` as MessageKey);
  return translate(locale, `metrics.networks.${scope}`, { label });
}

export function metricDefinitions(locale: TLocale, level: AnalyticsScope['level']): TMetricDefinition[] {
  return PERSON_METRIC_IDS.map((id) => ({
    id,
    label: translate(locale, `metrics.person.${id}.label`),
    description: translate(locale, `metrics.person.${id}.description`),
    format: FORMATS[id],
    withheld_for_others: level !== 'all_access' && WITHHELD_FOR_OTHERS.has(id),
  }));
}

/** The network asked for, among those the run has (`stored.outline`), with its metrics as columns. */
export function resolveNetwork(stored: StoredAnalysis<MetricsResult>, key: string): { key: NetworkKey; table: PersonMetricTable } {
  const known = storedNetworkKeys(stored.outline).find((candidate) => candidate === key);
  const table = known ? personMetricTable(stored.result, known) : null;
  if (!known || !table) throw new ApiError(400, 'unknown_network', 'metrics.errors.unknown_network', undefined, { network: key });
  return { key: known, table };
}

/** Every visible row matching the filters, sorted; values already withheld where the access level asks (what the export writes). */
export function metricRows(scope: ListScope, result: Pick<MetricsResult, 'employeeIds'>, groups: Pick<ResolvedGroups, 'table' | 'groupOf' | 'rolesOf'>, query: Pick<TMetricsExportQuery, 'unit' | 'q' | 'sort'>, locale: TLocale): TMetricsRow[] {
  return Array.from(orderedPeople(scope, result, groups.table, query, locale), (index) => metricRow(scope, result, groups, index));
}

/** One row of the Metrics table: the person at an engine index. */
export function metricRow(scope: ListScope, result: Pick<MetricsResult, 'employeeIds'>, groups: Pick<ResolvedGroups, 'table' | 'groupOf' | 'rolesOf'>, index: number): TMetricsRow {
  const id = dbId(result.employeeIds[index] as string);
  const values = {} as Record<TPersonMetricId, number | null>;
  for (const metric of PERSON_METRIC_IDS) values[metric] = shownValue(scope, groups.table, index, id, metric);
  return { employee: employeeRef(scope, id), unit: unitRef(scope, scope.employeeById.get(id)?.unitId), values, group: groups.groupOf(index), brokerage_roles: groups.rolesOf(index) };
}

/**
 * Network figures. Below all_access only the head count and the communities (their number and
 * modularity: structural, like the community column every reader sees) are given: the tie counts
 * behind the others (ties, density, reciprocity, E-I) minus the ties the reader sees would count
 * the ties naming the reader. A unit's E-I is withheld below the privacy minimum of respondents.
 */
const SHOWN_AT_EVERY_LEVEL: ReadonlySet<NetworkFigureId> = new Set(['people', 'communities', 'modularity']);

export function networkLevel(scope: AnalyticsScope, result: MetricsResult, key: NetworkKey, table: PersonMetricTable, locale: TLocale, minGroupSize: number): TNetworkLevel {
  const withheld = scope.level !== 'all_access';
  const n = table.network;
  const values: Record<NetworkFigureId, number | null> = {
    people: n.nodeCount,
    ties: n.edgeCount,
    density: n.density,
    reciprocity: n.reciprocity,
    transitivity: n.transitivity,
    in_degree_centralization: n.inDegreeCentralization,
    betweenness_centralization: n.betweennessCentralization,
    ei_index: n.ei,
    communities: n.communityCount,
    modularity: n.modularity,
  };
  const figures: TNetworkFigure[] = NETWORK_FIGURES.map((id) => ({
    id,
    label: translate(locale, `metrics.network_figures.${id}.label`),
    description: translate(locale, `metrics.network_figures.${id}.description`),
    format: FIGURE_FORMATS[id],
    value: withheld && !SHOWN_AT_EVERY_LEVEL.has(id) ? null : values[id],
  }));
  const unitIdOf = new Map(result.units.map((u) => [u.unitIndex, dbId(u.unitId)]));
  const respondents = new Map<number, number>();
  for (const employee of result.employees) {
    if (!employee.hasAnswered) continue;
    const unit = dbId(employee.unitId);
    respondents.set(unit, (respondents.get(unit) ?? 0) + 1);
  }
  const eiByUnit = n.eiByUnit.flatMap((entry) => {
    const unitId = unitIdOf.get(entry.unit);
    const unit = unitId === undefined ? null : unitRef(scope, unitId);
    if (!unit) return [];
    const answered = respondents.get(unit.id) ?? 0;
    const hidden = withheld || answered < minGroupSize;
    return [{ unit, members: entry.members, respondents: answered, internal: hidden ? null : entry.internal, external: hidden ? null : entry.external, ei: hidden ? null : entry.ei, withheld: hidden }];
  });
  return {
    key,
    label: networkLabel(locale, key),
    figures,
    ei_by_unit: eiByUnit.sort((a, b) => a.unit.name.localeCompare(b.unit.name) || a.unit.id - b.unit.id),
    withheld,
    betweenness_method: n.betweennessMethod,
    closeness_method: n.closenessMethod,
  };
}

export async function metricsPage(
  scope: AnalyticsScope,
  stored: StoredAnalysis<MetricsResult>,
  query: TMetricsExportQuery & { page: number; page_size: number },
  locale: TLocale,
  minGroupSize: number,
  source: GroupingSource,
  tiesOf: () => Promise<MetricsTies>,
  keep?: KeepAttributeBrokerage,
): Promise<TMetricsPage> {
  const result = stored.result;
  const { key, table } = resolveNetwork(stored, query.network);
  const groups = await resolveBrokerageGroups(scope, result, key, table, query.groups, source, locale, minGroupSize, tiesOf, keep);
  // Sorted as engine indexes; only the page's rows are built (docs/analysis-result-parts.md, "Lists").
  const order = orderedPeople(scope, result, groups.table, query, locale);
  const start = (query.page - 1) * query.page_size;
  return {
    network: networkLevel(scope, result, key, table, locale, minGroupSize),
    networks: storedNetworkKeys(stored.outline).map((k) => ({ key: k, label: networkLabel(locale, k) })),
    brokerage_group_options: brokerageGroupOptions(result, source, locale),
    brokerage_groups: groups.chosen,
    metrics: metricDefinitions(locale, scope.level),
    units: scope.units.map((u) => ({ id: u.id, name: u.name, parent: u.parentId })),
    data: Array.from(order.subarray(start, start + query.page_size), (index) => metricRow(scope, result, groups, index)),
    total: order.length,
    page: query.page,
    page_size: query.page_size,
  };
}
