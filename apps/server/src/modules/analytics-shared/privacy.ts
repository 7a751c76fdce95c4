import type { Protection } from '@ona/analytics';
import type { TWithheldReason } from '@ona/contracts';
import type { Labeller } from './labels.ts';

/** Plugin options of the analytics routes. */
export interface AnalyticsRouteOptions {
  /**
   * The deployment's MIN_GROUP_SIZE, when set: it overrides every journey's own anonymity threshold
   * (tests and installations that fix the rule in configuration). Unset, each journey's threshold
   * is the organisation's setting as it stood when the journey opened (docs/privacy/confidentiality.md).
   */
  minGroupSize?: number;
}

/** Today's rule, and the default of an organisation's setting (contracts: MIN_GROUP_SIZE_RANGE). */
export const DEFAULT_MIN_GROUP_SIZE = 5;

/**
 * The anonymity threshold of one journey: aggregates of a group with fewer respondents than this
 * are withheld (null plus `withheld: true`), so that nobody can trace a figure back to one
 * person's answers. Returns a reader of the threshold per journey, built once per route plugin.
 */
export function resolveMinGroupSize(options: AnalyticsRouteOptions | undefined): (engagement: { minGroupSize: number }) => number {
  const override = options?.minGroupSize;
  if (override !== undefined && (!Number.isInteger(override) || override < 1)) throw new Error(`minGroupSize is ${override}; use a whole number of respondents, at least 1 (default 5).`);
  return (engagement) => override ?? engagement.minGroupSize;
}

/** Two journeys compared: the stricter of their thresholds, so neither journey's promise is broken. */
export function comparisonThreshold(thresholdOf: (engagement: { minGroupSize: number }) => number, sides: { then: { scope: { engagement: { minGroupSize: number } } }; now: { scope: { engagement: { minGroupSize: number } } } }): number {
  return Math.max(thresholdOf(sides.then.scope.engagement), thresholdOf(sides.now.scope.engagement));
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
