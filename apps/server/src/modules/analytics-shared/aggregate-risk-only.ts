import type { AnalyticsScope } from './analytics-scope.ts';

/**
 * "Aggregate risk only for leaders" (docs/privacy/confidentiality.md): with the journey's setting
 * on, a caller below all_access in the module (a leader who sees their subtree, or a person who
 * sees only themselves) sees risk only in aggregate. all_access (HR) keeps the individual view.
 * The one rule every endpoint and export asks, so that no route decides it on its own.
 */
export function seesRiskOnlyInAggregate(view: Pick<AnalyticsScope, 'level'> & { engagement: { aggregateRiskOnlyForLeaders: boolean } }): boolean {
  return view.engagement.aggregateRiskOnlyForLeaders && view.level !== 'all_access';
}
