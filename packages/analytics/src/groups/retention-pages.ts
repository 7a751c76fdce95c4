import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisOptions } from '../options.ts';
import type { BrokerageRole } from '../brokerage/gould-fernandez.ts';
import type { KeyRole } from '../roles/key-roles.ts';
import type { RiskFactorCode } from '../risk/factor-codes.ts';
import { RISK_FACTOR_CODES } from '../risk/factor-codes.ts';
import type { GroupResult } from './groups.ts';

export interface CauseFrequency {
  factor: RiskFactorCode;
  count: number;
  /** Share of all employees. */
  share: number;
  /** Share of the employees at risk level ≥ 1. */
  shareOfAtRisk: number;
  /** Of those with the factor, how many are at high risk. */
  highRiskCount: number;
}

export interface KeyPersonInDanger {
  employeeId: string;
  level: number;
  keyRoles: KeyRole[];
  groupRoles: BrokerageRole[];
  factors: RiskFactorCode[];
}

export interface LeaderNeedingSupport {
  leaderId: string;
  span: number;
  neglectedIds: string[];
  /** 'pattern': three or more neglected; 'redFlag': two. */
  neglectSeverity: 'none' | 'redFlag' | 'pattern';
  reasons: ('spanTooWide' | 'neglectRedFlag' | 'neglectPattern' | 'leaderHighRisk' | 'teamAtRisk')[];
}

export interface CorrespondingCause {
  factors: [RiskFactorCode, RiskFactorCode];
  count: number;
  /** count / employees. */
  support: number;
  /** P(A and B) / (P(A)·P(B)): above 1 the two go together more than chance. */
  lift: number;
}

export interface RetentionPages {
  mostTypicalCauses: CauseFrequency[];
  keyPeopleInDanger: KeyPersonInDanger[];
  leadersInNeedOfSupport: LeaderNeedingSupport[];
  correspondingCauses: CorrespondingCause[];
}

export function retentionPages(
  org: Organisation,
  levels: readonly number[],
  factors: readonly (readonly RiskFactorCode[])[],
  keyRoles: readonly (readonly KeyRole[])[],
  groupRoles: readonly (readonly BrokerageRole[])[],
  groups: readonly GroupResult[],
  options: AnalysisOptions,
): RetentionPages {
  const n = org.size;
  const high = options.risk.highRiskLevel;
  const atRiskTotal = levels.filter((l) => l >= 1).length;
  const counts = new Map<RiskFactorCode, number>();
  const highCounts = new Map<RiskFactorCode, number>();
  factors.forEach((list, v) => {
    for (const f of list) {
      counts.set(f, (counts.get(f) ?? 0) + 1);
      if (levels[v]! >= high) highCounts.set(f, (highCounts.get(f) ?? 0) + 1);
    }
  });
  const mostTypicalCauses = RISK_FACTOR_CODES.map((factor) => ({
    factor,
    count: counts.get(factor) ?? 0,
    share: n > 0 ? (counts.get(factor) ?? 0) / n : 0,
    shareOfAtRisk: atRiskTotal > 0 ? (counts.get(factor) ?? 0) / atRiskTotal : 0,
    highRiskCount: highCounts.get(factor) ?? 0,
  }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || RISK_FACTOR_CODES.indexOf(a.factor) - RISK_FACTOR_CODES.indexOf(b.factor));

  const keyPeopleInDanger: KeyPersonInDanger[] = [];
  for (let v = 0; v < n; v++) {
    if (levels[v]! >= high && (keyRoles[v]!.length > 0 || groupRoles[v]!.length > 0)) {
      keyPeopleInDanger.push({ employeeId: org.employees[v]!.id, level: levels[v]!, keyRoles: [...keyRoles[v]!], groupRoles: [...groupRoles[v]!], factors: [...factors[v]!] });
    }
  }
  keyPeopleInDanger.sort((a, b) => b.level - a.level || b.keyRoles.length - a.keyRoles.length);

  const leadersInNeedOfSupport: LeaderNeedingSupport[] = [];
  for (const group of groups) {
    const codes = new Set(group.dysfunctions.map((d) => d.code));
    const reasons: LeaderNeedingSupport['reasons'] = [];
    if (codes.has('spanTooWide')) reasons.push('spanTooWide');
    if (codes.has('neglectPattern')) reasons.push('neglectPattern');
    if (codes.has('neglectRedFlag')) reasons.push('neglectRedFlag');
    if (codes.has('leaderHighRisk')) reasons.push('leaderHighRisk');
    if (codes.has('highRiskShare')) reasons.push('teamAtRisk');
    if (reasons.length === 0) continue;
    leadersInNeedOfSupport.push({
      leaderId: group.leaderId,
      span: group.size - 1,
      neglectedIds: group.neglectedIds,
      neglectSeverity: codes.has('neglectPattern') ? 'pattern' : codes.has('neglectRedFlag') ? 'redFlag' : 'none',
      reasons,
    });
  }
  leadersInNeedOfSupport.sort((a, b) => b.reasons.length - a.reasons.length || b.neglectedIds.length - a.neglectedIds.length);

  const pairCounts = new Map<string, number>();
  for (const list of factors) {
    const sorted = [...list].sort((a, b) => RISK_FACTOR_CODES.indexOf(a) - RISK_FACTOR_CODES.indexOf(b));
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const key = `${sorted[i]}|${sorted[j]}`;
        pairCounts.set(key, (pairCounts.get(key) ?? 0) + 1);
      }
    }
  }
  const correspondingCauses: CorrespondingCause[] = [...pairCounts.entries()]
    .map(([key, count]) => {
      const [a, b] = key.split('|') as [RiskFactorCode, RiskFactorCode];
      const lift = (count * n) / ((counts.get(a) ?? 1) * (counts.get(b) ?? 1));
      return { factors: [a, b] as [RiskFactorCode, RiskFactorCode], count, support: count / n, lift };
    })
    .sort((x, y) => y.count - x.count || y.lift - x.lift || x.factors.join().localeCompare(y.factors.join()));
  return { mostTypicalCauses, keyPeopleInDanger, leadersInNeedOfSupport, correspondingCauses };
}
