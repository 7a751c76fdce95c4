import {
  BROKERAGE_ROLES,
  DEFAULT_OPTIONS,
  brokerageByGroups,
  groupRolesFromColumns,
  collaborationNetworkDigraph,
  networkDigraph,
  networkQuestionIds,
  type BrokerageRole,
  type GroupBrokerage,
  type GraphCategory,
  type NetworkKey,
  type NetworkQuestion,
  type PersonMetricTable,
  type QuestionKind,
} from '@ona/analytics';
import { BROKERAGE_GROUPS_FILTER_PREFIX, BROKERAGE_GROUPS_UNIT, type TBrokerageGroups, type TBrokerageGroupsOption, type TLocale } from '@ona/contracts';
import { asc, eq, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import type { MetricsResult, MetricsTies } from './metrics-sections.ts';
import { attributeLabel } from '../graph/graph-filters.ts';

/** What grouping by a filter attribute needs beyond the stored run: current attributes and question kinds. */
export interface GroupingSource {
  attributes: ReadonlyMap<number, Readonly<Record<string, string>>>;
  questions: readonly NetworkQuestion[];
}

export async function loadGroupingSource(db: Database, engagementId: number): Promise<GroupingSource> {
  const [employeeRows, questionRows] = await Promise.all([
    db.select({ id: tables.employees.id, attributes: tables.employees.attributes }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId)),
    db.select({ id: tables.questions.id, kind: tables.questions.kind, category: tables.questions.category }).from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position)),
  ]);
  return {
    attributes: new Map(employeeRows.map((row) => [row.id, row.attributes])),
    questions: questionRows.map((q) => ({ id: String(q.id), kind: q.kind as QuestionKind, category: q.category as GraphCategory })),
  };
}

const valueOf = (attributes: Readonly<Record<string, string>> | undefined, key: string): string | null => {
  const value = attributes?.[key]?.trim();
  return value ? value : null;
};

/** Filter attributes carried by at least one analysed person, by key. */
function attributeKeys(result: Pick<MetricsResult, 'employeeIds'>, source: GroupingSource): string[] {
  const keys = new Set<string>();
  for (const engineId of result.employeeIds) {
    const attributes = source.attributes.get(dbId(engineId));
    for (const key of Object.keys(attributes ?? {})) if (valueOf(attributes, key) !== null) keys.add(key);
  }
  return [...keys];
}

/** The choices of the "Brokerage groups" select: units first, then the attributes by name. */
export function brokerageGroupOptions(result: Pick<MetricsResult, 'employeeIds'>, source: GroupingSource, locale: TLocale): TBrokerageGroupsOption[] {
  const attributes = attributeKeys(result, source)
    .map((key) => ({ key: `${BROKERAGE_GROUPS_FILTER_PREFIX}${key}`, label: attributeLabel(key) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale) || a.key.localeCompare(b.key));
  return [{ key: BROKERAGE_GROUPS_UNIT, label: translate(locale, 'metrics.brokerage_groups.unit') }, ...attributes];
}

export interface ResolvedGroups {
  chosen: TBrokerageGroups;
  /** The table with its brokerage columns for these groups (null columns when withheld). */
  table: PersonMetricTable;
  /** Group label and group roles of the person at an engine index. */
  groupOf(index: number): string | null;
  rolesOf(index: number): BrokerageRole[];
}

/**
 * What brokerage with a filter attribute as groups costs: the group of each person (null: the
 * pooled "Other or no value") and the counts on the rebuilt network. The same for every reader
 * (withholding is decided per reader afterwards), JSON-safe so that it can be kept.
 */
export interface AttributeBrokerage {
  labels: (string | null)[];
  pooled: number;
  computed: GroupBrokerage;
}

/** Keeps an attribute brokerage (see `keptValue`); the default computes it every time. */
export type KeepAttributeBrokerage = (compute: () => Promise<AttributeBrokerage>) => Promise<AttributeBrokerage>;

const computeNow: KeepAttributeBrokerage = (compute) => compute();

function attributeBrokerage(result: MetricsTies, network: NetworkKey, key: string, source: GroupingSource, minGroupSize: number): AttributeBrokerage {
  const values = result.employeeIds.map((engineId) => valueOf(source.attributes.get(dbId(engineId)), key));
  const holders = new Map<string, number>();
  for (const value of values) if (value !== null) holders.set(value, (holders.get(value) ?? 0) + 1);
  const labels = values.map((value) => (value !== null && holders.get(value)! >= minGroupSize ? value : null));
  const number = new Map<string | null, number>();
  const groupNumbers = labels.map((label) => {
    if (!number.has(label)) number.set(label, number.size);
    return number.get(label)!;
  });
  const graph = network === 'collaboration' ? collaborationNetworkDigraph(result) : networkDigraph(result, networkQuestionIds(source.questions, network));
  return { labels, pooled: labels.filter((label) => label === null).length, computed: brokerageByGroups(graph, groupNumbers, DEFAULT_OPTIONS) };
}

/**
 * The groups of Gould–Fernandez brokerage for a request: the units (the counts the run stored) or
 * the values of one filter attribute (computed on the network rebuilt from the run's ties, once
 * per run, scope and groups when the caller passes `keep`).
 *
 * Privacy minimum: a value held by fewer than `minGroupSize` analysed people is not a group of its
 * own; its holders join the people without a value in one "Other or no value" group (people are
 * never left out: their ties would vanish from everyone's two-paths). Should that group be
 * non-empty but still below the minimum, readers below all_access get no brokerage figures: with
 * a group that small, a count could tell them who named them. At all_access every tie is visible
 * anyway.
 */
export async function resolveBrokerageGroups(
  scope: AnalyticsScope,
  result: MetricsResult,
  network: NetworkKey,
  table: PersonMetricTable,
  groups: string,
  source: GroupingSource,
  locale: TLocale,
  minGroupSize: number,
  /** The run's ties, read only when the groups are an attribute's values and nothing was kept. */
  tiesOf: () => Promise<MetricsTies>,
  keep: KeepAttributeBrokerage = computeNow,
): Promise<ResolvedGroups> {
  if (groups === BROKERAGE_GROUPS_UNIT) return unitGroups(scope, result, network, table, locale);
  const key = groups.startsWith(BROKERAGE_GROUPS_FILTER_PREFIX) ? groups.slice(BROKERAGE_GROUPS_FILTER_PREFIX.length) : null;
  if (key === null || !attributeKeys(result, source).includes(key)) {
    throw new ApiError(400, 'unknown_groups', 'metrics.errors.unknown_groups', undefined, { groups });
  }
  const { labels, pooled, computed } = await keep(async () => attributeBrokerage(await tiesOf(), network, key, source, minGroupSize));
  const other = translate(locale, 'metrics.brokerage_groups.other');
  const withheld = scope.level !== 'all_access' && pooled > 0 && pooled < minGroupSize;
  const columns = { ...table.columns };
  for (const role of BROKERAGE_ROLES) {
    columns[`brokerage_${role}`] = withheld ? null : computed.raw[role];
    columns[`brokerage_${role}_z`] = withheld ? null : computed.z[role];
  }
  return {
    chosen: { key: groups, label: attributeLabel(key), withheld },
    table: { ...table, columns },
    groupOf: (index) => labels[index] ?? other,
    rolesOf: (index) => (withheld ? [] : (computed.roles[index] ?? [])),
  };
}

function unitGroups(scope: AnalyticsScope, result: MetricsResult, network: NetworkKey, table: PersonMetricTable, locale: TLocale): ResolvedGroups {
  const stored = network === 'work' ? null : brokerageColumnsOf(table);
  const roles = network === 'work' ? result.employees.map((e) => e.groupRoles) : stored ? groupRolesFromColumns(stored, DEFAULT_OPTIONS) : null;
  return {
    chosen: { key: BROKERAGE_GROUPS_UNIT, label: translate(locale, 'metrics.brokerage_groups.unit'), withheld: false },
    table,
    groupOf: (index) => scope.unitById.get(dbId(result.employees[index]?.unitId ?? ''))?.name ?? null,
    rolesOf: (index) => roles?.[index] ?? [],
  };
}

/** The stored per-network brokerage as the engine's columns; null when the network skipped it. */
function brokerageColumnsOf(table: PersonMetricTable): Parameters<typeof groupRolesFromColumns>[0] | null {
  const raw = {} as Parameters<typeof groupRolesFromColumns>[0]['raw'];
  const z = {} as Parameters<typeof groupRolesFromColumns>[0]['z'];
  for (const role of BROKERAGE_ROLES) {
    const counts = table.columns[`brokerage_${role}`];
    const scores = table.columns[`brokerage_${role}_z`];
    if (!counts || !scores) return null;
    raw[role] = counts.map((value) => value ?? 0);
    z[role] = [...scores];
  }
  raw.total = raw.coordinator.map((_, v) => BROKERAGE_ROLES.reduce((sum, role) => sum + raw[role][v]!, 0));
  z.total = raw.total.map(() => null);
  return { raw, z };
}
