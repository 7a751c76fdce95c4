import type { TUnitNode } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { asServerWrote } from '../../shared/api/as-server-wrote.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

// Taken as the server wrote it: the employee's survey pages use the tree and stay free of zod (as-server-wrote.ts).
const ZHierarchy = asServerWrote<TUnitNode[]>();

export const hierarchyQueryKey = (organizationId: number, engagementId: number) => ['engagements', organizationId, engagementId, 'hierarchy'] as const;

export const hierarchyQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: hierarchyQueryKey(organizationId, engagementId),
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/hierarchy/`, ZHierarchy, { signal }),
    staleTime: 5 * 60_000,
  });

/** The unit tree of an engagement (GET /engagements/{id}/hierarchy/). */
export function useHierarchy(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...hierarchyQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}
