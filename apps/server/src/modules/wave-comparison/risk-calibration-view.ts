import { RISK_CALIBRATION_DEFAULTS, riskCalibration, waveOutcomes, type LeaverReason, type WaveLeaver } from '@ona/analytics';
import type { TRiskCalibration } from '@ona/contracts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { comparedJourney, type ComparisonSides } from './comparison-sides.ts';

/** The people of the earlier journey who are not in the later one. */
export function leaversOf(sides: ComparisonSides, reasons: ReadonlyMap<string, LeaverReason>): WaveLeaver[] {
  return waveOutcomes(sides.then.snapshot, sides.now.snapshot, reasons).leavers;
}

/**
 * The calibration of the earlier journey's risk levels against who left, for an admin who sees
 * both journeys whole (the route checks that): the engine's table with the privacy minimum applied.
 */
export function riskCalibrationView(sides: ComparisonSides, reasons: ReadonlyMap<string, LeaverReason>, minGroupSize: number): TRiskCalibration {
  const { people, leavers } = waveOutcomes(sides.then.snapshot, sides.now.snapshot, reasons);
  const options = { ...RISK_CALIBRATION_DEFAULTS, minGroupSize };
  const calibration = riskCalibration(people, options);
  const { prediction } = calibration;
  return {
    journey: comparedJourney(sides.now.scope.engagement, sides.now.stored.finishedAt),
    earlier: comparedJourney(sides.then.scope.engagement, sides.then.stored.finishedAt),
    min_group_size: minGroupSize,
    high_risk_level: options.highRiskLevel,
    unknown_counts_as_left: options.unknownCountsAsLeft,
    levels: calibration.levels.map((level) => ({
      level: level.level,
      people: level.people,
      excluded: level.excluded,
      base: level.base,
      left: level.left,
      share_left: level.shareLeft,
      withheld: level.withheld,
    })),
    prediction: {
      flagged: prediction.flagged,
      flagged_left: prediction.flaggedLeft,
      left: prediction.left,
      precision: prediction.precision,
      recall: prediction.recall,
      precision_withheld: prediction.precisionWithheld,
      recall_withheld: prediction.recallWithheld,
    },
    base: calibration.base,
    excluded: calibration.excluded,
    outcomes: calibration.outcomes,
    leavers: leavers
      .map((leaver) => ({
        employee_id: dbId(leaver.id),
        name: leaver.name,
        unit_path: [...leaver.unitPath],
        risk_level: leaver.riskLevel,
        reason: reasons.get(leaver.key) ?? 'unknown',
      }))
      .sort((a, b) => b.risk_level - a.risk_level || a.name.localeCompare(b.name)),
  };
}
