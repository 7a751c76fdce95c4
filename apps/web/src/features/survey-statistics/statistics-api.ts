import { ZSurveyStatistics } from '@ona/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

export const statisticsExportPath = (engagementId: number) => `/engagements/${engagementId}/survey-statistics/export/`;

export const surveyStatisticsQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'survey-statistics'] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/survey-statistics/`, ZSurveyStatistics, { signal }),
    // The survey may be running: figures a minute old are fine, older ones are refreshed.
    staleTime: 60_000,
  });

export function useSurveyStatistics(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...surveyStatisticsQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}
