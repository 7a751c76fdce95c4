import { LEADER_FACTORS, type DysfunctionCode, type RiskFactorCode } from '@ona/analytics';

/**
 * The risk factors that say whether an employee named their own leader on a question (attention,
 * feedback, recognition, support, chemistry). Shown to that leader, each would tell them who did
 * or did not name them, which the survey promises never to show.
 */
export const LEADER_RELATIONSHIP_FACTORS: ReadonlySet<RiskFactorCode> = new Set(LEADER_FACTORS);

/**
 * Group dysfunctions whose affected members are picked by what the members answered about their
 * leader: neglected members (leader-relationship factors), close followers (who named the leader
 * on sympathy or personal questions) and members left out of the leader's attention (no sympathy
 * or expertise tie with the leader either way). Naming them to that leader would tell them who
 * named them and who did not.
 */
export const LEADER_ANSWER_DYSFUNCTIONS: ReadonlySet<DysfunctionCode> = new Set<DysfunctionCode>(['neglectRedFlag', 'neglectPattern', 'leaderFollowersExposed', 'unequalAttention']);

/**
 * The factors of an employee as the caller may see them: without the leader-relationship factors
 * when the caller is that employee's leader. The risk level stays as computed; the factors that
 * explain it are for HR and the employee's other readers.
 */
export function riskFactorsShownTo(viewerEmployeeId: number | null, leaderId: number | null, factors: readonly RiskFactorCode[]): RiskFactorCode[] {
  if (viewerEmployeeId === null || leaderId !== viewerEmployeeId) return [...factors];
  return factors.filter((code) => !LEADER_RELATIONSHIP_FACTORS.has(code));
}

/**
 * The members a group dysfunction names, as the caller may see them: none when the caller leads
 * the group and the dysfunction (or the common cause behind it) rests on the members' answers
 * about them. The dysfunction itself and its count stay, so the leader still learns what to work on.
 */
export function affectedShownTo(
  viewerEmployeeId: number | null,
  groupLeaderId: number,
  dysfunction: { code: DysfunctionCode; factor?: RiskFactorCode | undefined },
  affected: readonly number[],
): number[] {
  if (viewerEmployeeId === null || viewerEmployeeId !== groupLeaderId) return [...affected];
  const aboutTheLeader = LEADER_ANSWER_DYSFUNCTIONS.has(dysfunction.code) || (dysfunction.factor !== undefined && LEADER_RELATIONSHIP_FACTORS.has(dysfunction.factor));
  return aboutTheLeader ? [] : [...affected];
}
