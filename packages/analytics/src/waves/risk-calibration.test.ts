import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { DEFAULT_QUESTIONNAIRE } from '../testing/synthetic.ts';
import type { AnalysisInput } from '../types.ts';
import { riskCalibration, waveOutcomes, type CalibrationPerson, type LeaverReason, type WaveOutcome } from './risk-calibration.ts';
import type { WaveSnapshot } from './wave-types.ts';

const many = (riskLevel: number, outcome: WaveOutcome, count: number): CalibrationPerson[] => Array.from({ length: count }, () => ({ riskLevel, outcome }));

/**
 * A synthetic turnover of 74 people whose figures are known in advance:
 * - level 4: 10 people, 6 left, 1 unknown, 1 retired, 2 stayed  → base 9, 7 left;
 * - level 3: 10 people, 3 left, 1 moved, 6 stayed               → base 9, 3 left;
 * - level 2: 20 people, 2 left, 1 unknown, 17 stayed            → base 20, 3 left;
 * - level 1: 30 people, 2 left, 28 stayed                       → base 30, 2 left;
 * - level 0: 4 people, 1 left, 3 stayed                         → base 4: under the minimum of 5.
 * "Level 3 or 4" flags 18 of the base; 10 of them left; 16 left in all:
 * precision 10/18, recall 10/16.
 */
const turnover: CalibrationPerson[] = [
  ...many(4, 'left', 6), ...many(4, 'unknown', 1), ...many(4, 'retired', 1), ...many(4, 'stayed', 2),
  ...many(3, 'left', 3), ...many(3, 'moved', 1), ...many(3, 'stayed', 6),
  ...many(2, 'left', 2), ...many(2, 'unknown', 1), ...many(2, 'stayed', 17),
  ...many(1, 'left', 2), ...many(1, 'stayed', 28),
  ...many(0, 'left', 1), ...many(0, 'stayed', 3),
];

describe('riskCalibration', () => {
  it('counts each earlier risk level and the share of it that left, moved and retired people outside the base', () => {
    const calibration = riskCalibration(turnover);
    expect(calibration.levels.map(({ level, people, excluded, base, left }) => ({ level, people, excluded, base, left }))).toEqual([
      { level: 0, people: 4, excluded: 0, base: 4, left: null },
      { level: 1, people: 30, excluded: 0, base: 30, left: 2 },
      { level: 2, people: 20, excluded: 0, base: 20, left: 3 },
      { level: 3, people: 10, excluded: 1, base: 9, left: 3 },
      { level: 4, people: 10, excluded: 1, base: 9, left: 7 },
    ]);
    expect(calibration.levels[4]!.shareLeft).toBeCloseTo(7 / 9, 12);
    expect(calibration.levels[1]!.shareLeft).toBeCloseTo(2 / 30, 12);
    expect(calibration.base).toBe(72);
    expect(calibration.excluded).toBe(2);
    expect(calibration.outcomes).toEqual({ stayed: 56, left: 14, unknown: 2, moved: 1, retired: 1 });
  });

  it('gives the precision and recall of "level 3 or 4" known in advance, unknown reasons counted as left', () => {
    const { prediction } = riskCalibration(turnover);
    expect(prediction).toMatchObject({ flagged: 18, flaggedLeft: 10, left: 16, precisionWithheld: false, recallWithheld: false });
    expect(prediction.precision).toBeCloseTo(10 / 18, 12);
    expect(prediction.recall).toBeCloseTo(10 / 16, 12);
  });

  it('leaves unknown reasons out of the base when asked to, like moved and retired', () => {
    const calibration = riskCalibration(turnover, { unknownCountsAsLeft: false });
    expect(calibration.prediction).toMatchObject({ flagged: 17, flaggedLeft: 9, left: 14 });
    expect(calibration.prediction.precision).toBeCloseTo(9 / 17, 12);
    expect(calibration.prediction.recall).toBeCloseTo(9 / 14, 12);
    expect(calibration.levels[4]).toMatchObject({ base: 8, left: 6, excluded: 2 });
  });

  it('reads another high risk level as the prediction', () => {
    const { prediction } = riskCalibration(turnover, { highRiskLevel: 4 });
    expect(prediction).toMatchObject({ flagged: 9, flaggedLeft: 7, left: 16 });
  });

  it('withholds a level, precision or recall resting on fewer people than the minimum', () => {
    const calibration = riskCalibration(turnover);
    expect(calibration.levels[0]).toMatchObject({ people: 4, left: null, shareLeft: null, withheld: true });
    // 18 flagged, 16 leavers: a minimum of 17 hides recall and its leaver count only.
    const recallHidden = riskCalibration(turnover, { minGroupSize: 17 }).prediction;
    expect(recallHidden).toMatchObject({ flagged: 18, flaggedLeft: 10, left: null, recall: null, recallWithheld: true, precisionWithheld: false });
    const bothHidden = riskCalibration(turnover, { minGroupSize: 19 }).prediction;
    expect(bothHidden).toEqual({ flagged: null, flaggedLeft: null, left: null, precision: null, recall: null, precisionWithheld: true, recallWithheld: true });
    expect(riskCalibration(turnover, { minGroupSize: 19 }).levels.every((level) => level.withheld === level.base < 19)).toBe(true);
  });

  it('refuses a risk level outside 0–4 and options that make no sense, saying how to fix them', () => {
    expect(() => riskCalibration([{ riskLevel: 7, outcome: 'stayed' }])).toThrow(/from 0 to 4/);
    expect(() => riskCalibration([], { highRiskLevel: 0 })).toThrow(/from 1 to 4/);
    expect(() => riskCalibration([], { minGroupSize: 0 })).toThrow(/at least 1/);
  });
});

function snapshot(prefix: string, people: [name: string, email: string | null][]): WaveSnapshot {
  const input: AnalysisInput = {
    employees: people.map(([name], index) => ({ id: `${prefix}-${name}`, name, unitId: `${prefix}-top`, leaderId: index === 0 ? null : `${prefix}-${people[0]![0]}`, hasAnswered: true })),
    units: [{ id: `${prefix}-top`, name: 'Company', parentId: null }],
    questions: DEFAULT_QUESTIONNAIRE,
    // Everyone names the first person on the first question.
    nominations: { source: Int32Array.from(people.slice(1), (_, i) => i + 1), target: new Int32Array(people.length - 1), question: new Int32Array(people.length - 1) },
  };
  const personKeys = new Map(people.flatMap(([name, email]) => (email === null ? [] : [[`${prefix}-${name}`, email] as const])));
  return { input, result: runAnalysis(input), personKeys, questionKeys: new Map(DEFAULT_QUESTIONNAIRE.map((q) => [q.id, q.id])) };
}

describe('waveOutcomes', () => {
  it('follows the earlier wave by e-mail: people in the later one stayed, the others left for their marked reason', () => {
    const then = snapshot('t', [['boss', 'boss@acme.test'], ['ann', 'ann@acme.test'], ['bob', 'bob@acme.test'], ['cy', 'cy@acme.test'], ['nobody', null]]);
    const now = snapshot('n', [['boss', 'boss@acme.test'], ['ann', 'ann@acme.test'], ['dee', 'dee@acme.test']]);
    const reasons = new Map<string, LeaverReason>([['cy@acme.test', 'moved'], ['ann@acme.test', 'left']]);
    const { people, leavers } = waveOutcomes(then, now, reasons);
    // boss and ann stayed (a reason stored for someone who stayed is not read); bob and cy left; the
    // person without an e-mail cannot be followed; dee joined and was not in the earlier wave.
    expect(people.map((person) => person.outcome).sort()).toEqual(['moved', 'stayed', 'stayed', 'unknown']);
    expect(leavers.map((leaver) => [leaver.name, leaver.key, leaver.id])).toEqual([['bob', 'bob@acme.test', 't-bob'], ['cy', 'cy@acme.test', 't-cy']]);
    const levels = new Map(then.result.employees.map((employee) => [employee.id, employee.risk_level]));
    expect(leavers.map((leaver) => leaver.riskLevel)).toEqual([levels.get('t-bob'), levels.get('t-cy')]);
  });
});
