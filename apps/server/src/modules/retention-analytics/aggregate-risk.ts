import { protectWithinPopulation } from '@ona/analytics';
import { DYSFUNCTION_SETS, type TDysfunctionSet, type TRetentionEmployee, type TRetentionResults, type TRiskDistribution } from '@ona/contracts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import type { RetentionResult } from './retention-sections.ts';
import { unlessWithheld, withheldReason } from '../analytics-shared/privacy.ts';

/** The group sets whose every row is about one named person's risk (a leader's, a key person's). */
const PERSONAL_RISK_SETS: readonly TDysfunctionSet[] = ['leader_at_risk', 'key_person_at_risk'];
/** Dysfunctions that say one named person is at risk. */
const PERSONAL_RISK_DYSFUNCTIONS = new Set(['leaderHighRisk', 'keyPersonHighRisk', 'centralMemberAtRisk', 'soleBridgeAtRisk']);

/** How many of the people the caller sees stand at each level, withheld below the privacy minimum. */
export function riskDistribution(scope: AnalyticsScope, result: RetentionResult, minGroupSize: number): TRiskDistribution {
  const seen = result.employees.filter((e) => scope.visible.has(dbId(e.id)));
  const respondents = seen.filter((e) => e.hasAnswered).length;
  const protection = protectWithinPopulation(respondents, respondents, minGroupSize);
  const counts = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
  for (const employee of seen) counts[String(employee.risk_level) as keyof typeof counts] += 1;
  return { withheld: protection.withheld, withheld_reason: withheldReason(protection, minGroupSize), counts: unlessWithheld(protection.withheld, counts) };
}

/** A person as a leader under "aggregate risk only" sees them: no risk level, no risk factors. */
export function withoutPersonalRisk(employee: TRetentionEmployee): TRetentionEmployee {
  return { ...employee, risk_level: null, risk_factors: [] };
}

/**
 * The retention pages without anything that names one person's risk: no key people in danger,
 * no "leader at high risk" reason, no group rows about one person's risk, and no list of who is
 * affected (the counts stay). Causes and the groups' shares at risk are aggregates and stay.
 */
export function resultsWithoutPersonalRisk(results: TRetentionResults): TRetentionResults {
  const groups = { ...results.groups };
  for (const set of DYSFUNCTION_SETS) {
    groups[set] = PERSONAL_RISK_SETS.includes(set)
      ? []
      : results.groups[set].map((row) => ({
          ...row,
          dysfunctions: row.dysfunctions.filter((d) => !PERSONAL_RISK_DYSFUNCTIONS.has(d.code)).map((d) => ({ ...d, affected: [] })),
        }));
  }
  return {
    ...results,
    key_people_in_danger: [],
    leaders_in_need_of_support: results.leaders_in_need_of_support
      .map((l) => ({ ...l, reasons: l.reasons.filter((r) => r !== 'leaderHighRisk') }))
      .filter((l) => l.reasons.length > 0),
    groups,
  };
}
