import { Navigate, type RouteObject } from 'react-router';
import { EmployeesAnalyticsPage } from './employees/employees-page.tsx';
import { GroupsPage } from './groups/groups-page.tsx';
import { RetentionOrgChartPage } from './org-chart/retention-org-chart-page.tsx';
import { RetentionHomePage } from './retention-home-page.tsx';
import { GROUP_PAGES, RISK_PAGES } from './retention-sections.ts';
import { RisksPage } from './risks/risks-page.tsx';

/** Retention analytics under engagements/{id}/retention-analytics/ (spec §2). */
export function retentionRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/retention-analytics';
  const under = (page: string) => `${base}/${page}`;
  return [
    { path: under('index.html'), element: <RetentionHomePage /> },
    { path: base, element: <Navigate to="index.html" relative="path" replace /> },
    ...RISK_PAGES.map((page) => ({ path: under(`risks/${page}.html`), element: <RisksPage key={page} page={page} /> })),
    { path: under('risks'), element: <Navigate to={`${RISK_PAGES[0]}.html`} relative="path" replace /> },
    { path: under('employees-analytics.html'), element: <EmployeesAnalyticsPage /> },
    ...GROUP_PAGES.map((page) => ({ path: under(`groups-analytics/${page}.html`), element: <GroupsPage key={page} page={page} /> })),
    { path: under('groups-analytics'), element: <Navigate to={`${GROUP_PAGES[0]}.html`} relative="path" replace /> },
    { path: under('org-chart.html'), element: <RetentionOrgChartPage /> },
  ];
}
