import { ZConfidence, ZPersonCoverage, type TModule } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

type TReportModule = Exclude<TModule, 'survey'>;

// Immutable per analysis run; a new run is seen after minutes at the latest, like the reports.
const STALE_MS = 5 * 60_000;

export const confidenceQuery = (organizationId: number, engagementId: number, module: TReportModule, locale: string) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'confidence', module, locale] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/confidence/`, ZConfidence, { signal, query: { module }, ownForbidden: true }),
    staleTime: STALE_MS,
  });

/** The run's response rate and rank stability, asked with the module of the page that shows them. */
export function useConfidence(engagementId: number | null, module: TReportModule, locale: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...confidenceQuery(organizationId, engagementId ?? 0, module, locale), enabled: engagementId !== null });
}

export function usePersonCoverage(engagementId: number | null, employeeId: number | null, module: TReportModule) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'confidence', module, 'person', employeeId ?? 0] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId ?? 0}/confidence/people/${employeeId ?? 0}/`, ZPersonCoverage, { signal, query: { module }, ownForbidden: true }),
    enabled: engagementId !== null && employeeId !== null,
    staleTime: STALE_MS,
  });
}
