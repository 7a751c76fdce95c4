import { BROKERAGE_GROUPS_UNIT, ZMetricsPage, type TMetricSort } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

/** `groups`: `unit` or `filter:<attribute key>`, the groups of brokerage. */
export type TMetricsParams = { network: string; groups: string; sort: TMetricSort; page: number; pageSize: number; unit: number | null; q: string };

export const metricsPath = (engagementId: number) => `/engagements/${engagementId}/metrics/`;

/** The query string the page and its export share (the export ignores paging). */
export function metricsQuery(params: TMetricsParams, paged: boolean): Record<string, string | number | readonly number[]> {
  return {
    network: params.network,
    ...(params.groups === BROKERAGE_GROUPS_UNIT ? {} : { groups: params.groups }),
    sort: params.sort,
    ...(params.unit === null ? {} : { unit: [params.unit] }),
    ...(params.q ? { q: params.q } : {}),
    ...(paged ? { page: params.page, page_size: params.pageSize } : {}),
  };
}

export function exportPath(engagementId: number, params: TMetricsParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(metricsQuery(params, false))) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return `${metricsPath(engagementId)}export/?${search.toString()}`;
}

// The analysis result changes only when an admin reruns the analysis.
const STALE_MS = 5 * 60_000;

export function useMetrics(engagementId: number | null, params: TMetricsParams, locale: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'metrics', locale, params] as const,
    // A 403 is "no right to this module": a state of the page, not a lost session.
    queryFn: ({ signal }) => apiRequest(metricsPath(engagementId ?? 0), ZMetricsPage, { signal, query: metricsQuery(params, true), ownForbidden: true }),
    enabled: engagementId !== null,
    staleTime: STALE_MS,
    // While another page or sort loads, the previous rows stay on screen.
    placeholderData: keepPreviousData,
  });
}
