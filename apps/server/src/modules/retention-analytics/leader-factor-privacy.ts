import { LEADER_FACTORS, type RiskFactorCode } from '@ona/analytics';

/**
 * The risk factors that say whether an employee named their own leader on a question (attention,
 * feedback, recognition, support, chemistry). Shown to that leader, each would tell them who did
 * or did not name them, which the survey promises never to show.
 */
export const LEADER_RELATIONSHIP_FACTORS: ReadonlySet<RiskFactorCode> = new Set(LEADER_FACTORS);

/**
 * The factors of an employee as the caller may see them: without the leader-relationship factors
 * when the caller is that employee's leader. The risk level stays as computed; the factors that
 * explain it are for HR and the employee's other readers.
 */
export function riskFactorsShownTo(viewerEmployeeId: number | null, leaderId: number | null, factors: readonly RiskFactorCode[]): RiskFactorCode[] {
  if (viewerEmployeeId === null || leaderId !== viewerEmployeeId) return [...factors];
  return factors.filter((code) => !LEADER_RELATIONSHIP_FACTORS.has(code));
}
