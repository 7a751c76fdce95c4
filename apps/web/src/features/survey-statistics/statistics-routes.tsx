import { Navigate, type RouteObject } from 'react-router';
import { StatisticsOrgChartPage } from './statistics-org-chart-page.tsx';
import { StatisticsOverviewPage } from './statistics-overview-page.tsx';
import { StatisticsProgressPage } from './statistics-progress-page.tsx';

/** Survey statistics under engagements/{id}/survey-statistics/ (spec §2). */
export function statisticsRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/survey-statistics/${page}`;
  return [
    { path: under('overview.html'), element: <StatisticsOverviewPage /> },
    { path: under('progress.html'), element: <StatisticsProgressPage /> },
    { path: under('org-chart.html'), element: <StatisticsOrgChartPage /> },
    { path: 'engagements/:engagementId/survey-statistics', element: <Navigate to="overview.html" relative="path" replace /> },
  ];
}
