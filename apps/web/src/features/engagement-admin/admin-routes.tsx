import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';
import { ADMIN_PAGES, type TAdminPageKey } from './admin-pages.ts';

/**
 * Every page of the admin menu, each its own chunk fetched on first visit (the record's type makes
 * a new menu entry bring its page). The upload pages pull sigma in only where a graph is drawn.
 */
const PAGES: Record<TAdminPageKey, () => Promise<ReactElement>> = {
  settings: () => import('./settings/journey-settings-page.tsx').then((m) => <m.JourneySettingsPage />),
  accessRights: () => import('./access-rights/access-rights-page.tsx').then((m) => <m.AccessRightsPage />),
  accessRightsDetails: () => import('./access-rights/access-rights-details-page.tsx').then((m) => <m.AccessRightsDetailsPage />),
  employees: () => import('./employees/employees-page.tsx').then((m) => <m.EmployeesPage />),
  units: () => import('./units/units-page.tsx').then((m) => <m.UnitsPage />),
  filters: () => import('./filters/filters-page.tsx').then((m) => <m.FiltersPage pageKey="filters" />),
  surveyOverview: () => import('./survey/survey-admin-page.tsx').then((m) => <m.SurveyAdminPage />),
  emails: () => import('./emails/emails-list-page.tsx').then((m) => <m.EmailsListPage />),
  editEmail: () => import('./emails/edit-email-page.tsx').then((m) => <m.EditEmailPage />),
  stats: () => import('./stats/stats-page.tsx').then((m) => <m.StatsPage />),
  uploadResultFile: () => import('./results/upload-result-file-page.tsx').then((m) => <m.UploadResultFilePage />),
  uploadFilters: () => import('./filters/filters-page.tsx').then((m) => <m.FiltersPage pageKey="uploadFilters" />),
  riskCalibration: () => import('../wave-comparison/calibration/risk-calibration-page.tsx').then((m) => <m.RiskCalibrationPage />),
};

/** engagements/{id}/admin/{page}.html for every page of the admin menu. */
export function adminRoutes(): RouteObject[] {
  return ADMIN_PAGES.map((page) => ({
    path: `engagements/:engagementId/admin/${page.path}`,
    lazy: lazyPage(PAGES[page.key], (element) => element, ['admin', ...('namespaces' in page ? page.namespaces : [])]),
  }));
}
