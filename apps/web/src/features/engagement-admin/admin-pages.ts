import type { TModule } from '@ona/contracts';
import type { TIconName } from '../../shared/ui/icon.tsx';
import type { TNamespace } from '../../locales/namespace-files.ts';

/** The admin pages of spec §2, by their path under engagements/{id}/admin/. */
export const ADMIN_PAGES = [
  { key: 'settings', path: 'settings.html', icon: 'admin', group: 'journey' },
  { key: 'accessRights', path: 'access-rights.html', icon: 'lock', group: 'people' },
  { key: 'accessRightsDetails', path: 'access-rights-details.html', icon: 'list', group: 'people' },
  { key: 'employees', path: 'employees/list.html', icon: 'users', group: 'people' },
  { key: 'units', path: 'units/list.html', icon: 'tree', group: 'people' },
  { key: 'filters', path: 'filters/list.html', icon: 'filter', group: 'people' },
  { key: 'surveyOverview', path: 'survey/overview.html', icon: 'survey', group: 'survey' },
  { key: 'emails', path: 'emails/list.html', icon: 'mail', group: 'survey' },
  // Opened from the e-mails list with ?kind=…&language=…, so the menu does not list it.
  { key: 'editEmail', path: 'emails/edit-email.html', icon: 'mail', group: 'survey', inMenu: false },
  // Pages and downloads of a module leave the menu when the journey has it off (the server answers 403).
  { key: 'stats', path: 'stats.html', icon: 'statistics', group: 'survey', module: 'statistics' },
  { key: 'uploadResultFile', path: 'upload-result-file.html', icon: 'upload', group: 'data' },
  { key: 'uploadFilters', path: 'upload-filters.html', icon: 'upload', group: 'data' },
  // Risk checked against turnover (issue 21): needs an earlier analysed journey; the page says when there is none.
  { key: 'riskCalibration', path: 'risk-calibration.html', icon: 'statistics', group: 'data', module: 'retention_analytics', namespaces: ['calibration'] },
] as const satisfies readonly { key: string; path: string; icon: TIconName; group: string; inMenu?: boolean; module?: TModule; namespaces?: readonly TNamespace[] }[];

export type TAdminPageKey = (typeof ADMIN_PAGES)[number]['key'];

export function inMenu(page: (typeof ADMIN_PAGES)[number]): boolean {
  return !('inMenu' in page) || page.inMenu;
}
export const ADMIN_GROUPS = ['journey', 'people', 'survey', 'data'] as const;

/** The exports of the admin menu; the file name is the server's, these are fallbacks. */
export const ADMIN_DOWNLOADS = [
  // The reports exist only once an analysis has run (the server answers 409 before).
  { key: 'executiveReport', path: (id: number) => `/engagements/${id}/executive-report/export/`, fallbackName: 'executive-report.pdf', needsAnalysis: true, module: 'executive_reports' },
  { key: 'retentionReport', path: (id: number) => `/engagements/${id}/retention-analytics-results/export/`, fallbackName: 'retention-report.xlsx', needsAnalysis: true, module: 'retention_analytics' },
  { key: 'niceExcel', path: (id: number) => `/engagements/${id}/survey/export-nice-excel/`, fallbackName: 'survey-nice-excel.xlsx', needsAnalysis: false },
  { key: 'distanceMatrix', path: (id: number) => `/engagements/${id}/survey/export-distance-matrix/`, fallbackName: 'distance-matrix.xlsx', needsAnalysis: false },
] as const;

/** Whether a menu entry or download belongs to a module the journey has switched off. */
export function moduleIsOn(entry: object, modules: readonly TModule[]): boolean {
  if (!('module' in entry) || typeof entry.module !== 'string') return true;
  const on: readonly string[] = modules;
  return on.includes(entry.module);
}
