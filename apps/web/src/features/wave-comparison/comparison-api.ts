import { ZComparableJourneys, ZTieDiff, ZWaveComparison, type TComparisonSort, type TGraphCategory, type TPersonWaveStatus } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

/** What the Compare page asks for (docs/wave-comparison.md, Calls); the export takes the same but the paging. */
export type TComparisonParams = {
  earlierId: number;
  network: string;
  sort: TComparisonSort;
  page: number;
  pageSize: number;
  statuses: readonly TPersonWaveStatus[];
  q: string;
};

const base = (engagementId: number) => `/engagements/${engagementId}/comparison/`;

/** The query string of the comparison and of its export (which ignores paging). */
export function comparisonQuery(params: TComparisonParams, paged: boolean): Record<string, string | number | readonly string[]> {
  return {
    with: params.earlierId,
    ...(params.network === 'work' ? {} : { network: params.network }),
    sort: params.sort,
    ...(params.statuses.length > 0 ? { status: params.statuses } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(paged ? { page: params.page, page_size: params.pageSize } : {}),
  };
}

export const comparisonExportPath = (engagementId: number) => `${base(engagementId)}export/`;

// Both sides are finished analyses: they change only when an admin reruns one.
const STALE_MS = 5 * 60_000;

function useOrganizationId(): number {
  return useAuthStore((state) => state.user?.organization.id ?? 0);
}

/** The earlier analysed journeys this one can be compared with, and the one to suggest. */
export function useComparableJourneys(engagementId: number | null) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'comparison', 'journeys'] as const,
    // A 403 is "no right to this module": a state of the page, not a lost session.
    queryFn: ({ signal }) => apiRequest(`${base(engagementId ?? 0)}journeys/`, ZComparableJourneys, { signal, ownForbidden: true }),
    enabled: engagementId !== null,
    staleTime: STALE_MS,
  });
}

export function useWaveComparison(engagementId: number | null, params: TComparisonParams | null, locale: string) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'comparison', locale, params] as const,
    queryFn: ({ signal }) => apiRequest(base(engagementId ?? 0), ZWaveComparison, { signal, query: params ? comparisonQuery(params, true) : {}, ownForbidden: true }),
    enabled: engagementId !== null && params !== null,
    staleTime: STALE_MS,
    // While another page or sort loads, the previous rows stay on screen.
    placeholderData: keepPreviousData,
  });
}

/** The graph diff against an earlier journey (null: no comparison chosen), for the questions of one category or every work question. */
export function useTieDiff(engagementId: number | null, earlierId: number | null, category: TGraphCategory | null) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'comparison', 'ties', earlierId ?? 0, category] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${base(engagementId ?? 0)}ties/`, ZTieDiff, { signal, query: { with: earlierId ?? 0, ...(category ? { graph_type: category } : {}) }, ownForbidden: true }),
    enabled: engagementId !== null && earlierId !== null,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}
