import { decodeGraphOverview, GRAPH_OVERVIEW_MIN_PEOPLE, NO_UNIT_ID, ZGraphOverview, type GraphOverviewColumns, type TGraphOverview } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { canonicalFilters, graphQueryParams, type TGraphFilters } from './graph-query.ts';

export type TOverviewChoice = {
  /** Units drawn as their people. */
  open: readonly number[];
  /** Also the other units as nodes (with the opened people's ties to them), or only the opened people. */
  rest: 'units' | 'none';
};

export type TDecodedOverview = { answer: TGraphOverview; columns: GraphOverviewColumns };

/** The answer checked by the schema (it has no long lists of objects) and its columns decoded once. */
const ZDecodedOverview = {
  parse(input: unknown): TDecodedOverview {
    performance.mark('ona:overview-parsed-json');
    const answer = ZGraphOverview.parse(input);
    const columns = decodeGraphOverview(answer);
    // User timing marks: the benchmark reads where the first draw's time goes (bench/graph-overview.bench.ts).
    performance.mark('ona:overview-decoded');
    return { answer, columns };
  },
};

/** Above how many people the page opens on the overview (GRAPH_OVERVIEW_MIN_PEOPLE; browser tests lower it). */
export function overviewMinPeople(): number {
  return window.__onaGraphTuning?.overviewMinPeople ?? GRAPH_OVERVIEW_MIN_PEOPLE;
}

/** GET /engagements/{id}/graph-overview/ with the page's filters (the selection of people aside) and the opened units. */
export function useGraphOverview(engagementId: number | null, filters: TGraphFilters, choice: TOverviewChoice, enabled: boolean) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const canonical = { ...canonicalFilters(filters), employees: [] };
  const open = [...new Set(choice.open)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'graph-overview', canonical, open, choice.rest] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/engagements/${engagementId}/graph-overview/`, ZDecodedOverview, {
        signal,
        query: {
          ...graphQueryParams(canonical),
          open: open.some((id) => id !== NO_UNIT_ID) ? open.filter((id) => id !== NO_UNIT_ID) : undefined,
          open_no_unit: open.includes(NO_UNIT_ID) ? 'true' : undefined,
          rest: choice.rest,
        },
      }),
    enabled: enabled && engagementId !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
