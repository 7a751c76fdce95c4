import { isLocale, ZRetentionAnalytics, type TLocale } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

export const retentionExportPath = (engagementId: number) => `/engagements/${engagementId}/retention-analytics-results/export/`;

/** The server's answer before the engagement's first analysis (409). */
export const ANALYSIS_NOT_READY = 'analysis_not_ready';

export function isAnalysisNotReady(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === ANALYSIS_NOT_READY;
}

/**
 * GET /engagements/{id}/retention-analytics-results/. The locale is part of the key because the
 * answer carries its explanations in the request's language: switching language fetches them anew.
 * An analysis changes rarely, so five minutes of freshness spare the pages a reload per click.
 */
export function useRetentionAnalytics(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const { i18n } = useTranslation();
  // Read through react-i18next so the page re-renders, and refetches, when the language changes.
  const locale: TLocale = isLocale(i18n.language) ? i18n.language : activeLocale();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId ?? 0, 'retention-analytics', locale] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/retention-analytics-results/`, ZRetentionAnalytics, { signal }),
    enabled: engagementId !== null,
    staleTime: 5 * 60_000,
  });
}
