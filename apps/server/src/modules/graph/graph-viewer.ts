import type { TGraphVisualizationQuery } from '@ona/contracts';
import { requestedFilters } from './graph-filters.ts';
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
