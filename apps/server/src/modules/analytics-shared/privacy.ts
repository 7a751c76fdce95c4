import type { Protection } from '@ona/analytics';
import type { TWithheldReason } from '@ona/contracts';
import type { Labeller } from './labels.ts';

/** Plugin options of the analytics routes. */
export interface AnalyticsRouteOptions {
  /**
   * Aggregates of a group with fewer respondents than this are withheld (null plus
   * `withheld: true`), so that nobody can trace a figure back to one person's answers.
   */
  minGroupSize?: number;
}

export const DEFAULT_MIN_GROUP_SIZE = 5;

export function resolveMinGroupSize(options: AnalyticsRouteOptions | undefined): number {
  const value = options?.minGroupSize ?? DEFAULT_MIN_GROUP_SIZE;
  if (!Number.isInteger(value) || value < 1) throw new Error(`minGroupSize is ${value}; use a whole number of respondents, at least 1 (default 5).`);
  return value;
}

/** `value` when the group is large enough, otherwise null. */
export function unlessWithheld<T>(withheld: boolean, value: T): T | null {
  return withheld ? null : value;
}

/** The API marker of a decision: its reason code and the minimum, or null when the figure is shown. */
export function withheldReason(protection: Protection, minimum: number): TWithheldReason {
  return protection.withheld ? { code: protection.reason, minimum } : null;
}

/** An export cell in place of a withheld figure, saying why in the reader's language. */
export function withheldCellText(t: Labeller['t'], reason: TWithheldReason, minimum: number): string {
  if (reason?.code === 'difference_below_minimum') return t('analytics.export.withheld_difference', { min: reason.minimum });
  if (reason?.code === 'differs_from_earlier_request') return t('analytics.export.withheld_earlier_request', { min: reason.minimum });
  if (reason?.code === 'protects_withheld_group') return t('analytics.export.withheld_protects', { min: reason.minimum });
  return t('analytics.export.withheld', { min: reason?.minimum ?? minimum });
}
