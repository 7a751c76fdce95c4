import { ZIndividualReport, ZIndividualReportListItem } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

const base = (engagementId: number) => `/engagements/${engagementId}/individual-reports/`;
export const individualReportsExportPath = (engagementId: number) => `${base(engagementId)}export/`;

// Reports change only when an admin reruns the analysis.
const STALE_MS = 5 * 60_000;
const ZReportList = ZIndividualReportListItem.array();

export const individualReportsQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'individual-reports'] as const,
    // A 403 means "no right to this module": a state of the page, not a lost session.
    queryFn: ({ signal }) => apiRequest(base(engagementId), ZReportList, { signal, ownForbidden: true }),
    staleTime: STALE_MS,
  });

export const individualReportQuery = (organizationId: number, engagementId: number, reportId: number, locale: string) =>
  queryOptions({
    // The question labels come in the request's language.
    queryKey: ['engagements', organizationId, engagementId, 'individual-reports', reportId, locale] as const,
    queryFn: ({ signal }) => apiRequest(`${base(engagementId)}${reportId}/`, ZIndividualReport, { signal, ownForbidden: true }),
    staleTime: STALE_MS,
  });

export function useIndividualReports(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...individualReportsQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}

export function useIndividualReport(engagementId: number | null, reportId: number | null, locale: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...individualReportQuery(organizationId, engagementId ?? 0, reportId ?? 0, locale), enabled: engagementId !== null && reportId !== null });
}
