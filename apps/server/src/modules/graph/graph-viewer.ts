import { NO_UNIT_ID, type TGraphOverviewQuery, type TGraphVisualizationQuery } from '@ona/contracts';
import { requestedFilters } from './graph-filters.ts';
import type { GraphOverviewRequest } from './graph-overview.ts';
import type { GraphRequest } from './graph-view.ts';

/** The query of the graph view (and of its export) as the view builder's request. */
export function graphRequest(query: TGraphVisualizationQuery): GraphRequest {
  return {
    graphType: query.graph_type ?? null,
    units: query.unit,
    employees: query.employee,
    edges: query.edges,
    filters: requestedFilters(query),
  };
}

/** The query of the overview of units as its builder's request. */
export function graphOverviewRequest(query: TGraphOverviewQuery): GraphOverviewRequest {
  return { graphType: query.graph_type ?? null, units: query.unit, edges: query.edges, filters: requestedFilters(query), open: query.open_no_unit === 'true' ? [...query.open, NO_UNIT_ID] : query.open, rest: query.rest };
}
