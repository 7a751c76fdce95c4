import type { Organisation } from '../graph/organisation.ts';
import { outDegreeOf, undirectedNeighbours } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import { inTopShare } from '../metrics/ranking.ts';
import type { EmployeeFactors } from './factors.ts';

export interface RiskAssessment {
  /** Weighted sum of the factors before contagion and protection. */
  score: number;
  baseLevel: number;
  /** +1: the leader or enough structurally similar colleagues are at high base risk (Krackhardt & Porter 1986). */
  contagion: boolean;
  /** −1: well embedded (Mossholder et al. 2005; Ballinger, Cross & Holtom 2016; Feeley et al. 2008). */
  protection: boolean;
  /** 0 no factor; 1–2 lower motivation, no imminent risk; 3 high risk (~70% within 6 months); 4 above 90%. */
  level: number;
}

/**
 * Level = clamp(round(score) + contagion − protection, 1, 4) when any factor is present, else 0.
 * Contagion reads base levels only (one round, no cascade), so the result does not depend on the
 * order in which people are visited.
 */
export function assessRisk(
  org: Organisation,
  factors: readonly EmployeeFactors[],
  incomingCentrality: readonly number[],
  options: AnalysisOptions,
): RiskAssessment[] {
  const n = org.size;
  const risk = options.risk;
  const score = factors.map((entry) => entry.factors.reduce((sum, code) => sum + risk.factorWeights[code], 0));
  const baseLevel = factors.map((entry, v) => (entry.factors.length === 0 ? 0 : clamp(Math.round(score[v]!), 1, 4)));
  const high = (v: number): boolean => baseLevel[v]! >= risk.highRiskLevel;

  const neighbourhoods: (Int32Array | undefined)[] = new Array(n);
  const neighbourhood = (v: number): Int32Array => (neighbourhoods[v] ??= undirectedNeighbours(org.work, v));
  const membersByUnit = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const list = membersByUnit.get(org.unitOf[v]!) ?? [];
    list.push(v);
    membersByUnit.set(org.unitOf[v]!, list);
  }
  const inTopEigen = inTopShare(incomingCentrality, risk.protectionTopEigenvectorShare);
  const sympathy = org.byKind.get('sympathy')!;

  return factors.map((entry, v) => {
    if (entry.factors.length === 0) return { score: 0, baseLevel: 0, contagion: false, protection: false, level: 0 };
    const leader = org.leaderOf[v]!;
    let contagion = leader >= 0 && high(leader);
    if (!contagion) {
      // Peers: unit colleagues and direct contacts, the people whose departure one notices.
      const peers = new Set<number>(membersByUnit.get(org.unitOf[v]!) ?? []);
      for (const w of neighbourhood(v)) peers.add(w);
      peers.delete(v);
      let similarHigh = 0;
      for (const w of peers) {
        if (!high(w)) continue;
        if (jaccard(neighbourhood(v), neighbourhood(w)) >= risk.contagionSimilarity) similarHigh++;
      }
      contagion = similarHigh >= risk.contagionPeers;
    }
    const centrality = incomingCentrality[v]!;
    const protection =
      (centrality > 0 && inTopEigen(centrality)) ||
      (org.answered[v] === 1 && outDegreeOf(sympathy, v) >= risk.protectionFriends);
    const level = clamp(baseLevel[v]! + (contagion ? 1 : 0) - (protection ? 1 : 0), 1, 4);
    return { score: score[v]!, baseLevel: baseLevel[v]!, contagion, protection, level };
  });
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value));
}

/** Jaccard similarity of two sorted id lists; 0 when both are empty. */
export function jaccard(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 && b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}
