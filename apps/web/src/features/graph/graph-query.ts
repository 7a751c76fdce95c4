import type { TEdgeVisibility, TGraphType } from '@ona/contracts';

/** What the server is asked for; a change of any of these reloads (recalculates) the graph. */
export type TGraphFilters = {
  /** A survey category, `collaboration` (the run's collaboration network), or null for all work questions. */
  category: TGraphType | null;
  units: readonly number[];
  edges: TEdgeVisibility;
  /** lookup_key → chosen option values. */
  filters: Readonly<Record<string, readonly string[]>>;
  /** People picked out: they and their direct ties stay bright, the rest is drawn faint. */
  employees: readonly number[];
};

export const DEFAULT_GRAPH_FILTERS: TGraphFilters = { category: null, units: [], edges: 'all', filters: {}, employees: [] };

/**
 * The filters in one canonical form (sorted, empty choices dropped), so that two states that ask
 * the same question compare equal and the graph recalculates only when the filters really differ
 * from the last loaded ones (spec section 4).
 */
export function canonicalFilters(filters: TGraphFilters): TGraphFilters {
  const chosen = Object.entries(filters.filters)
    .filter(([, values]) => values.length > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, values]) => [key, [...new Set(values)].sort()] as const);
  return {
    category: filters.category,
    units: [...new Set(filters.units)].sort((a, b) => a - b),
    edges: filters.edges,
    filters: Object.fromEntries(chosen),
    employees: [...new Set(filters.employees)].sort((a, b) => a - b),
  };
}

export function sameFilters(a: TGraphFilters, b: TGraphFilters): boolean {
  return JSON.stringify(canonicalFilters(a)) === JSON.stringify(canonicalFilters(b));
}

/** Query parameters of GET …/graph-visualization/. */
export function graphQueryParams(filters: TGraphFilters): Record<string, string | readonly string[] | readonly number[] | undefined> {
  const canonical = canonicalFilters(filters);
  const params: Record<string, string | readonly string[] | readonly number[] | undefined> = {
    graph_type: canonical.category ?? undefined,
    unit: canonical.units.length > 0 ? canonical.units : undefined,
    edges: canonical.edges,
    employee: canonical.employees.length > 0 ? canonical.employees : undefined,
  };
  for (const [key, values] of Object.entries(canonical.filters)) params[`filter_${key}`] = values;
  return params;
}
