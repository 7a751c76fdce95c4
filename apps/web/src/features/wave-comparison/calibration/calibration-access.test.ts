import { describe, expect, it } from 'vitest';
import { comparePath, mayOpenRiskCalibration, riskCalibrationPath } from './calibration-access.ts';

describe('the way between the Compare page and the risk calibration', () => {
  it('is offered to an engagement admin who sees the retention analytics of both journeys whole', () => {
    expect(mayOpenRiskCalibration(true, { then: 'all_access', now: 'all_access' })).toBe(true);
  });

  it('is not offered to readers the calibration API refuses', () => {
    expect(mayOpenRiskCalibration(false, { then: 'all_access', now: 'all_access' })).toBe(false);
    expect(mayOpenRiskCalibration(true, { then: 'subtree', now: 'all_access' })).toBe(false);
    expect(mayOpenRiskCalibration(true, { then: 'all_access', now: 'self_only' })).toBe(false);
  });

  it('keeps the earlier journey in both directions', () => {
    expect(riskCalibrationPath(7, 3)).toBe('engagements/7/admin/risk-calibration.html?with=3');
    expect(comparePath(7, 3)).toBe('engagements/7/retention-analytics/compare.html?with=3');
  });
});
