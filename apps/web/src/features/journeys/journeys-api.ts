import { ZEngagement, type TEngagement, type TJourneyCreate, type TJourneyUpdate, type TNextWave, type TUserProfile } from '@ona/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';

const ZEngagementList = { parse: (input: unknown): TEngagement[] => ZEngagement.array().parse(input) };

/** The journey calls of issue 15 (contracts/journeys.ts). */
export const journeyPaths = {
  list: () => '/engagements/',
  one: (id: number) => `/engagements/${id}/`,
  action: (id: number, action: TJourneyAction) => `/engagements/${id}/${action}/`,
  nextWave: (id: number) => `/engagements/${id}/next-wave/`,
} as const;

export type TJourneyAction = 'close' | 'reopen' | 'archive' | 'unarchive';

/** Only engagement admins may create, change, archive or delete journeys (DECISIONS.md, Access). */
export function canAdministerJourneys(user: Pick<TUserProfile, 'permissions'> | null | undefined): boolean {
  return user?.permissions.includes('engagement_admin') ?? false;
}

/** The archived journeys (admins only); the same key root as the list, so one invalidation refreshes both. */
export const archivedEngagementsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, 'list', 'archived'] as const,
    // A 403 here is the page's business (no admin right), not a lost session.
    queryFn: ({ signal }) => apiRequest(journeyPaths.list(), ZEngagementList, { signal, query: { archived: 'true' }, ownForbidden: true }),
  });

export const createJourney = (body: TJourneyCreate) => apiRequest(journeyPaths.list(), ZEngagement, { method: 'POST', body, ownForbidden: true });
export const updateJourney = (id: number, body: TJourneyUpdate) => apiRequest(journeyPaths.one(id), ZEngagement, { method: 'PATCH', body, ownForbidden: true });
export const deleteJourney = (id: number) => apiSend(journeyPaths.one(id), { method: 'DELETE', ownForbidden: true });
export const journeyAction = (id: number, action: TJourneyAction) => apiRequest(journeyPaths.action(id, action), ZEngagement, { method: 'POST', ownForbidden: true });
export const createNextWave = (id: number, body: TNextWave) => apiRequest(journeyPaths.nextWave(id), ZEngagement, { method: 'POST', body, ownForbidden: true });

/** After any journey write: every list and every journey of the organisation may have changed. */
export async function refreshJourneys(queryClient: QueryClient, organizationId: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['engagements', organizationId] });
}

