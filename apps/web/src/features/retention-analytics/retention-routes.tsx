import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';
import { GROUP_PAGES, RISK_PAGES } from './retention-sections.ts';

const risksPage = () => import('./risks/risks-page.tsx');
const groupsPage = () => import('./groups/groups-page.tsx');

/** Retention analytics under engagements/{id}/retention-analytics/ (spec §2); each page its own chunk. */
export function retentionRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/retention-analytics';
  const under = (page: string) => `${base}/${page}`;
  return [
    { path: under('index.html'), lazy: lazyPage(() => import('./retention-home-page.tsx'), (m) => <m.RetentionHomePage />, ['retention', 'confidence']) },
    { path: base, element: <Navigate to="index.html" relative="path" replace /> },
    ...RISK_PAGES.map((page) => ({ path: under(`risks/${page}.html`), lazy: lazyPage(risksPage, (m) => <m.RisksPage key={page} page={page} />, ['retention', 'confidence']) })),
    { path: under('risks'), element: <Navigate to={`${RISK_PAGES[0]}.html`} relative="path" replace /> },
    { path: under('employees-analytics.html'), lazy: lazyPage(() => import('./employees/employees-page.tsx'), (m) => <m.EmployeesAnalyticsPage />, ['retention', 'confidence']) },
    ...GROUP_PAGES.map((page) => ({ path: under(`groups-analytics/${page}.html`), lazy: lazyPage(groupsPage, (m) => <m.GroupsPage key={page} page={page} />, ['retention', 'confidence']) })),
    { path: under('groups-analytics'), element: <Navigate to={`${GROUP_PAGES[0]}.html`} relative="path" replace /> },
    { path: under('compare.html'), lazy: lazyPage(() => import('../wave-comparison/compare-page.tsx'), (m) => <m.ComparePage />, ['retention', 'waveComparison', 'keyPeople', 'confidence']) },
    { path: under('org-chart.html'), lazy: lazyPage(() => import('./org-chart/retention-org-chart-page.tsx'), (m) => <m.RetentionOrgChartPage />, ['retention', 'confidence']) },
  ];
}
