import type { AnalysisResult } from '@ona/analytics';
import type { TRiskFactorCode } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import type { Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { retentionResults } from '../retention-analytics/retention-results.ts';

export interface NetworkPicture {
  nodes: { x: number; y: number; color: string }[];
  /** Index pairs into `nodes`. */
  edges: [number, number][];
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
  byRiskLevel: number[] | null;
  /** With the manager sentence of each factor, in the request's language. */
  typicalCauses: { factor: TRiskFactorCode; count: number; explanation: string }[] | null;
  keyPeopleInDanger: number;
  leadersInNeed: { name: string; reasons: string[] }[];
  density: number | null;
  mutualShare: number | null;
  network: NetworkPicture;
}

export function executiveFigures(scope: AnalyticsScope, result: AnalysisResult, analysedAt: Date | null, minGroupSize: number, explain: Explainer): ExecutiveFigures {
  const seen = result.employees.filter((e) => scope.visible.has(dbId(e.id)));
  const respondents = seen.filter((e) => e.hasAnswered).length;
  const withheld = respondents < minGroupSize;
  const retention = retentionResults(scope, result, minGroupSize, explain);
  const byRiskLevel = [0, 0, 0, 0, 0];
  for (const e of seen) byRiskLevel[e.risk_level] = (byRiskLevel[e.risk_level] ?? 0) + 1;

  const colorOf = new Map(result.graph.units.map((u) => [u.id, u.color]));
  const index = new Map<string, number>();
  const nodes: NetworkPicture['nodes'] = [];
  result.graph.nodes.forEach((node, i) => {
    if (!scope.visible.has(dbId(node.id))) return;
    index.set(node.id, nodes.length);
    nodes.push({ x: result.graph.layouts.regular.x[i] ?? 0, y: result.graph.layouts.regular.y[i] ?? 0, color: colorOf.get(node.unit) ?? '#888888' });
  });
  const edges: NetworkPicture['edges'] = [];
  let mutual = 0;
  for (const edge of result.graph.edges) {
    const a = index.get(edge.source);
    const b = index.get(edge.target);
    if (a === undefined || b === undefined) continue;
    edges.push([a, b]);
    if (edge.mutual) mutual++;
  }
  const n = nodes.length;
  return {
    engagementName: scope.engagement.name,
    analysedAt: analysedAt?.toISOString().slice(0, 10) ?? null,
    employees: seen.length,
    respondents,
    withheld,
    responseRate: withheld || seen.length === 0 ? null : respondents / seen.length,
    byRiskLevel: withheld ? null : byRiskLevel,
    typicalCauses: retention.most_typical_causes.items?.slice(0, 8).map((c) => ({ factor: c.factor, count: c.count, explanation: c.explanation })) ?? null,
    keyPeopleInDanger: retention.key_people_in_danger.length,
    leadersInNeed: retention.leaders_in_need_of_support.map((l) => ({ name: scope.employeeById.get(l.leader)?.name ?? '', reasons: l.reasons })),
    density: withheld || n < 2 ? null : edges.length / (n * (n - 1)),
    mutualShare: withheld || edges.length === 0 ? null : mutual / edges.length,
    network: { nodes, edges },
  };
}
