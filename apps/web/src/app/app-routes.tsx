import { Navigate, type RouteObject } from 'react-router';
import { ColorsPage } from '../features/colors/colors-page.tsx';
import { AdminMenuPage } from '../features/engagement-admin/admin-menu-page.tsx';
import { adminRoutes } from '../features/engagement-admin/admin-routes.tsx';
import { ConfirmResetPasswordPage } from '../features/auth/confirm-reset-password-page.tsx';
import { LoadingPage } from '../features/auth/loading-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequireProfile } from '../features/auth/require-profile.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { EngagementDetailsPage } from '../features/engagements/engagement-details-page.tsx';
import { EngagementsListPage } from '../features/engagements/engagements-list-page.tsx';
import { NewJourneyPage } from '../features/journeys/new-journey-page.tsx';
import { ExecutiveReportPage } from '../features/engagements/executive-report-page.tsx';
import { retentionRoutes } from '../features/retention-analytics/retention-routes.tsx';
import { analytics360Routes } from '../features/analytics-360/analytics-360-routes.tsx';
import { GraphPage } from '../features/graph/graph-page.tsx';
import { leaderReportRoutes } from '../features/leader-report/leader-report-routes.tsx';
import { individualReportRoutes } from '../features/individual-report/individual-report-routes.tsx';
import { keyPeopleRoutes } from '../features/key-people/key-people-routes.tsx';
import { metricsRoutes } from '../features/metrics/metrics-routes.tsx';
import { OrganizationsPage } from '../features/organizations/organizations-page.tsx';
import { OrganizationSettingsPage } from '../features/organization-admin/settings-page.tsx';
import { OrganizationUsersPage } from '../features/organization-admin/users-page.tsx';
import { statisticsRoutes } from '../features/survey-statistics/statistics-routes.tsx';
import { surveyRoutes } from '../features/survey/survey-routes.tsx';
import { SetupPage } from '../features/setup/setup-page.tsx';
import { RequireToken } from '../shared/auth/require-token.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';
import { APP_LOGIN } from './session-targets.ts';
import { AppLayout } from './app-layout.tsx';

/**
 * The modules whose page is a single screen; the others bring their own route lists. A path
 * that none of them knows is the not-found page.
 */
function singlePageModuleRoutes(): RouteObject[] {
  return [
    { path: 'engagements/:engagementId/executive-report.html', element: <ExecutiveReportPage /> },
    { path: 'engagements/:engagementId/graph.html', element: <GraphPage /> },
  ];
}

/** The analytics app (engagement-app.md §2); every path ends in .html. */
export function appChildRoutes(base: string): RouteObject[] {
  const list = `${base}engagements/list.html`;
  return [
    { index: true, element: <Navigate to={list} replace /> },
    { path: 'engagements', element: <Navigate to={list} replace /> },
    { path: APP_LOGIN, element: <LoginPage /> },
    { path: 'auth/reset-password.html', element: <ResetPasswordPage /> },
    { path: 'auth/confirm-reset-password.html', element: <ConfirmResetPasswordPage /> },
    { path: 'setup.html', element: <SetupPage /> },
    {
      element: <RequireToken loginPath={`${base}${APP_LOGIN}`} />,
      children: [
        { path: 'loading.html', element: <LoadingPage /> },
        {
          element: <RequireProfile />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { path: 'colors.html', element: <ColorsPage /> },
                { path: 'organizations.html', element: <OrganizationsPage /> },
                { path: 'organization/users.html', element: <OrganizationUsersPage /> },
                { path: 'organization/settings.html', element: <OrganizationSettingsPage /> },
                { path: 'engagements/list.html', element: <EngagementsListPage /> },
                { path: 'engagements/new.html', element: <NewJourneyPage /> },
                // A partial dynamic segment: React Router matches `3.html` with engagementId "3";
                // the page itself refuses ids that are not digits.
                { path: 'engagements/:engagementId.html', element: <EngagementDetailsPage /> },
                { path: 'engagements/:engagementId/admin.html', element: <AdminMenuPage /> },
                ...adminRoutes(),
                ...surveyRoutes(),
                ...statisticsRoutes(),
                ...retentionRoutes(),
                ...leaderReportRoutes(),
                ...analytics360Routes(),
                ...keyPeopleRoutes(),
                ...metricsRoutes(),
                ...individualReportRoutes(),
                ...singlePageModuleRoutes(),
                { path: '*', element: <NotFoundContent homePath="engagements/list.html" /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
