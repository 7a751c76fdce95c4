import { DEFAULT_OPTIONS, DYSFUNCTION_SETS, RISK_FACTOR_CODES, protectWithinPopulation, type DysfunctionSet, type EmployeeResult, type RiskFactorCode } from '@ona/analytics';
import type { TDysfunctionSet, TGroupRow, TRetentionResults } from '@ona/contracts';
import { employeeRef, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import type { Explainer } from '../analytics-shared/explanations.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import type { RetentionResult } from './retention-sections.ts';
import { unlessWithheld, withheldReason } from '../analytics-shared/privacy.ts';
import { affectedShownTo, riskFactorsShownTo } from './leader-factor-privacy.ts';

const SET_NAMES: Record<DysfunctionSet, TDysfunctionSet> = {
  severalEmployeesAtRisk: 'several_employees_at_risk',
  leaderAtRisk: 'leader_at_risk',
  keyPersonAtRisk: 'key_person_at_risk',
  incoherentTeam: 'incoherent_team',
  leaderRelationship: 'leader_relationship',
};

const factorOrder = (code: RiskFactorCode) => RISK_FACTOR_CODES.indexOf(code);

/**
 * The retention pages over the employees the caller sees. The engine computes them for the
 * whole organisation; counting again over the visible employees (the same rules as
 * groups/retention-pages.ts) keeps a subtree view from showing organisation-wide figures.
 */
export function retentionResults(scope: AnalyticsScope, result: RetentionResult, minGroupSize: number, explain: Explainer): TRetentionResults {
  const high = DEFAULT_OPTIONS.risk.highRiskLevel;
  const seen = result.employees.filter((e) => scope.visible.has(dbId(e.id)));
  const respondents = seen.filter((e) => e.hasAnswered).length;
  const protection = protectWithinPopulation(respondents, respondents, minGroupSize);
  const withheld = protection.withheld;
  const withheld_reason = withheldReason(protection, minGroupSize);
  return {
    most_typical_causes: { withheld, withheld_reason, items: unlessWithheld(withheld, typicalCauses(seen, high, explain)) },
    key_people_in_danger: result.retention.keyPeopleInDanger
      .filter((k) => scope.visible.has(dbId(k.employeeId)))
      .map((k) => {
        const leaderId = result.employees.find((e) => e.id === k.employeeId)?.leaderId ?? null;
        const risk_factors = riskFactorsShownTo(scope.ownEmployeeId, leaderId === null ? null : dbId(leaderId), k.factors);
        return { employee: dbId(k.employeeId), risk_level: k.level, key_roles: k.keyRoles, group_roles: k.groupRoles, risk_factors };
      }),
    leaders_in_need_of_support: result.retention.leadersInNeedOfSupport
      .filter((l) => scope.visible.has(dbId(l.leaderId)))
      .map((l) => ({
        leader: dbId(l.leaderId),
        span: l.span,
        // Who counts as neglected follows from the members' answers about this leader: not theirs to read.
        neglected: scope.ownEmployeeId === dbId(l.leaderId) ? [] : l.neglectedIds.map(dbId).filter((id) => scope.visible.has(id)),
        neglect_severity: l.neglectSeverity,
        reasons: l.reasons,
      })),
    corresponding_causes: { withheld, withheld_reason, items: unlessWithheld(withheld, correspondingCauses(seen)) },
    groups: groupTables(scope, result, respondents, minGroupSize, explain),
  };
}

function typicalCauses(seen: readonly EmployeeResult[], high: number, explain: Explainer): NonNullable<TRetentionResults['most_typical_causes']['items']> {
  const n = seen.length;
  const atRisk = seen.filter((e) => e.risk_level >= 1).length;
  return RISK_FACTOR_CODES.map((factor) => {
    const having = seen.filter((e) => e.riskFactors.includes(factor));
    return {
      factor,
      explanation: explain.riskFactor(factor),
      count: having.length,
      share: n > 0 ? having.length / n : 0,
      share_of_at_risk: atRisk > 0 ? having.length / atRisk : 0,
      high_risk_count: having.filter((e) => e.risk_level >= high).length,
    };
  })
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || factorOrder(a.factor) - factorOrder(b.factor));
}

function correspondingCauses(seen: readonly EmployeeResult[]): NonNullable<TRetentionResults['corresponding_causes']['items']> {
  const n = seen.length;
  const counts = new Map<RiskFactorCode, number>();
  const pairs = new Map<string, number>();
  for (const employee of seen) {
    const sorted = [...employee.riskFactors].sort((a, b) => factorOrder(a) - factorOrder(b));
    for (const f of sorted) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const key = `${sorted[i]}|${sorted[j]}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
  }
  return [...pairs.entries()]
    .map(([key, count]) => {
      const [a, b] = key.split('|') as [RiskFactorCode, RiskFactorCode];
      return { factors: [a, b] as [RiskFactorCode, RiskFactorCode], count, support: count / n, lift: (count * n) / ((counts.get(a) ?? 1) * (counts.get(b) ?? 1)) };
    })
    .sort((x, y) => y.count - x.count || y.lift - x.lift || x.factors.join().localeCompare(y.factors.join()));
}

/**
 * One table per dysfunction set: the groups (a leader and direct reports) the caller sees whole,
 * with the dysfunctions of that set. A group's shares are withheld when fewer than the minimum of
 * its members answered, or when the group leaves out fewer than the minimum of the respondents
 * the caller sees (the view's population): the pages' own causes and the datasheet describe that
 * population, so a group of nearly all of it would tell the few others apart by difference.
 */
function groupTables(scope: AnalyticsScope, result: RetentionResult, populationRespondents: number, minGroupSize: number, explain: Explainer): TRetentionResults['groups'] {
  const tables = Object.fromEntries(Object.values(SET_NAMES).map((name) => [name, [] as TGroupRow[]])) as Record<TDysfunctionSet, TGroupRow[]>;
  const answered = new Set(result.employees.filter((e) => e.hasAnswered).map((e) => e.id));
  for (const group of result.groups) {
    if (!group.memberIds.every((id) => scope.visible.has(dbId(id)))) continue;
    const leaderId = dbId(group.leaderId);
    const respondentCount = group.memberIds.filter((id) => id !== group.leaderId && answered.has(id)).length;
    const protection = protectWithinPopulation(respondentCount, populationRespondents, minGroupSize);
    const withheld = protection.withheld;
    const leader = employeeRef(scope, leaderId);
    for (const [set, codes] of Object.entries(DYSFUNCTION_SETS) as [DysfunctionSet, readonly string[]][]) {
      const found = group.dysfunctions.filter((d) => codes.includes(d.code));
      if (found.length === 0) continue;
      tables[SET_NAMES[set]].push({
        leader,
        group_name: leader.name,
        size: group.size,
        respondent_count: respondentCount,
        people_affected: new Set(found.flatMap((d) => d.affected)).size,
        at_risk_share: unlessWithheld(withheld, group.atRiskShare),
        density: unlessWithheld(withheld, group.density),
        withheld,
        withheld_reason: withheldReason(protection, minGroupSize),
        // A dysfunction resting on the members' answers about their leader would name, to that leader, who left them out.
        dysfunctions: found.map((d) => ({
          code: d.code,
          explanation: explain.dysfunction(d.code),
          affected: affectedShownTo(scope.ownEmployeeId, leaderId, d, d.affected.map(dbId)),
          factor: d.factor ?? null,
        })),
      });
    }
  }
  for (const rows of Object.values(tables)) rows.sort((a, b) => b.people_affected - a.people_affected || a.leader.id - b.leader.id);
  return tables;
}
