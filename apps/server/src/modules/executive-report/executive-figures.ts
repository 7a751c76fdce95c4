import { seesRiskOnlyInAggregate } from '../analytics-shared/aggregate-risk-only.ts';
import { resultsWithoutPersonalRisk } from '../retention-analytics/aggregate-risk.ts';
import type { TGraphVisualization, TRiskFactorCode } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import type { Explainer } from '../analytics-shared/explanations.ts';
import { dbId, type ResultOf, type SectionPath } from '../analytics-shared/latest-result.ts';
import { tieDensity } from '../graph/tie-statistics.ts';
import { retentionResults } from '../retention-analytics/retention-results.ts';
import { RETENTION_SECTIONS } from '../retention-analytics/retention-sections.ts';

/** What the executive report reads of a run: the retention page's sections and the confidence (the network picture comes from the graph view). */
export const EXECUTIVE_SECTIONS = [...RETENTION_SECTIONS, ['confidence']] as const satisfies readonly SectionPath[];
export type ExecutiveResult = ResultOf<'employees' | 'retention' | 'groups' | 'confidence'>;

/** The colour of people without a unit, as on the graph page. */
export const NO_UNIT_COLOR = '#868e96';

export interface NetworkPicture {
  nodes: { x: number; y: number; color: string }[];
  /** Index pairs into `nodes`. */
  edges: [number, number][];
  /** What each colour stands for: a unit (null: no unit) and how many people in the picture wear it, most first. */
  legend: { unit: string | null; color: string; count: number }[];
}

/** The key figures of the executive report, over the employees the caller sees. */
export interface ExecutiveFigures {
  engagementName: string;
  analysedAt: string | null;
  employees: number;
  respondents: number;
  /** Aggregates of fewer respondents than the minimum are withheld. */
  withheld: boolean;
  responseRate: number | null;
  /** The band of the whole organisation's response rate (docs/confidence.md); absent for a run analysed before it existed. */
  confidence?: { band: 'high' | 'moderate' | 'caution'; rate: number; asked: number; answered: number } | null;
  byRiskLevel: number[] | null;
  /** With the manager sentence of each factor, in the request's language. */
  typicalCauses: { factor: TRiskFactorCode; count: number; explanation: string }[] | null;
  keyPeopleInDanger: number;
  leadersInNeed: { name: string; reasons: string[] }[];
  /** Of the network the graph page opens with (every work question), as a share. */
  density: number | null;
  /** The graph page's mutual share of that network (its one-decimal percentage, as a share). */
  mutualShare: number | null;
  network: NetworkPicture;
}

/**
 * The picture and its figures come from the graph page's own view (`view`: the opening view, all
 * work questions, for the caller's level), so the report shows the network and the mutual share
 * exactly as the page does.
 */
export function networkPicture(view: TGraphVisualization): NetworkPicture {
  const units = new Map(view.units.map((u) => [u.id, u] as const));
  const index = new Map<number, number>();
  const counts = new Map<number | null, number>();
  const nodes = view.employees.map((node, i) => {
    index.set(node.id, i);
    const unit = node.unit === null ? undefined : units.get(node.unit);
    counts.set(unit ? unit.id : null, (counts.get(unit ? unit.id : null) ?? 0) + 1);
    return { x: node.positions.regular.x, y: node.positions.regular.y, color: unit?.color ?? NO_UNIT_COLOR };
  });
  const edges: [number, number][] = [];
  for (const tie of view.relations) {
    const a = index.get(tie.source);
    const b = index.get(tie.target);
    if (a !== undefined && b !== undefined) edges.push([a, b]);
  }
  const legend = [...counts].map(([unitId, count]) => {
    const unit = unitId === null ? undefined : units.get(unitId);
    return { unit: unit?.name ?? null, color: unit?.color ?? NO_UNIT_COLOR, count };
  });
  legend.sort((a, b) => b.count - a.count || (a.unit ?? '').localeCompare(b.unit ?? ''));
  return { nodes, edges, legend };
}

export function executiveFigures(scope: AnalyticsScope, result: ExecutiveResult, view: TGraphVisualization, analysedAt: Date | null, minGroupSize: number, explain: Explainer): ExecutiveFigures {
  const seen = result.employees.filter((e) => scope.visible.has(dbId(e.id)));
  const respondents = seen.filter((e) => e.hasAnswered).length;
  const withheld = respondents < minGroupSize;
  const computed = retentionResults(scope, result, minGroupSize, explain);
  // A leader under "aggregate risk only" must not read a named leader's own high risk here either.
  const retention = seesRiskOnlyInAggregate(scope) ? resultsWithoutPersonalRisk(computed) : computed;
  const byRiskLevel = [0, 0, 0, 0, 0];
  for (const e of seen) byRiskLevel[e.risk_level] = (byRiskLevel[e.risk_level] ?? 0) + 1;
  const statistics = view.statistics;
  return {
    engagementName: scope.engagement.name,
    analysedAt: analysedAt?.toISOString().slice(0, 10) ?? null,
    employees: seen.length,
    respondents,
    withheld,
    responseRate: withheld || seen.length === 0 ? null : respondents / seen.length,
    // Runs stored before the confidence was computed have none.
    confidence: (result as Partial<ExecutiveResult>).confidence?.response ?? null,
    byRiskLevel: withheld ? null : byRiskLevel,
    typicalCauses: retention.most_typical_causes.items?.slice(0, 8).map((c) => ({ factor: c.factor, count: c.count, explanation: c.explanation })) ?? null,
    keyPeopleInDanger: retention.key_people_in_danger.length,
    leadersInNeed: retention.leaders_in_need_of_support.map((l) => ({ name: scope.employeeById.get(l.leader)?.name ?? '', reasons: l.reasons })),
    density: withheld ? null : tieDensity(statistics),
    mutualShare: withheld || statistics.connection_count === 0 || statistics.mutual_percentage === null ? null : statistics.mutual_percentage / 100,
    network: networkPicture(view),
  };
}
