import { describe, expect, it } from 'vitest';
import { canonicalFilters, DEFAULT_GRAPH_FILTERS, graphQueryParams, sameFilters } from './graph-query.ts';

describe('graph filters', () => {
  it('compare equal whatever the order of choices, and without emptied choices', () => {
    const a = { ...DEFAULT_GRAPH_FILTERS, units: [3, 1], filters: { generation: ['z', 'y'], gender: [] } };
    const b = { ...DEFAULT_GRAPH_FILTERS, units: [1, 3], filters: { generation: ['y', 'z'] } };
    expect(sameFilters(a, b)).toBe(true);
    expect(sameFilters(a, { ...b, category: 'trust' })).toBe(false);
    expect(canonicalFilters(a).filters).toEqual({ generation: ['y', 'z'] });
  });

  it('become the query parameters of the graph call', () => {
    expect(graphQueryParams({ category: 'idea', units: [2], edges: 'mutual', filters: { attr_location: ['Wien'] }, employees: [9, 4, 9] })).toEqual({
      graph_type: 'idea',
      unit: [2],
      edges: 'mutual',
      employee: [4, 9],
      filter_attr_location: ['Wien'],
    });
    expect(graphQueryParams(DEFAULT_GRAPH_FILTERS)).toEqual({ graph_type: undefined, unit: undefined, edges: 'all', employee: undefined });
  });

  it('count a changed selection of people as a change, and the same people in another order as none', () => {
    expect(sameFilters({ ...DEFAULT_GRAPH_FILTERS, employees: [3, 1] }, { ...DEFAULT_GRAPH_FILTERS, employees: [1, 3, 3] })).toBe(true);
    expect(sameFilters({ ...DEFAULT_GRAPH_FILTERS, employees: [3] }, DEFAULT_GRAPH_FILTERS)).toBe(false);
  });
});
