import type { TWaveComparison } from '@ona/contracts';

/**
 * Whether the Compare page offers the way to the risk calibration: the calibration API answers
 * only engagement admins who see the retention analytics of both journeys whole (all_access), so
 * anyone else would follow the link to a refusal.
 */
export function mayOpenRiskCalibration(isAdmin: boolean, access: TWaveComparison['access']): boolean {
  return isAdmin && access.then === 'all_access' && access.now === 'all_access';
}

/** The calibration page against one earlier journey (read back by the page from `with`). */
export const riskCalibrationPath = (engagementId: number, earlierId: number): string => `engagements/${engagementId}/admin/risk-calibration.html?with=${earlierId}`;

/** The Compare page against the same earlier journey. */
export const comparePath = (engagementId: number, earlierId: number): string => `engagements/${engagementId}/retention-analytics/compare.html?with=${earlierId}`;
