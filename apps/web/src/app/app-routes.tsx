import { Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/engagement-admin/admin-routes.tsx';
import { RequireProfile } from '../features/auth/require-profile.tsx';
import { retentionRoutes } from '../features/retention-analytics/retention-routes.tsx';
import { analytics360Routes } from '../features/analytics-360/analytics-360-routes.tsx';
import { leaderReportRoutes } from '../features/leader-report/leader-report-routes.tsx';
import { individualReportRoutes } from '../features/individual-report/individual-report-routes.tsx';
import { keyPeopleRoutes } from '../features/key-people/key-people-routes.tsx';
import { metricsRoutes } from '../features/metrics/metrics-routes.tsx';
import { declaredWorkingRoutes } from '../features/declared-working/declared-working-routes.tsx';
import { statisticsRoutes } from '../features/survey-statistics/statistics-routes.tsx';
import { surveyRoutes } from '../features/survey/survey-routes.tsx';
import { RequireToken } from '../shared/auth/require-token.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';
import { APP_LOGIN } from './session-targets.ts';
import { lazyPage } from './lazy-route.tsx';

/**
 * The modules whose page is a single screen; the others bring their own route lists. A path
 * that none of them knows is the not-found page.
 */
function singlePageModuleRoutes(): RouteObject[] {
  return [
    { path: 'engagements/:engagementId/executive-report.html', lazy: lazyPage(() => import('../features/engagements/executive-report-page.tsx'), (m) => <m.ExecutiveReportPage />, ['engagements']) },
    { path: 'engagements/:engagementId/graph.html', lazy: lazyPage(() => import('../features/graph/graph-page.tsx'), (m) => <m.GraphPage />, ['graph', 'confidentiality', 'confidence']) },
  ];
}

/**
 * The analytics app (engagement-app.md §2); every path ends in .html. Every page and the frame are
 * chunks of their own, fetched with their texts on first visit (lazy-route.tsx); only the guards
 * stay in the entry.
 */
export function appChildRoutes(base: string): RouteObject[] {
  const list = `${base}engagements/list.html`;
  return [
    { index: true, element: <Navigate to={list} replace /> },
    { path: 'engagements', element: <Navigate to={list} replace /> },
    // What people type when they look for the login page.
    { path: 'login', element: <Navigate to={`${base}${APP_LOGIN}`} replace /> },
    { path: APP_LOGIN, lazy: lazyPage(() => import('../features/auth/login-page.tsx'), (m) => <m.LoginPage />, ['auth', 'sso']) },
    { path: 'auth/sso-callback.html', lazy: lazyPage(() => import('../features/sso/sso-callback-page.tsx'), (m) => <m.SsoCallbackPage loginPath={APP_LOGIN} />, ['sso', 'auth']) },
    { path: 'auth/reset-password.html', lazy: lazyPage(() => import('../features/auth/reset-password-page.tsx'), (m) => <m.ResetPasswordPage />, ['auth']) },
    { path: 'auth/confirm-reset-password.html', lazy: lazyPage(() => import('../features/auth/confirm-reset-password-page.tsx'), (m) => <m.ConfirmResetPasswordPage />, ['auth']) },
    { path: 'setup.html', lazy: lazyPage(() => import('../features/setup/setup-page.tsx'), (m) => <m.SetupPage />, ['setup']) },
    {
      element: <RequireToken loginPath={`${base}${APP_LOGIN}`} />,
      children: [
        { path: 'loading.html', lazy: lazyPage(() => import('../features/auth/loading-page.tsx'), (m) => <m.LoadingPage />, ['auth']) },
        {
          element: <RequireProfile />,
          children: [
            {
              lazy: lazyPage(() => import('./app-layout.tsx'), (m) => <m.AppLayout />, ['organizationAdmin', 'account']),
              children: [
                { path: 'colors.html', lazy: lazyPage(() => import('../features/colors/colors-page.tsx'), (m) => <m.ColorsPage />, ['colors']) },
                { path: 'organizations.html', lazy: lazyPage(() => import('../features/organizations/organizations-page.tsx'), (m) => <m.OrganizationsPage />, ['organizations']) },
                { path: 'account.html', lazy: lazyPage(() => import('../features/account/account-page.tsx'), (m) => <m.AccountPage />, ['account', 'auth']) },
                { path: 'organization/users.html', lazy: lazyPage(() => import('../features/organization-admin/users-page.tsx'), (m) => <m.OrganizationUsersPage />, ['organizationAdmin']) },
                { path: 'organization/directory.html', lazy: lazyPage(() => import('../features/directory/directory-page.tsx'), (m) => <m.DirectoryPage />, ['organizationAdmin', 'directory', 'admin']) },
                { path: 'organization/collaboration.html', lazy: lazyPage(() => import('../features/collaboration/collaboration-imports-page.tsx'), (m) => <m.CollaborationImportsPage />, ['collaboration', 'organizationAdmin', 'admin']) },
                { path: 'organization/audit-log.html', lazy: lazyPage(() => import('../features/organization-admin/audit-log-page.tsx'), (m) => <m.AuditLogPage />, ['organizationAdmin']) },
                { path: 'organization/settings.html', lazy: lazyPage(() => import('../features/organization-admin/settings-page.tsx'), (m) => <m.OrganizationSettingsPage />, ['organizationAdmin', 'organizationPolicies', 'apiKeys', 'sso']) },
                { path: 'engagements/list.html', lazy: lazyPage(() => import('../features/engagements/engagements-list-page.tsx'), (m) => <m.EngagementsListPage />, ['engagements', 'journeys']) },
                { path: 'engagements/new.html', lazy: lazyPage(() => import('../features/journeys/new-journey-page.tsx'), (m) => <m.NewJourneyPage />, ['journeys', 'engagements']) },
                // A partial dynamic segment: React Router matches `3.html` with engagementId "3";
                // the page itself refuses ids that are not digits.
                { path: 'engagements/:engagementId.html', lazy: lazyPage(() => import('../features/engagements/engagement-details-page.tsx'), (m) => <m.EngagementDetailsPage />, ['engagements', 'journeys']) },
                { path: 'engagements/:engagementId/admin.html', lazy: lazyPage(() => import('../features/engagement-admin/admin-menu-page.tsx'), (m) => <m.AdminMenuPage />, ['admin']) },
                ...adminRoutes(),
                ...surveyRoutes(),
                ...statisticsRoutes(),
                ...retentionRoutes(),
                ...leaderReportRoutes(),
                ...analytics360Routes(),
                ...keyPeopleRoutes(),
                ...metricsRoutes(),
                ...declaredWorkingRoutes(),
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
