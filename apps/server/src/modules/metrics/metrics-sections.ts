import { networkKeys, type AnalysisResult, type NetworkKey } from '@ona/analytics';
import type { Database } from '@ona/db';
import { analysisOfRun, type ResultOf, type SectionPath } from '../analytics-shared/latest-result.ts';

/**
 * What the Metrics page reads of a run (docs/analysis-result-parts.md): the people, units,
 * communities and work brokerage, and the metrics of the work network and of the one network
 * asked for, not the other networks' metrics (23 of them at most) nor the graph and reports.
 */
export type MetricsResult = ResultOf<'employees' | 'units' | 'communities' | 'brokerage' | 'metrics'>;

/** What brokerage with an attribute's values as groups rebuilds its network from: the run's ties. */
export interface MetricsTies {
  employeeIds: readonly string[];
  graph: Pick<AnalysisResult['graph'], 'edges'>;
  collaboration: Pick<NonNullable<AnalysisResult['collaboration']>, 'ties'> | null;
}

/** The stored part of a network's metrics; null for a key that names none. */
function networkPath(network: string): readonly string[] | null {
  if (network === 'work' || network === 'collaboration') return ['metrics', network];
  const [scope, name] = network.split(':');
  if (!name) return null;
  if (scope === 'kind') return ['metrics', 'byKind', name];
  if (scope === 'category') return ['metrics', 'byCategory', name];
  return null;
}

export function metricsSections(network: string): SectionPath<'employees' | 'units' | 'communities' | 'brokerage' | 'metrics'>[] {
  const asked = networkPath(network);
  return [['employees'], ['units'], ['communities'], ['brokerage'], ['metrics', 'work'], ...(asked ? [['metrics', ...asked.slice(1)] as const] : [])];
}

/** The networks a run has metrics for, from the names of its parts: none of them is read for it. */
export function storedNetworkKeys(outline: readonly (readonly string[])[]): NetworkKey[] {
  const byKind: Record<string, true> = {};
  const byCategory: Record<string, true> = {};
  let collaboration = false;
  for (const path of outline) {
    if (path[0] !== 'metrics') continue;
    if (path[1] === 'byKind' && path[2]) byKind[path[2]] = true;
    else if (path[1] === 'byCategory' && path[2]) byCategory[path[2]] = true;
    else if (path[1] === 'collaboration') collaboration = true;
  }
  return networkKeys({ metrics: { byKind, byCategory, ...(collaboration ? { collaboration } : {}) } });
}

/** The run's ties, read when brokerage by an attribute is computed (then kept, metrics/kept-metrics.ts). */
export function runTies(db: Database, engagementId: number, runId: number, version: string | null): () => Promise<MetricsTies> {
  return async () => {
    const { result } = await analysisOfRun(db, engagementId, runId, version, [['graph', 'edges'], ['collaboration', 'ties']]);
    return { employeeIds: result.employeeIds, graph: { edges: result.graph.edges }, collaboration: result.collaboration ? { ties: result.collaboration.ties } : null };
  };
}
