import { ZReport360, ZReport360ListPage, type REPORT_360_SORT_KEYS } from '@ona/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import type { TServerListParams } from '../../shared/ui/report-list/list-state.ts';

export type TReport360SortKey = (typeof REPORT_360_SORT_KEYS)[number];

// A 403 is "this module is not open to you", shown on the page, not a lost session (ownForbidden).
export const report360ListQuery = (organizationId: number, engagementId: number, params: TServerListParams<TReport360SortKey>) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'analytics-360', 'list', params] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/engagements/${engagementId}/analytics-360/`, ZReport360ListPage, {
        signal,
        ownForbidden: true,
        query: { page: params.page, page_size: params.pageSize, sort: params.sort, ...(params.q ? { q: params.q } : {}) },
      }),
    // Results change only when an analysis runs.
    staleTime: 5 * 60_000,
  });

export const report360Query = (organizationId: number, engagementId: number, reportId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'analytics-360', reportId] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/analytics-360/${reportId}/`, ZReport360, { signal, ownForbidden: true }),
    staleTime: 5 * 60_000,
  });

const useOrganizationId = () => useAuthStore((state) => state.user?.organization.id ?? 0);

export function useReport360List(engagementId: number | null, params: TServerListParams<TReport360SortKey>) {
  const organizationId = useOrganizationId();
  // While another page, sort or search loads, the previous rows stay on screen.
  return useQuery({ ...report360ListQuery(organizationId, engagementId ?? 0, params), enabled: engagementId !== null, placeholderData: keepPreviousData });
}

export function useReport360(engagementId: number | null, reportId: number | null) {
  const organizationId = useOrganizationId();
  return useQuery({ ...report360Query(organizationId, engagementId ?? 0, reportId ?? 0), enabled: engagementId !== null && reportId !== null });
}
