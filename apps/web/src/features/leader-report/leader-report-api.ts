import { ZLeaderReport, ZLeaderReportListPage, type LEADER_REPORT_SORT_KEYS } from '@ona/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import type { TServerListParams } from '../../shared/ui/report-list/list-state.ts';

export type TLeaderReportSortKey = (typeof LEADER_REPORT_SORT_KEYS)[number];

export const leaderReportsExportPath = (engagementId: number) => `/engagements/${engagementId}/leader-reports/export/`;

// A 403 here means "this module is not open to you" (no_access, module_disabled), a state of the
// page rather than a lost session: the page says so instead of logging the user out.
/** One page of the list as the server sorts and searches it; `id` asks for one leader's row alone. */
export const leaderReportListQuery = (organizationId: number, engagementId: number, params: TServerListParams<TLeaderReportSortKey> | { id: number }) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'leader-reports', 'list', params] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/engagements/${engagementId}/leader-reports/`, ZLeaderReportListPage, {
        signal,
        ownForbidden: true,
        query: 'id' in params ? { id: params.id } : { page: params.page, page_size: params.pageSize, sort: params.sort, ...(params.q ? { q: params.q } : {}) },
      }),
    // Results change only when an analysis runs; a few minutes old is fresh enough.
    staleTime: 5 * 60_000,
  });

/** The code is part of the key: a cached report is only ever handed out for the code that opened it. */
export const leaderReportQuery = (organizationId: number, engagementId: number, reportId: number, code: string) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'leader-reports', reportId, code] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/engagements/${engagementId}/leader-reports/${reportId}/`, ZLeaderReport, { signal, ownForbidden: true, query: { authorization_code: code } }),
    staleTime: 5 * 60_000,
    // A wrong code must not be sent again by a retry: each one counts toward the lock-out.
    retry: false,
  });

export function useOrganizationId(): number {
  return useAuthStore((state) => state.user?.organization.id ?? 0);
}

export function useLeaderReportList(engagementId: number | null, params: TServerListParams<TLeaderReportSortKey>) {
  const organizationId = useOrganizationId();
  // While another page, sort or search loads, the previous rows stay on screen.
  return useQuery({ ...leaderReportListQuery(organizationId, engagementId ?? 0, params), enabled: engagementId !== null, placeholderData: keepPreviousData });
}

/** One leader's row of the list (their name above the code form), or undefined while unknown. */
export function useLeaderReportRow(engagementId: number | null, reportId: number) {
  const organizationId = useOrganizationId();
  return useQuery({ ...leaderReportListQuery(organizationId, engagementId ?? 0, { id: reportId }), enabled: engagementId !== null, select: (page) => page.data[0] });
}
