import { ZGraphNode, ZGraphRelation, ZGraphVisualization, type TGraphVisualization } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { canonicalFilters, graphQueryParams, type TGraphFilters } from './graph-query.ts';

/**
 * The graph answer is large (50,000 ties are 8 MB): everything but the two long lists is checked
 * against the schema, and the lists through their first and last items, instead of object by
 * object (which took longer than drawing the graph).
 */
export const ZGraphAnswer = {
  parse(input: unknown): TGraphVisualization {
    const shallow = ZGraphVisualization.omit({ employees: true, relations: true }).parse(input);
    const { employees, relations } = input as { employees: unknown; relations: unknown };
    if (!Array.isArray(employees) || !Array.isArray(relations)) throw new Error('graph answer without lists');
    for (const sample of [employees[0], employees[employees.length - 1]]) if (sample !== undefined) ZGraphNode.parse(sample);
    for (const sample of [relations[0], relations[relations.length - 1]]) if (sample !== undefined) ZGraphRelation.parse(sample);
    return { ...shallow, employees: employees as TGraphVisualization['employees'], relations: relations as TGraphVisualization['relations'] };
  },
};

/**
 * GET /engagements/{id}/graph-visualization/. The key holds the canonical filters, so asking the
 * same question again is answered from the cache; while new filters load the previous graph stays.
 */
export function useGraphVisualization(engagementId: number | null, filters: TGraphFilters, enabled = true) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const canonical = canonicalFilters(filters);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'graph', canonical] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/graph-visualization/`, ZGraphAnswer, { signal, query: graphQueryParams(canonical) }),
    enabled: enabled && engagementId !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
