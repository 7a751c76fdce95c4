import type { TRetentionEmployee } from '@ona/contracts';
import { RISK_LEVELS, type TRiskLevel } from './retention-filters.ts';

/** Level 3 and above is "high risk" in the engine and in the spec (docs/methods.md). */
export const HIGH_RISK_LEVEL = 3;

export type TRiskSummary = {
  total: number;
  /** Employees per level, index = level. */
  perLevel: Record<TRiskLevel, number>;
  /** Level 1 or above: some risk factor. */
  withRiskFactor: number;
  /** Level 3 or above. */
  atHighRisk: number;
};

export function riskSummary(employees: readonly Pick<TRetentionEmployee, 'risk_level'>[]): TRiskSummary {
  const perLevel: Record<TRiskLevel, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const employee of employees) {
    const level = RISK_LEVELS.find((candidate) => candidate === employee.risk_level);
    if (level !== undefined) perLevel[level] += 1;
  }
  return {
    total: employees.length,
    perLevel,
    withRiskFactor: perLevel[1] + perLevel[2] + perLevel[3] + perLevel[4],
    atHighRisk: perLevel[3] + perLevel[4],
  };
}

/** Mantine colour of a level: calm to alarming. */
export const RISK_LEVEL_COLORS: Record<TRiskLevel, string> = { 0: 'teal', 1: 'lime', 2: 'yellow', 3: 'orange', 4: 'red' };

export function asRiskLevel(value: number): TRiskLevel {
  return RISK_LEVELS.find((level) => level === value) ?? 0;
}
