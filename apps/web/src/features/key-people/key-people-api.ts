import { ZKeyPeopleAnalytics, ZKeyPeopleAsValues } from '@ona/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import type { TAsValuesQuery } from './as-values-query.ts';

const base = (engagementId: number) => `/engagements/${engagementId}/key-people-analytics/`;

// The analysis result changes only when an admin reruns the analysis: minutes-old data is fine.
const STALE_MS = 5 * 60_000;

export const keyPeopleQuery = (organizationId: number, engagementId: number, locale: string) =>
  queryOptions({
    // The locale is part of the key: the API answers the role explanations in the request's language.
    queryKey: ['engagements', organizationId, engagementId, 'key-people', locale] as const,
    // A 403 here means "no right to this module", a state of the page, not a lost session.
    queryFn: ({ signal }) => apiRequest(base(engagementId), ZKeyPeopleAnalytics, { signal, ownForbidden: true }),
    staleTime: STALE_MS,
  });

export function useKeyPeopleAnalytics(engagementId: number | null, locale: string) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...keyPeopleQuery(organizationId, engagementId ?? 0, locale), enabled: engagementId !== null });
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
