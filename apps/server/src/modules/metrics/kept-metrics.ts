import type { FastifyInstance } from 'fastify';
import type { TBrokerageGroups, TLocale, TMetricDefinition, TMetricsExportQuery, TMetricsRow, TNetworkLevel } from '@ona/contracts';
import { analysedView, type AnalysedAccess } from '../analytics-shared/analysed-view.ts';
import { keptValue } from '../analytics-shared/kept-value.ts';
import { loadGroupingSource, resolveBrokerageGroups, type KeepAttributeBrokerage } from './brokerage-groups.ts';
import { metricDefinitions, metricRows, networkLevel, resolveNetwork } from './metrics-service.ts';
import { metricsSections, runTies } from './metrics-sections.ts';

/** The whole Metrics table of a query (every row, no paging) with its network figures: what the exports write. */
export interface MetricsTable {
  network: TNetworkLevel;
  groups: TBrokerageGroups;
  metrics: TMetricDefinition[];
  rows: TMetricsRow[];
}

/**
 * Brokerage with an attribute as groups, computed once per run, scope, network, groups and
 * privacy minimum (and data version, language: the kept answers' key) rather than per request:
 * paging, sorting or searching the Metrics page, and its export, reuse it.
 */
export function keepBrokerage(app: FastifyInstance, found: AnalysedAccess, locale: TLocale, network: string, groups: string, minGroupSize: number): KeepAttributeBrokerage {
  return (compute) => keptValue(app, { answer: 'metrics-brokerage-groups', ...found, locale, variant: [network, groups, minGroupSize] }, compute);
}

/** The table of a query, built once per key of the kept analysis answers (a new run or data version rebuilds it). */
export function keptMetricsTable(app: FastifyInstance, found: AnalysedAccess, query: TMetricsExportQuery, locale: TLocale, minGroupSize: number): Promise<MetricsTable> {
  return keptValue(app, { answer: 'metrics-table', ...found, locale, variant: [query, minGroupSize] }, async () => {
    const { scope, stored } = await analysedView(app.db, found, metricsSections(query.network));
    const { key, table } = resolveNetwork(stored, query.network);
    const source = await loadGroupingSource(app.db, scope.engagement.id);
    const ties = runTies(app.db, found.access.engagement.id, found.runId, found.access.latestRunVersion);
    const groups = await resolveBrokerageGroups(scope, stored.result, key, table, query.groups, source, locale, minGroupSize, ties, keepBrokerage(app, found, locale, query.network, query.groups, minGroupSize));
    return {
      network: networkLevel(scope, stored.result, key, table, locale, minGroupSize),
      groups: groups.chosen,
      metrics: metricDefinitions(locale, scope.level),
      rows: metricRows(scope, stored.result, groups, query, locale),
    };
  });
}
