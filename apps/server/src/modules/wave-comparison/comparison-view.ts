import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';
import { commonNetworkKeys, PERSON_METRIC_IDS, protectWithinPopulation, type NetworkKey, type PersonChange, type PersonSide, type UnitChange, type UnitSide, type WaveComparison } from '@ona/analytics';
import { COMPARISON_SORT_KEYS } from '@ona/contracts';
import type {
  TComparedPerson,
  TWaveComparisonExportQuery,
  TComparedUnit,
  TLocale,
  TMetricChange,
  TNetworkChange,
  TPersonMetricId,
  TPersonWave,
  TUnitWaveFigures,
  TWaveComparison,
  TWaveNetworkChanges,
  TWavePersonRef,
} from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { translate } from '../../i18n/translate.ts';
import { explanationsOf, type Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';
import { metricDefinitions, networkLabel } from '../metrics/metrics-service.ts';
import { folded, WITHHELD_FOR_OTHERS, WITHHELD_FOR_SELF } from '../metrics/metric-order.ts';
import { riskFactorsShownTo } from '../retention-analytics/leader-factor-privacy.ts';
import { listOrder, sortParts, type ListSortKey } from '../analytics-shared/list-order.ts';
import { cachedComparison } from './comparison-cache.ts';
import { comparedJourney, seesAllOfBoth, type ComparisonSide, type ComparisonSides } from './comparison-sides.ts';

/** The engine's comparison of both sides; 400 unknown_network when either analysis lacks the network. */
export function engineComparison(sides: ComparisonSides, network: string): { comparison: WaveComparison; network: NetworkKey; networks: NetworkKey[] } {
  const networks = commonNetworkKeys(sides.then.stored.result, sides.now.stored.result);
  const key = networks.find((candidate) => candidate === network);
  if (!key) throw new ApiError(400, 'unknown_network', 'metrics.errors.unknown_network', undefined, { network });
  return { comparison: cachedComparison(sides, key), network: key, networks };
}

const shownOn = (side: ComparisonSide, person: PersonSide | null): boolean => person !== null && side.scope.visible.has(dbId(person.id));

/** A person's risk level on one side as the caller reads it: none where that journey shows risk only in aggregate. */
const riskLevelOn = (side: ComparisonSide, person: PersonSide): number | null => (seesRiskOnlyInAggregate(side.scope) ? null : person.riskLevel);

function personWave(side: ComparisonSide, person: PersonSide): TPersonWave {
  const leaderId = side.stored.result.employees[person.index]?.leaderId ?? null;
  // "Aggregate risk only for leaders" in that journey: no level, no factors (docs/privacy/confidentiality.md).
  if (seesRiskOnlyInAggregate(side.scope)) {
    return { employee_id: dbId(person.id), unit: { id: dbId(person.unitId), name: person.unitPath[person.unitPath.length - 1] ?? '', path: [...person.unitPath] }, has_answered: person.hasAnswered, risk_level: null, risk_factors: [], key_roles: [...person.keyRoles], group_roles: [...person.groupRoles] };
  }
  return {
    employee_id: dbId(person.id),
    unit: { id: dbId(person.unitId), name: person.unitPath[person.unitPath.length - 1] ?? '', path: [...person.unitPath] },
    has_answered: person.hasAnswered,
    risk_level: riskLevelOn(side, person),
    risk_factors: riskFactorsShownTo(side.scope.ownEmployeeId, leaderId === null ? null : dbId(leaderId), person.riskFactors),
    key_roles: [...person.keyRoles],
    group_roles: [...person.groupRoles],
  };
}

const without = <T>(list: readonly T[], other: readonly T[]): T[] => list.filter((item) => !other.includes(item));

/** A metric value as the caller may read it on one side (the Metrics table's rules), or null. */
function readableMetric(side: ComparisonSide, person: PersonSide | null, metric: TPersonMetricId, value: number | null | undefined): number | null {
  if (!person || value === null || value === undefined) return null;
  const id = dbId(person.id);
  if (!side.metrics.visible.has(id)) return null;
  const own = id === side.scope.ownEmployeeId;
  const hidden = side.metrics.level !== 'all_access' && (own ? WITHHELD_FOR_SELF : WITHHELD_FOR_OTHERS).has(metric);
  return hidden ? null : value;
}

/** One metric of a person then, now and its change, as the caller may read each side. */
function metricChange(sides: ComparisonSides, change: PersonChange, seenThen: boolean, seenNow: boolean, id: TPersonMetricId): TMetricChange {
  const engine = change.metrics[id];
  const before = seenThen ? readableMetric(sides.then, change.then, id, engine?.then) : null;
  const after = seenNow ? readableMetric(sides.now, change.now, id, engine?.now) : null;
  return { then: before, now: after, change: id === 'community' || before === null || after === null ? null : after - before };
}

export function comparedPerson(sides: ComparisonSides, change: PersonChange): TComparedPerson | null {
  const seenThen = shownOn(sides.then, change.then);
  const seenNow = shownOn(sides.now, change.now);
  if (!seenThen && !seenNow) return null;
  const then = seenThen && change.then ? personWave(sides.then, change.then) : null;
  const now = seenNow && change.now ? personWave(sides.now, change.now) : null;
  const metrics = {} as Record<TPersonMetricId, TMetricChange>;
  for (const id of PERSON_METRIC_IDS) metrics[id] = metricChange(sides, change, seenThen, seenNow, id);
  const metricsWithheld = (seenThen && change.then !== null && !sides.then.metrics.visible.has(dbId(change.then.id))) || (seenNow && change.now !== null && !sides.now.metrics.visible.has(dbId(change.now.id)));
  const both = then !== null && now !== null;
  return {
    status: change.status,
    name: (now ? change.now : change.then)?.name ?? '',
    then,
    now,
    withheld_then: change.then !== null && !seenThen,
    withheld_now: change.now !== null && !seenNow,
    unit_changed: both ? change.unitChanged : null,
    metrics,
    metrics_withheld: metricsWithheld,
    risk_change: both && now.risk_level !== null && then.risk_level !== null ? now.risk_level - then.risk_level : null,
    factors_gained: both ? without(now.risk_factors, then.risk_factors) : [],
    factors_lost: both ? without(then.risk_factors, now.risk_factors) : [],
    roles_gained: both ? { key_roles: without(now.key_roles, then.key_roles), group_roles: without(now.group_roles, then.group_roles) } : { key_roles: [], group_roles: [] },
    roles_lost: both ? { key_roles: without(then.key_roles, now.key_roles), group_roles: without(then.group_roles, now.group_roles) } : { key_roles: [], group_roles: [] },
  };
}

/** Respondents the caller sees on one side: the population every unit of that side is part of. */
export function sideRespondents(side: ComparisonSide): number {
  return side.stored.result.employees.filter((e) => e.hasAnswered && side.scope.visible.has(dbId(e.id))).length;
}

/**
 * A unit's figures on one side: shown when the caller sees every member there, enough of them
 * answered, and the unit leaves out of the caller's view of that side no fewer than the minimum of
 * respondents (difference protection: the page also describes that whole population, so a unit of
 * nearly everyone would tell the few others apart); the tie figures (density, reciprocity, E-I) at
 * all_access only.
 */
function unitFigures(side: ComparisonSide, unit: UnitSide | null, minGroupSize: number): TUnitWaveFigures | null {
  if (!unit) return null;
  // Below all_access a unit is shown where the caller sees all of its (at least one) members.
  if (side.scope.level !== 'all_access' && (unit.members === 0 || !unit.memberIds.every((id) => side.scope.visible.has(dbId(id))))) return null;
  const protection = protectWithinPopulation(unit.respondents, Math.max(unit.respondents, sideRespondents(side)), minGroupSize);
  const withheld = protection.withheld;
  const tiesWithheld = side.scope.level !== 'all_access';
  const tie = (value: number | null) => (withheld || tiesWithheld ? null : value);
  return {
    unit_id: dbId(unit.id),
    members: unit.members,
    respondents: unit.respondents,
    density: tie(unit.density),
    reciprocity: tie(unit.reciprocity),
    ei_index: tie(unit.eiIndex),
    share_at_risk: withheld ? null : unit.shareAtRisk,
    withheld,
    withheld_reason: withheldReason(protection, minGroupSize),
    ties_withheld: tiesWithheld,
  };
}

const UNIT_FIGURES = ['members', 'density', 'reciprocity', 'ei_index', 'share_at_risk'] as const;
const difference = (before: number | null | undefined, after: number | null | undefined): number | null =>
  before === null || before === undefined || after === null || after === undefined ? null : after - before;

export function comparedUnit(sides: ComparisonSides, change: UnitChange, minGroupSize: number): TComparedUnit | null {
  const then = unitFigures(sides.then, change.then, minGroupSize);
  const now = unitFigures(sides.now, change.now, minGroupSize);
  // Below all_access only units the caller sees whole on some side are listed.
  const everyone = sides.then.scope.level === 'all_access' && sides.now.scope.level === 'all_access';
  if (!then && !now && !everyone) return null;
  return {
    path: [...change.path],
    name: change.path[change.path.length - 1] ?? '',
    status: change.status,
    then,
    now,
    // From the figures as shown: a withheld side leaves no difference that would reveal it.
    change: Object.fromEntries(UNIT_FIGURES.map((figure) => [figure, difference(then?.[figure], now?.[figure])])) as TComparedUnit['change'],
  };
}

export function personRef(change: PersonChange): TWavePersonRef {
  return { name: (change.now ?? change.then)?.name ?? '', then_id: change.then ? dbId(change.then.id) : null, now_id: change.now ? dbId(change.now.id) : null };
}

/**
 * Head counts and the joiners and leavers the caller sees; tie counts, isolates and bridges only
 * with all_access in both journeys (below it they would count or name ties naming the reader).
 */
export function networkChanges(sides: ComparisonSides, comparison: WaveComparison, locale: TLocale): TWaveNetworkChanges {
  const people = comparison.people;
  const seenThen = (p: PersonChange) => shownOn(sides.then, p.then);
  const seenNow = (p: PersonChange) => shownOn(sides.now, p.now);
  const count = (test: (p: PersonChange) => boolean) => people.filter(test).length;
  const allOfBoth = seesAllOfBoth(sides);
  const questionOf = new Map(sides.now.questions.map((q) => [q.key, q]));
  const byName = (a: TWavePersonRef, b: TWavePersonRef) => a.name.localeCompare(b.name);
  const networks: TNetworkChange[] = comparison.networks.map((network) => {
    const question = network.questionKey === null ? undefined : questionOf.get(network.questionKey);
    return {
      key: network.key,
      question_key: network.questionKey,
      label: question ? question.label : translate(locale, 'metrics.networks.work'),
      category: question?.category ?? null,
      ties: allOfBoth
        ? {
            then: network.ties.then,
            now: network.ties.now,
            kept: network.ties.kept,
            added: network.ties.added,
            lost: network.ties.lost,
            added_with_joiners: network.ties.addedWithJoiners,
            lost_with_leavers: network.ties.lostWithLeavers,
            added_by_new_respondents: network.ties.addedByNewRespondents,
            lost_by_non_respondents: network.ties.lostByNonRespondents,
          }
        : null,
      new_isolates: allOfBoth ? network.newIsolates.map((i) => personRef(people[i]!)).sort(byName) : [],
      bridges_then: allOfBoth ? network.bridgesThen : null,
      bridges_lost: allOfBoth ? network.bridgesLost.map((b) => ({ a: personRef(people[b.a]!), b: personRef(people[b.b]!), reason: b.reason })) : null,
      withheld: !allOfBoth,
    };
  });
  return {
    people: {
      then: count(seenThen),
      now: count(seenNow),
      stayed: count((p) => p.status === 'stayed' && seenNow(p)),
      joined: count((p) => p.status === 'joined' && seenNow(p)),
      left: count((p) => p.status === 'left' && seenThen(p)),
      unmatched_then: count((p) => p.status === 'unmatched' && seenThen(p)),
      unmatched_now: count((p) => p.status === 'unmatched' && seenNow(p)),
    },
    joined: people.filter((p) => p.status === 'joined' && seenNow(p)).map(personRef).sort(byName),
    left: people.filter((p) => p.status === 'left' && seenThen(p)).map(personRef).sort(byName),
    networks,
    questions_only_then: comparison.questionsOnlyThen,
    questions_only_now: comparison.questionsOnlyNow,
  };
}

const STATUS_ORDER = { stayed: 0, joined: 1, left: 2, unmatched: 3 } as const;

/**
 * The people the caller sees that match the filters, as indexes into `comparison.people`, in the
 * list's order, without building a row (docs/analysis-result-parts.md, "Lists"): `listOrder` over
 * the matching people with one sort key each. Empty values last either way; ties by name, then
 * status (stayed, joined, left, unmatched: a person who left and one who joined may share a name),
 * then id (the later journey's where the caller sees it). Sorting by name descending reverses all.
 */
export function comparedOrder(sides: ComparisonSides, comparison: WaveComparison, query: Pick<TWaveComparisonExportQuery, 'q' | 'status' | 'sort'>, locale: TLocale): Uint32Array {
  const { key, descending } = sortParts<(typeof COMPARISON_SORT_KEYS)[number]>(query.sort);
  const needle = folded(query.q);
  const at: number[] = [];
  const ids: number[] = [];
  const names: string[] = [];
  const ranks: number[] = [];
  const values: (number | null)[] = [];
  comparison.people.forEach((change, index) => {
    const seenThen = shownOn(sides.then, change.then);
    const seenNow = shownOn(sides.now, change.now);
    if (!seenThen && !seenNow) return;
    if (query.status.length > 0 && !query.status.includes(change.status)) return;
    // The row's name and id: the later journey's where the caller sees the person there.
    const shown = (seenNow ? change.now : change.then) as PersonSide;
    if (needle && !folded(shown.name).includes(needle)) return;
    at.push(index);
    ids.push(dbId(shown.id));
    names.push(shown.name);
    ranks.push(STATUS_ORDER[change.status]);
    if (key === 'name') return;
    if (key === 'status') values.push(STATUS_ORDER[change.status]);
    else if (key === 'risk_then' || key === 'risk_now' || key === 'risk_change') {
      const then = seenThen && change.then ? riskLevelOn(sides.then, change.then) : null;
      const now = seenNow && change.now ? riskLevelOn(sides.now, change.now) : null;
      values.push(key === 'risk_then' ? then : key === 'risk_now' ? now : then === null || now === null ? null : now - then);
    } else values.push(metricChange(sides, change, seenThen, seenNow, key).change);
  });
  const sortKey: ListSortKey = key === 'name' ? { by: 'name' } : { by: 'number', values };
  return Uint32Array.from(listOrder(ids, names, sortKey, descending, locale, ranks), (position) => at[position] as number);
}

/**
 * The comparison (contracts: ZWaveComparison) as the caller may read it: one page of people
 * when `page` is given, every matching person otherwise (the export).
 */
export function waveComparison(
  sides: ComparisonSides,
  query: TWaveComparisonExportQuery & { page?: number; page_size?: number },
  locale: TLocale,
  minGroupSize: number,
  explain: Explainer,
): TWaveComparison {
  const { comparison, network, networks } = engineComparison(sides, query.network);
  const order = comparedOrder(sides, comparison, query, locale);
  const pageSize = query.page_size ?? Math.max(1, order.length);
  const page = query.page ?? 1;
  // Only the page's rows are built; every matched person is visible (comparedOrder), so none is null.
  const people = Array.from(order.subarray((page - 1) * pageSize, page * pageSize), (index) => comparedPerson(sides, comparison.people[index] as PersonChange) as TComparedPerson);
  const metricsLevel = sides.then.metrics.level === 'all_access' && sides.now.metrics.level === 'all_access' ? 'all_access' : 'subtree';
  const sidesOf = people.flatMap((p) => [p.then, p.now].filter((s): s is TPersonWave => s !== null));
  return {
    journey: comparedJourney(sides.now.scope.engagement, sides.now.stored.finishedAt),
    earlier: comparedJourney(sides.then.scope.engagement, sides.then.stored.finishedAt),
    access: { then: sides.then.scope.level, now: sides.now.scope.level },
    min_group_size: minGroupSize,
    network: { key: network, label: networkLabel(locale, network) },
    networks: networks.map((key) => ({ key, label: networkLabel(locale, key) })),
    metrics: metricDefinitions(locale, metricsLevel),
    people,
    total: order.length,
    page,
    page_size: pageSize,
    units: comparison.units.map((unit) => comparedUnit(sides, unit, minGroupSize)).filter((row): row is TComparedUnit => row !== null),
    change: networkChanges(sides, comparison, locale),
    explanations: explanationsOf({ riskFactors: sidesOf.flatMap((s) => s.risk_factors), keyRoles: sidesOf.flatMap((s) => s.key_roles), groupRoles: sidesOf.flatMap((s) => s.group_roles) }, explain),
  };
}
