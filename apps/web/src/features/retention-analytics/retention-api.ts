import { isLocale, ZRetentionAnalytics, ZRetentionEmployeeListPage, ZRetentionOrgChart, type TLocale, type TRetentionOrgChart } from '@ona/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/retention-analytics-results/?people=false`, ZRetentionAnalytics, { signal }),
    enabled: engagementId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * One page of the employees datasheet (GET …/retention-analytics-results/employees/), filtered and
 * sorted on the server; `query` is `datasheetQuery`'s. The previous page stays on screen while the
 * next one loads, so a sort or a filter does not blank the sheet.
 */
export function useRetentionEmployeePage(engagementId: number, query: URLSearchParams) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const { i18n } = useTranslation();
  const locale: TLocale = isLocale(i18n.language) ? i18n.language : activeLocale();
  const search = query.toString();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId, 'retention-analytics', locale, 'employees', search] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/retention-analytics-results/employees/?${search}`, ZRetentionEmployeeListPage, { signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

const orgChartPath = (engagementId: number, leaders: readonly number[]) =>
  `/engagements/${engagementId}/retention-analytics-results/org-chart/${leaders.length === 0 ? '' : `?${leaders.map((id) => `leader=${id}`).join('&')}`}`;

/** The tops of the leader tree the caller sees (GET …/org-chart/), each with the size of their branch. */
export function useRetentionOrgChartTops(engagementId: number) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const { i18n } = useTranslation();
  const locale: TLocale = isLocale(i18n.language) ? i18n.language : activeLocale();
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId, 'retention-analytics', locale, 'org-chart'] as const,
    queryFn: ({ signal }) => apiRequest(orgChartPath(engagementId, []), ZRetentionOrgChart, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The direct reports of each of `leaders` (up to 500), each branch in the tree's order. */
export function fetchOrgChartBranches(engagementId: number, leaders: readonly number[]): Promise<TRetentionOrgChart> {
  return apiRequest(orgChartPath(engagementId, leaders), ZRetentionOrgChart);
}
