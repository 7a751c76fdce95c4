import { protectSums, spearman, type AnalysisResult, type FigureSum, type GraphMetrics, type Protection } from '@ona/analytics';
import { CENTRAL_TOP_SHARE, PERIPHERAL_BOTTOM_SHARE, type TDeclaredWorking, type TDeclaredWorkingEdgeStatus, type TDeclaredWorkingPerson, type TDeclaredWorkingUnit } from '@ona/contracts';
import type { AnalyticsScope, SeeingLevel } from '../analytics-shared/analytics-scope.ts';
import { dbId, type ResultOf, type SectionPath, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import { withheldReason } from '../analytics-shared/privacy.ts';
import { unitTree } from '../analytics-shared/unit-tree.ts';

/** A module's level for the caller and the people it lets them see (null level: no access). */
export interface SeeingIn {
  level: SeeingLevel | null;
  visible: ReadonlySet<number>;
}

export interface DeclaredWorkingSources {
  /** The caller's view in the gating module (key_people_analytics, as the Metrics page). */
  scope: AnalyticsScope;
  /** The individual reports right: who may be named with their figures. */
  individual: SeeingIn;
  /** The graph view's right: which ties may be drawn. */
  graph: SeeingIn;
  stored: StoredAnalysis<DeclaredWorkingResult>;
  /** Engine ids of the questions of the `work` network (its question kinds, WORK_KINDS). */
  workQuestionIds: ReadonlySet<string>;
  minimum: number;
}

/**
 * What the comparison reads of a run: the people, the survey's ties and layout, the collaboration
 * ties and the two networks' metrics, not the other networks, the graph's nodes nor the reports.
 */
export const DECLARED_WORKING_SECTIONS = [['employees'], ['graph', 'edges'], ['graph', 'layouts'], ['collaboration'], ['metrics', 'work'], ['metrics', 'collaboration']] as const satisfies readonly SectionPath[];
export type DeclaredWorkingResult = ResultOf<'employees' | 'graph' | 'collaboration' | 'metrics'>;

/** The run's collaboration network, or null when the run has none (runs stored before it existed lack the field). */
export function collaborationOf(result: Pick<AnalysisResult, 'collaboration'>): AnalysisResult['collaboration'] {
  return result.collaboration ?? null;
}

function collaborationMetrics(result: Pick<AnalysisResult, 'metrics'>): GraphMetrics | null {
  return result.metrics.collaboration ?? null;
}

const pairKey = (a: number, b: number): number => (a < b ? a * 1_048_576 + b : b * 1_048_576 + a);
const pairOf = (key: number): [number, number] => [Math.floor(key / 1_048_576), key % 1_048_576];

/**
 * Marks each person central (top CENTRAL_TOP_SHARE) and peripheral (bottom
 * PERIPHERAL_BOTTOM_SHARE) of one column. A person's position from the top is 1 + the number of
 * people with a higher value (equal values share the best position); central: that position lies
 * within the top 10 % of the people (at least the first), and the value is above 0. Peripheral,
 * the same from the bottom within 25 %, for someone not central (so in a network where everyone
 * has the same value nobody is both).
 */
export function centralAndPeripheral(values: readonly number[]): { central: boolean[]; peripheral: boolean[] } {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  const countBelow = (v: number): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const countAbove = (v: number): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    return n - lo;
  };
  const central = values.map((v) => v > 0 && countAbove(v) + 1 <= Math.max(1, CENTRAL_TOP_SHARE * n));
  const peripheral = values.map((v, i) => !central[i] && countBelow(v) + 1 <= Math.max(1, PERIPHERAL_BOTTOM_SHARE * n));
  return { central, peripheral };
}

const emptyLists = () => ({ people: null, units: [], correlations: [], correlations_withheld: false, central_in_survey_only: null, central_in_collaboration_only: null, graph: null });

/** The comparison of the survey's work network with the collaboration network (contracts: ZDeclaredWorking). */
export function declaredWorkingView(sources: DeclaredWorkingSources): TDeclaredWorking {
  const { scope, individual, graph, stored, workQuestionIds, minimum } = sources;
  const result = stored.result;
  const collaboration = collaborationOf(result);
  const head = { engagement_id: scope.engagement.id, run_id: stored.runId, minimum };
  if (!collaboration) return { ...head, collaboration: null, ...emptyLists() };

  const n = result.employeeIds.length;
  const indexOf = new Map(result.employeeIds.map((id, i) => [id, i] as const));
  const idAt = (i: number): number => dbId(result.employeeIds[i]!);

  // Survey: the work network's ties as unordered pairs (a nomination either way).
  const named = new Set<number>();
  for (const edge of result.graph.edges) {
    if (!edge.questions.some((q) => workQuestionIds.has(q))) continue;
    const s = indexOf.get(edge.source);
    const t = indexOf.get(edge.target);
    if (s !== undefined && t !== undefined && s !== t) named.add(pairKey(s, t));
  }
  // Collaboration: one tie per unordered pair; its degree counted from the ties themselves.
  const met = new Set<number>();
  const collaborationDegree = new Array<number>(n).fill(0);
  for (const tie of collaboration.ties) {
    const s = indexOf.get(tie.source);
    const t = indexOf.get(tie.target);
    if (s === undefined || t === undefined || s === t) continue;
    const key = pairKey(s, t);
    if (met.has(key)) continue;
    met.add(key);
    collaborationDegree[s]!++;
    collaborationDegree[t]!++;
  }
  const work = result.metrics.work;
  const surveyInDegree = work.inDegree.map((v) => v ?? 0);
  const survey = centralAndPeripheral(surveyInDegree);
  const working = centralAndPeripheral(collaborationDegree);
  const centralInSurveyOnly = (i: number) => survey.central[i]! && working.peripheral[i]!;
  const centralInCollaborationOnly = (i: number) => working.central[i]! && survey.peripheral[i]!;

  const inView = (i: number) => scope.visible.has(idAt(i));
  const unitOf = (i: number): number => dbId(result.employees[i]!.unitId);
  const answered = (i: number) => result.employees[i]!.hasAnswered;

  // Units with their sub-units (a department's row covers every team below it), so that a unit
  // whose teams each hold a few respondents still shows its figures; a unit is listed where the
  // caller sees all of its (at least one) members, as in the wave comparison.
  const tree = unitTree(scope.units);
  const directMembers = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const unit = unitOf(i);
    directMembers.set(unit, [...(directMembers.get(unit) ?? []), i]);
  }
  const membersOf = new Map<number, number[]>();
  for (const unit of scope.units) membersOf.set(unit.id, [...tree.subtreeOf(unit.id)].flatMap((id) => directMembers.get(id) ?? []).sort((a, b) => a - b));
  const listed = scope.units.filter((unit) => {
    const members = membersOf.get(unit.id) ?? [];
    return members.length > 0 && (scope.level === 'all_access' || members.every(inView));
  });
  const listedIds = new Set(listed.map((unit) => unit.id));
  const respondentsOf = (members: readonly number[]) => members.filter(answered).length;
  const viewRespondents = result.employees.filter((_, i) => inView(i) && answered(i)).length;
  const sizes = new Map<string, number>([['view', viewRespondents]]);
  for (const unit of listed) sizes.set(`unit:${unit.id}`, respondentsOf(membersOf.get(unit.id) ?? []));
  // Figures that add up: a unit = its direct members (never shown apart, so the remainder) + its
  // listed sub-units; the caller's view = its top listed units + whoever no listed unit holds.
  // protectSums withholds further units until no withheld unit (or group of direct members) can
  // be had as a shown total minus its shown parts.
  const sumOver = (total: string, parts: readonly number[], totalRespondents: number): FigureSum<string> => {
    const partIds = parts.map((id) => `unit:${id}`);
    const shownSum = partIds.reduce((sum, id) => sum + sizes.get(id)!, 0);
    return { total, parts: partIds, unshownRemainder: Math.max(0, totalRespondents - shownSum) };
  };
  const sums: FigureSum<string>[] = listed.map((unit) => sumOver(`unit:${unit.id}`, tree.childrenOf(unit.id).filter((id) => listedIds.has(id)), sizes.get(`unit:${unit.id}`)!));
  const topListed = listed.filter((unit) => unit.parentId === null || !listedIds.has(unit.parentId)).map((unit) => unit.id);
  sums.push(sumOver('view', topListed, viewRespondents));
  const decisions = protectSums(sizes, sums, minimum);

  // Pairs between two people of the caller's view, counted once for every unit that holds either
  // of the two (their units and the units above them).
  const tally = new Map<number, { named_not_met: number; met_not_named: number; both: number }>();
  const count = (unit: number, field: 'named_not_met' | 'met_not_named' | 'both') => {
    const row = tally.get(unit) ?? { named_not_met: 0, met_not_named: 0, both: 0 };
    row[field]++;
    tally.set(unit, row);
  };
  const statusOf = new Map<number, TDeclaredWorkingEdgeStatus>();
  for (const key of named) statusOf.set(key, met.has(key) ? 'both' : 'survey_only');
  for (const key of met) if (!named.has(key)) statusOf.set(key, 'collaboration_only');
  // Below all_access the caller's own pairs are left out: with what they know of whom they met,
  // a count of their pairs would tell them who named them.
  const own = scope.level === 'all_access' ? null : scope.ownEmployeeId;
  for (const [key, status] of statusOf) {
    const [a, b] = pairOf(key);
    if (!inView(a) || !inView(b) || idAt(a) === own || idAt(b) === own) continue;
    const field = status === 'both' ? 'both' : status === 'survey_only' ? 'named_not_met' : 'met_not_named';
    for (const unit of new Set([...tree.lineOf(unitOf(a)), ...tree.lineOf(unitOf(b))])) count(unit, field);
  }
  const units: TDeclaredWorkingUnit[] = listed.map((unit) => {
    const members = membersOf.get(unit.id) ?? [];
    const protection: Protection = decisions.get(`unit:${unit.id}`) ?? { withheld: true, reason: 'group_below_minimum' };
    const shown = !protection.withheld;
    const pairs = tally.get(unit.id) ?? { named_not_met: 0, met_not_named: 0, both: 0 };
    return {
      unit: { id: unit.id, name: unit.name },
      parent: unit.parentId !== null && listedIds.has(unit.parentId) ? unit.parentId : null,
      direct_members: (directMembers.get(unit.id) ?? []).length,
      members: members.length,
      respondents: sizes.get(`unit:${unit.id}`)!,
      named_not_met: shown ? pairs.named_not_met : null,
      met_not_named: shown ? pairs.met_not_named : null,
      both: shown ? pairs.both : null,
      central_in_survey_only: shown ? members.filter(centralInSurveyOnly).length : null,
      central_in_collaboration_only: shown ? members.filter(centralInCollaborationOnly).length : null,
      withheld: protection.withheld,
      withheld_reason: withheldReason(protection, minimum),
    };
  });

  // Rank correlations over the caller's view, withheld below the minimum of respondents.
  const viewIndexes = Array.from({ length: n }, (_, i) => i).filter(inView);
  const correlationsWithheld = viewRespondents < minimum;
  const collaborationMeasures = collaborationMetrics(result);
  const column = (values: readonly (number | null)[] | null | undefined): number[] | null =>
    values ? viewIndexes.map((i) => { const v = values[i]; return v === null || v === undefined || !Number.isFinite(v) ? 0 : v; }) : null;
  const rho = (a: number[] | null, b: number[] | null): number | null => (correlationsWithheld || !a || !b || a.length < 2 ? null : spearman(a, b));
  const correlations = [
    { centrality: 'in_degree' as const, rho: rho(column(surveyInDegree), column(collaborationDegree)), people: viewIndexes.length },
    { centrality: 'betweenness' as const, rho: rho(column(work.betweenness), column(collaborationMeasures?.betweenness)), people: viewIndexes.length },
    { centrality: 'pagerank' as const, rho: rho(column(work.pagerank), column(collaborationMeasures?.pagerank)), people: viewIndexes.length },
  ];

  // People by name only with the individual reports right, and only those it lets the caller see.
  const nameable = (i: number) => individual.level !== null && individual.visible.has(idAt(i)) && inView(i);
  const person = (i: number): TDeclaredWorkingPerson => {
    const id = idAt(i);
    const unit = scope.unitById.get(unitOf(i));
    return {
      employee: { id, name: scope.employeeById.get(id)?.name ?? '' },
      unit: unit ? { id: unit.id, name: unit.name } : null,
      survey_in_degree: surveyInDegree[i]!,
      collaboration_degree: collaborationDegree[i]!,
    };
  };
  const byName = (a: TDeclaredWorkingPerson, b: TDeclaredWorkingPerson) => a.employee.name.localeCompare(b.employee.name) || a.employee.id - b.employee.id;
  const named_people = individual.level === null ? null : viewIndexes.filter(nameable).map(person).sort(byName);
  const list = (test: (i: number) => boolean) => (individual.level === null ? null : viewIndexes.filter((i) => nameable(i) && test(i)).map(person).sort(byName));

  return {
    ...head,
    collaboration: { from_week: collaboration.fromWeek, to_week: collaboration.toWeek, covered_employees: collaboration.coveredEmployees, employees: collaboration.employees },
    people: named_people,
    units,
    correlations,
    correlations_withheld: correlationsWithheld,
    central_in_survey_only: list(centralInSurveyOnly),
    central_in_collaboration_only: list(centralInCollaborationOnly),
    graph: drawnNetworks(sources, n, idAt, unitOf, statusOf),
  };
}

/**
 * Both networks as the graph view would draw them (docs/graph.md): everything at all_access; at
 * subtree the pairs among the subtree, leaving out the caller's own pairs (whether a pair is
 * "both" or "met only" would tell them whether the other named them); nothing at self_only.
 */
function drawnNetworks(sources: DeclaredWorkingSources, n: number, idAt: (i: number) => number, unitOf: (i: number) => number, statusOf: ReadonlyMap<number, TDeclaredWorkingEdgeStatus>): TDeclaredWorking['graph'] {
  const { graph, scope, stored } = sources;
  if (graph.level === null || graph.level === 'self_only') return null;
  const own = scope.ownEmployeeId;
  const seen = (i: number) => graph.level === 'all_access' || graph.visible.has(idAt(i));
  const layout = stored.result.graph.layouts.regular;
  const round = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : 0);
  const nodes = Array.from({ length: n }, (_, i) => i)
    .filter(seen)
    .map((i) => ({ id: idAt(i), name: scope.employeeById.get(idAt(i))?.name ?? '', unit: unitOf(i), position: { x: round(layout.x[i]), y: round(layout.y[i]) } }));
  const edges: NonNullable<TDeclaredWorking['graph']>['edges'] = [];
  for (const [key, status] of statusOf) {
    const [a, b] = pairOf(key);
    if (!seen(a) || !seen(b)) continue;
    if (graph.level !== 'all_access' && (idAt(a) === own || idAt(b) === own)) continue;
    const [source, target] = idAt(a) < idAt(b) ? [idAt(a), idAt(b)] : [idAt(b), idAt(a)];
    edges.push({ source, target, status });
  }
  edges.sort((x, y) => x.source - y.source || x.target - y.target);
  return { nodes, edges, units: scope.units.map((u) => ({ id: u.id, name: u.name })) };
}
