import { ZEngagement, type TEngagement } from '@ona/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';

const ZEngagementList = { parse: (input: unknown): TEngagement[] => ZEngagement.array().parse(input) };

/** Keys carry the organisation, so switching it can never show the other one's journeys. */
export const engagementsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, 'list'] as const,
    queryFn: ({ signal }) => apiRequest('/engagements/', ZEngagementList, { signal }),
  });

export const engagementQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/`, ZEngagement, { signal }),
  });
