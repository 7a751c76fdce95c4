import { matchPeople } from './match-people.ts';
import type { WaveSnapshot } from './wave-types.ts';

/** Why a person of the earlier wave is not an employee of the later one, as an administrator marked it. */
export type LeaverReason = 'unknown' | 'left' | 'moved' | 'retired';

/** What became of one person of the earlier wave; `stayed` is an employee of the later one too. */
export type WaveOutcome = 'stayed' | LeaverReason;

export interface CalibrationPerson {
  /** The person's risk level in the earlier analysis (0–4). */
  riskLevel: number;
  outcome: WaveOutcome;
}

export interface RiskCalibrationOptions {
  /** The lowest level read as the prediction "will leave" (the analysis's high risk level). */
  highRiskLevel: number;
  /** Fewer people than this in a group: its share is withheld (the privacy minimum). */
  minGroupSize: number;
  /**
   * Whether a leaver nobody gave a reason for counts as having left. True by default: unmarked
   * departures are mostly resignations, and a table that waited for every reason would show no
   * turnover at all (docs/risk-calibration.md).
   */
  unknownCountsAsLeft: boolean;
}

export const RISK_CALIBRATION_DEFAULTS: RiskCalibrationOptions = { highRiskLevel: 3, minGroupSize: 5, unknownCountsAsLeft: true };

export const CALIBRATION_LEVELS = [0, 1, 2, 3, 4] as const;

export interface CalibrationLevel {
  level: number;
  /** Everyone of the earlier wave at this level (stayed and every leaver). */
  people: number;
  /** Leavers marked moved or retired (or unknown, when unknown does not count): outside the base. */
  excluded: number;
  /** people − excluded: those whose leaving or staying the share reads. */
  base: number;
  /** Leavers counted as having left; null when withheld. */
  left: number | null;
  /** left ÷ base; null when withheld or the base is empty. */
  shareLeft: number | null;
  /** The base is smaller than the privacy minimum. */
  withheld: boolean;
}

export interface CalibrationPrediction {
  /** People of the base at the high risk level or above (predicted to leave). */
  flagged: number | null;
  /** Flagged people who left (true positives); null only when precision and recall are both withheld. */
  flaggedLeft: number | null;
  /** People of the base who left (every positive). */
  left: number | null;
  /** flaggedLeft ÷ flagged. */
  precision: number | null;
  /** flaggedLeft ÷ left. */
  recall: number | null;
  /** Fewer flagged people than the minimum: precision and its counts are null. */
  precisionWithheld: boolean;
  /** Fewer leavers than the minimum: recall and its counts are null. */
  recallWithheld: boolean;
}

export interface RiskCalibration {
  levels: CalibrationLevel[];
  prediction: CalibrationPrediction;
  /** Everyone in the base (all levels). */
  base: number;
  /** Everyone excluded from the base (moved, retired). */
  excluded: number;
  /** How many people had each outcome. */
  outcomes: Record<WaveOutcome, number>;
}

function resolve(options: Partial<RiskCalibrationOptions>): RiskCalibrationOptions {
  const resolved = { ...RISK_CALIBRATION_DEFAULTS, ...options };
  if (!(Number.isInteger(resolved.highRiskLevel) && resolved.highRiskLevel >= 1 && resolved.highRiskLevel <= 4)) {
    throw new Error(`highRiskLevel is ${resolved.highRiskLevel}; use a level from 1 to 4 (the spec calls 3 high risk).`);
  }
  if (!(Number.isInteger(resolved.minGroupSize) && resolved.minGroupSize >= 1)) {
    throw new Error(`minGroupSize is ${resolved.minGroupSize}; use a whole number of people, at least 1 (default 5).`);
  }
  return resolved;
}

/** Whether an outcome is a departure the risk level predicts (a positive), is outside the base (null), or stayed (false). */
function countsAsLeft(outcome: WaveOutcome, options: RiskCalibrationOptions): boolean | null {
  if (outcome === 'stayed') return false;
  if (outcome === 'left') return true;
  if (outcome === 'unknown') return options.unknownCountsAsLeft ? true : null;
  // Moving inside the group or retiring is not the departure an engagement risk predicts:
  // counting it either way would credit or blame the risk level for something it does not claim.
  return null;
}

/**
 * The earlier wave's risk levels checked against who left: per level, how many people and what
 * share left; and precision and recall of "level ≥ highRiskLevel" as a prediction of leaving.
 * Pure; shares rest on at least `minGroupSize` people or are withheld.
 */
export function riskCalibration(people: readonly CalibrationPerson[], options: Partial<RiskCalibrationOptions> = {}): RiskCalibration {
  const resolved = resolve(options);
  const outcomes: Record<WaveOutcome, number> = { stayed: 0, unknown: 0, left: 0, moved: 0, retired: 0 };
  const tally = new Map<number, { people: number; excluded: number; left: number }>(CALIBRATION_LEVELS.map((level) => [level, { people: 0, excluded: 0, left: 0 }]));
  let flagged = 0;
  let flaggedLeft = 0;
  let left = 0;
  for (const person of people) {
    outcomes[person.outcome] += 1;
    const level = tally.get(person.riskLevel);
    if (!level) throw new Error(`riskLevel is ${person.riskLevel}; use a level from 0 to 4.`);
    level.people += 1;
    const positive = countsAsLeft(person.outcome, resolved);
    if (positive === null) {
      level.excluded += 1;
      continue;
    }
    const isFlagged = person.riskLevel >= resolved.highRiskLevel;
    if (isFlagged) flagged += 1;
    if (positive) {
      level.left += 1;
      left += 1;
      if (isFlagged) flaggedLeft += 1;
    }
  }
  const min = resolved.minGroupSize;
  const levels = CALIBRATION_LEVELS.map((level): CalibrationLevel => {
    const counts = tally.get(level) ?? { people: 0, excluded: 0, left: 0 };
    const base = counts.people - counts.excluded;
    const withheld = base < min;
    return {
      level,
      people: counts.people,
      excluded: counts.excluded,
      base,
      left: withheld ? null : counts.left,
      shareLeft: withheld || base === 0 ? null : counts.left / base,
      withheld,
    };
  });
  const precisionWithheld = flagged < min;
  const recallWithheld = left < min;
  return {
    levels,
    prediction: {
      flagged: precisionWithheld ? null : flagged,
      // Either figure shown gives the true positives away (figure × its count), so only both withheld hide them.
      flaggedLeft: precisionWithheld && recallWithheld ? null : flaggedLeft,
      left: recallWithheld ? null : left,
      precision: precisionWithheld ? null : flaggedLeft / flagged,
      recall: recallWithheld ? null : flaggedLeft / left,
      precisionWithheld,
      recallWithheld,
    },
    base: levels.reduce((sum, level) => sum + level.base, 0),
    excluded: levels.reduce((sum, level) => sum + level.excluded, 0),
    outcomes,
  };
}

/** One person of the earlier wave who is not an employee of the later one. */
export interface WaveLeaver {
  /** The earlier journey's employee id. */
  id: string;
  /** The matching key (the product's lower-cased e-mail): what a reason is stored by. */
  key: string;
  name: string;
  unitPath: readonly string[];
  riskLevel: number;
}

/**
 * The people of the earlier wave with what became of them: matched people who are in the later
 * wave stayed; the others left, for the reason `reasons` gives by their key (unknown when none).
 * People without a key cannot be followed and are left out.
 */
export function waveOutcomes(then: WaveSnapshot, now: WaveSnapshot, reasons: ReadonlyMap<string, LeaverReason>): { people: CalibrationPerson[]; leavers: WaveLeaver[] } {
  const { people } = matchPeople(then, now);
  const calibrationPeople: CalibrationPerson[] = [];
  const leavers: WaveLeaver[] = [];
  for (const person of people) {
    if (person.then === null || person.key === null) continue;
    if (person.status === 'stayed') {
      calibrationPeople.push({ riskLevel: person.then.riskLevel, outcome: 'stayed' });
    } else if (person.status === 'left') {
      calibrationPeople.push({ riskLevel: person.then.riskLevel, outcome: reasons.get(person.key) ?? 'unknown' });
      leavers.push({ id: person.then.id, key: person.key, name: person.then.name, unitPath: person.then.unitPath, riskLevel: person.then.riskLevel });
    }
  }
  return { people: calibrationPeople, leavers };
}
