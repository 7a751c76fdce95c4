import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZRiskLevel, ZWithheldFlag } from './analytics-shared.ts';
import { ZComparedJourney } from './wave-comparison.ts';

/**
 * Risk checked against turnover (issue 21): the earlier journey's risk levels set against who was
 * no longer an employee of the later one. Engagement admins only, with all_access in the retention
 * analytics of both journeys. docs/risk-calibration.md says what each figure means.
 *
 * Calls: `GET /engagements/{id}/comparison/calibration/?with={earlierId}`,
 * `PUT /engagements/{id}/comparison/leavers/{employeeId}/?with={earlierId}` (a leaver's reason).
 */


/** Why someone of the earlier journey is not in the later one; `unknown` until an admin says. */
export const LEAVER_REASONS = ['unknown', 'left', 'moved', 'retired'] as const;
export const ZLeaverReason = z.enum(LEAVER_REASONS);
export type TLeaverReason = z.infer<typeof ZLeaverReason>;

export const ZRiskCalibrationQuery = z.object({ with: ZDbIdParam });
export type TRiskCalibrationQuery = z.infer<typeof ZRiskCalibrationQuery>;

/** `employeeId`: the leaver's employee id in the earlier journey (`with`). */
export const ZLeaverReasonParams = z.object({ id: ZDbIdParam, employeeId: ZDbIdParam });
export type TLeaverReasonParams = z.infer<typeof ZLeaverReasonParams>;

export const ZLeaverReasonBody = z.object({ reason: ZLeaverReason }).strict();
export type TLeaverReasonBody = z.infer<typeof ZLeaverReasonBody>;

/** One earlier risk level: everyone at it, those outside the base (moved, retired), and the share that left. */
export const ZCalibrationLevel = z.object({
  level: ZRiskLevel,
  people: z.number().int(),
  excluded: z.number().int(),
  /** people − excluded: whose staying or leaving the share reads. */
  base: z.number().int(),
  /** Null when withheld. */
  left: z.number().int().nullable(),
  /** left ÷ base; null when withheld. */
  share_left: z.number().nullable(),
  /** The base is smaller than the privacy minimum. */
  withheld: ZWithheldFlag,
});
export type TCalibrationLevel = z.infer<typeof ZCalibrationLevel>;

/** "Risk level ≥ high_risk_level" read as a prediction of leaving. */
export const ZCalibrationPrediction = z.object({
  flagged: z.number().int().nullable(),
  /** Flagged people who left (true positives). */
  flagged_left: z.number().int().nullable(),
  /** Everyone of the base who left. */
  left: z.number().int().nullable(),
  /** flagged_left ÷ flagged. */
  precision: z.number().nullable(),
  /** flagged_left ÷ left. */
  recall: z.number().nullable(),
  precision_withheld: ZWithheldFlag,
  recall_withheld: ZWithheldFlag,
});
export type TCalibrationPrediction = z.infer<typeof ZCalibrationPrediction>;

export const ZCalibrationLeaver = z.object({
  /** The employee id in the earlier journey. */
  employee_id: z.number().int(),
  name: z.string(),
  /** Unit names from the top unit down, in the earlier journey. */
  unit_path: z.array(z.string()),
  risk_level: ZRiskLevel,
  reason: ZLeaverReason,
});
export type TCalibrationLeaver = z.infer<typeof ZCalibrationLeaver>;

export const ZRiskCalibration = z.object({
  journey: ZComparedJourney,
  earlier: ZComparedJourney,
  min_group_size: z.number().int(),
  high_risk_level: ZRiskLevel,
  /** A leaver without a reason counts as having left (docs/risk-calibration.md). */
  unknown_counts_as_left: z.boolean(),
  levels: z.array(ZCalibrationLevel),
  prediction: ZCalibrationPrediction,
  base: z.number().int(),
  excluded: z.number().int(),
  /** How many of the earlier journey's people stayed, and how many leavers have each reason. */
  outcomes: z.object({ stayed: z.number().int(), unknown: z.number().int(), left: z.number().int(), moved: z.number().int(), retired: z.number().int() }),
  /** Everyone of the earlier journey who is not in the later one, by name. */
  leavers: z.array(ZCalibrationLeaver),
});
export type TRiskCalibration = z.infer<typeof ZRiskCalibration>;
