import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ADMIN_PAGES, type TAdminPageKey } from './admin-pages.ts';
import { AccessRightsDetailsPage } from './access-rights/access-rights-details-page.tsx';
import { AccessRightsPage } from './access-rights/access-rights-page.tsx';
import { EditEmailPage } from './emails/edit-email-page.tsx';
import { EmailsListPage } from './emails/emails-list-page.tsx';
import { EmployeesPage } from './employees/employees-page.tsx';
import { JourneySettingsPage } from './settings/journey-settings-page.tsx';
import { FiltersPage } from './filters/filters-page.tsx';
import { UploadResultFilePage } from './results/upload-result-file-page.tsx';
import { StatsPage } from './stats/stats-page.tsx';
import { SurveyAdminPage } from './survey/survey-admin-page.tsx';
import { UnitsPage } from './units/units-page.tsx';

/** Every page of the admin menu (the record's type makes a new menu entry bring its page). */
const PAGES: Record<TAdminPageKey, () => ReactElement> = {
  settings: JourneySettingsPage,
  accessRights: AccessRightsPage,
  accessRightsDetails: AccessRightsDetailsPage,
  employees: EmployeesPage,
  units: UnitsPage,
  filters: () => <FiltersPage pageKey="filters" />,
  surveyOverview: SurveyAdminPage,
  emails: EmailsListPage,
  editEmail: EditEmailPage,
  stats: StatsPage,
  uploadResultFile: UploadResultFilePage,
  uploadFilters: () => <FiltersPage pageKey="uploadFilters" />,
};

/** engagements/{id}/admin/{page}.html for every page of the admin menu. */
export function adminRoutes(): RouteObject[] {
  return ADMIN_PAGES.map((page) => {
    const Page = PAGES[page.key];
    return {
      path: `engagements/:engagementId/admin/${page.path}`,
      element: <Page />,
    };
  });
}
