import { ZLeaderReport, ZLeaderReportListItem, type TLeaderReportListItem } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

const ZLeaderReportList = { parse: (input: unknown): TLeaderReportListItem[] => ZLeaderReportListItem.array().parse(input) };

export const leaderReportsExportPath = (engagementId: number) => `/engagements/${engagementId}/leader-reports/export/`;

// A 403 here means "this module is not open to you" (no_access, module_disabled), a state of the
// page rather than a lost session: the page says so instead of logging the user out.
export const leaderReportListQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'leader-reports'] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/leader-reports/`, ZLeaderReportList, { signal, ownForbidden: true }),
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

export function useLeaderReportList(engagementId: number | null) {
  const organizationId = useOrganizationId();
  return useQuery({ ...leaderReportListQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}
