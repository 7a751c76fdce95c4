import { ZKeyPeopleAsValues, ZKeyPeopleListPage, type KEY_PEOPLE_SORT_KEYS, type TKeyPeopleRoleChoice } from '@ona/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { SELECT_MAX_MATCHES } from '../../shared/format/name-search.ts';
import type { TServerListParams } from '../../shared/ui/report-list/list-state.ts';
import type { TAsValuesQuery } from './as-values-query.ts';

const base = (engagementId: number) => `/engagements/${engagementId}/key-people-analytics/`;

// The analysis result changes only when an admin reruns the analysis: minutes-old data is fine.
const STALE_MS = 5 * 60_000;
/** The contract's page size cap: the picker asks for the names of at most this many chosen people at once. */
const MAX_PAGE_SIZE = 500;

export type TKeyPeopleSortKey = (typeof KEY_PEOPLE_SORT_KEYS)[number];

/** A page of the list: the server list's page, sort and search, the target group and the table's own filters. */
export type TKeyPeopleListParams = TServerListParams<TKeyPeopleSortKey> & {
  tu: readonly number[];
  tun: readonly number[];
  roles: readonly TKeyPeopleRoleChoice[];
  onlyWithRoles: boolean;
};

type TListRequest = { page: number; pageSize: number; sort: string; q?: string; tu?: readonly number[]; tun?: readonly number[]; role?: readonly string[]; onlyWithRoles?: boolean; id?: readonly number[] };

const listRequest = (engagementId: number, request: TListRequest, signal: AbortSignal) =>
  apiRequest(base(engagementId), ZKeyPeopleListPage, {
    signal,
    query: {
      page: request.page,
      page_size: request.pageSize,
      sort: request.sort,
      ...(request.q ? { q: request.q } : {}),
      ...(request.tu?.length ? { tu: [...request.tu] } : {}),
      ...(request.tun?.length ? { tun: [...request.tun] } : {}),
      ...(request.role?.length ? { role: [...request.role] } : {}),
      ...(request.onlyWithRoles ? { only_with_roles: 'true' } : {}),
      ...(request.id?.length ? { id: [...request.id] } : {}),
    },
    // A 403 here means "no right to this module", a state of the page, not a lost session.
    ownForbidden: true,
  });

export const keyPeopleListQuery = (organizationId: number, engagementId: number, locale: string, params: TKeyPeopleListParams) =>
  queryOptions({
    // The locale is part of the key: the API answers the role explanations in the request's language.
    queryKey: ['engagements', organizationId, engagementId, 'key-people', 'list', locale, params] as const,
    queryFn: ({ signal }) => listRequest(engagementId, { ...params, role: params.roles }, signal),
    staleTime: STALE_MS,
  });

/** One page of the key people, as the server filters, sorts and pages them; the previous page stays while the next loads. */
export function useKeyPeopleList(engagementId: number | null, locale: string, params: TKeyPeopleListParams) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...keyPeopleListQuery(organizationId, engagementId ?? 0, locale, params), enabled: engagementId !== null, placeholderData: keepPreviousData });
}

/** The people picker's options for a typed name (already an active search term): five matches, by name (spec §5). */
export function useKeyPeopleMatches(engagementId: number, term: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId, 'key-people', 'matches', term] as const,
    queryFn: ({ signal }) => listRequest(engagementId, { page: 1, pageSize: SELECT_MAX_MATCHES, sort: 'name', q: term }, signal),
    enabled: term !== '',
    staleTime: STALE_MS,
  });
}

/** The names of the chosen people (the pickers' pills, a reload or a shared link included). */
export function useKeyPeopleNames(engagementId: number, ids: readonly number[]) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const wanted = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_PAGE_SIZE);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId, 'key-people', 'names', wanted] as const,
    queryFn: ({ signal }) => listRequest(engagementId, { page: 1, pageSize: Math.max(1, wanted.length), sort: 'name', id: wanted }, signal),
    enabled: wanted.length > 0,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useKeyPeopleAsValues(engagementId: number | null, query: TAsValuesQuery | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'key-people', 'as-values', query] as const,
    queryFn: ({ signal }) => apiRequest(`${base(engagementId ?? 0)}as-values/`, ZKeyPeopleAsValues, { signal, query: query ?? {}, ownForbidden: true }),
    enabled: engagementId !== null && query !== null,
    staleTime: STALE_MS,
    // While a new pair of groups is computed the previous figures stay on screen, dimmed.
    placeholderData: keepPreviousData,
  });
}
