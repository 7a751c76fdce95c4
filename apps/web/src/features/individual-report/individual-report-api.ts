import { ZIndividualReport, ZIndividualReportListPage, type INDIVIDUAL_REPORT_SORT_KEYS } from '@ona/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import type { TServerListParams } from '../../shared/ui/report-list/list-state.ts';

const base = (engagementId: number) => `/engagements/${engagementId}/individual-reports/`;
export const individualReportsExportPath = (engagementId: number) => `${base(engagementId)}export/`;

// Reports change only when an admin reruns the analysis.
const STALE_MS = 5 * 60_000;
/** One page of the list, as the server sorts and searches it (spec §5 search rule on the server too). */
export type TReportListSortKey = (typeof INDIVIDUAL_REPORT_SORT_KEYS)[number];
export type TReportListParams = TServerListParams<TReportListSortKey>;

export const individualReportsQuery = (organizationId: number, engagementId: number, params: TReportListParams) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'individual-reports', 'list', params] as const,
    // A 403 means "no right to this module": a state of the page, not a lost session.
    queryFn: ({ signal }) =>
      apiRequest(base(engagementId), ZIndividualReportListPage, {
        signal,
        query: { page: params.page, page_size: params.pageSize, sort: params.sort, ...(params.q ? { q: params.q } : {}) },
        ownForbidden: true,
      }),
    staleTime: STALE_MS,
  });

export const individualReportQuery = (organizationId: number, engagementId: number, reportId: number, locale: string) =>
  queryOptions({
    // The question labels come in the request's language.
    queryKey: ['engagements', organizationId, engagementId, 'individual-reports', reportId, locale] as const,
    queryFn: ({ signal }) => apiRequest(`${base(engagementId)}${reportId}/`, ZIndividualReport, { signal, ownForbidden: true }),
    staleTime: STALE_MS,
  });

export function useIndividualReports(engagementId: number | null, params: TReportListParams) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  // While another page or search loads, the previous rows stay on screen.
  return useQuery({ ...individualReportsQuery(organizationId, engagementId ?? 0, params), enabled: engagementId !== null, placeholderData: keepPreviousData });
}

export function useIndividualReport(engagementId: number | null, reportId: number | null, locale: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...individualReportQuery(organizationId, engagementId ?? 0, reportId ?? 0, locale), enabled: engagementId !== null && reportId !== null });
}
