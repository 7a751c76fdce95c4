import { Navigate, type RouteObject } from 'react-router';
import { Analytics360DimensionPage } from './analytics-360-dimension-page.tsx';
import { Analytics360ListPage } from './analytics-360-list-page.tsx';
import { Analytics360OverviewPage } from './analytics-360-overview-page.tsx';
import { DIMENSION_PAGES } from './dimensions-360.ts';

/** 360 analytics under engagements/{id}/360-analytics/ (spec §2). */
export function analytics360Routes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/360-analytics/${page}`;
  return [
    { path: under('list.html'), element: <Analytics360ListPage /> },
    { path: under(':analytics360ReportId/index.html'), element: <Analytics360OverviewPage /> },
    ...DIMENSION_PAGES.map(({ dimension, slug }) => ({
      path: under(`:analytics360ReportId/${slug}.html`),
      // Keyed by dimension: moving between two dimension pages starts a fresh page, not a reused one.
      element: <Analytics360DimensionPage key={dimension} dimension={dimension} />,
    })),
    // The bare module and report paths lead to their first page.
    { path: 'engagements/:engagementId/360-analytics', element: <Navigate to="list.html" relative="path" replace /> },
    { path: under(':analytics360ReportId'), element: <Navigate to="index.html" relative="path" replace /> },
  ];
}
