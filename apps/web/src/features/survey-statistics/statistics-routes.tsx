import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';

/** Survey statistics under engagements/{id}/survey-statistics/ (spec §2); each page its own chunk. */
export function statisticsRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/survey-statistics/${page}`;
  return [
    { path: under('overview.html'), lazy: lazyPage(() => import('./statistics-overview-page.tsx'), (m) => <m.StatisticsOverviewPage />, ['surveyStatistics']) },
    { path: under('progress.html'), lazy: lazyPage(() => import('./statistics-progress-page.tsx'), (m) => <m.StatisticsProgressPage />, ['surveyStatistics']) },
    { path: under('org-chart.html'), lazy: lazyPage(() => import('./statistics-org-chart-page.tsx'), (m) => <m.StatisticsOrgChartPage />, ['surveyStatistics']) },
    { path: 'engagements/:engagementId/survey-statistics', element: <Navigate to="overview.html" relative="path" replace /> },
  ];
}
