import { ZReport360, ZReport360ListItem, type TReport360ListItem } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

const ZReport360List = { parse: (input: unknown): TReport360ListItem[] => ZReport360ListItem.array().parse(input) };

// A 403 is "this module is not open to you", shown on the page, not a lost session (ownForbidden).
export const report360ListQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'analytics-360'] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/analytics-360/`, ZReport360List, { signal, ownForbidden: true }),
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

export function useReport360List(engagementId: number | null) {
  const organizationId = useOrganizationId();
  return useQuery({ ...report360ListQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}

export function useReport360(engagementId: number | null, reportId: number | null) {
  const organizationId = useOrganizationId();
  return useQuery({ ...report360Query(organizationId, engagementId ?? 0, reportId ?? 0), enabled: engagementId !== null && reportId !== null });
}
