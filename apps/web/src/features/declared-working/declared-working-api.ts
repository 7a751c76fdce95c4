import { ZDeclaredWorking } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

export const declaredWorkingPath = (engagementId: number) => `/engagements/${engagementId}/declared-vs-working/`;

/**
 * Where an administrator imports mail, calendar and chat metadata (the import page, built beside
 * this one for issue 33): the empty state links to it.
 */
export const COLLABORATION_IMPORT_PAGE = 'organization/collaboration.html';

export function useDeclaredWorking(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'declared-vs-working'] as const,
    // A 403 is "no right to this module": a state of the page, not a lost session.
    queryFn: ({ signal }) => apiRequest(declaredWorkingPath(engagementId ?? 0), ZDeclaredWorking, { signal, ownForbidden: true }),
    enabled: engagementId !== null,
    staleTime: 5 * 60_000,
  });
}
