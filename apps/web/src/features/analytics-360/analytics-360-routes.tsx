import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';
import { DIMENSION_PAGES } from './dimensions-360.ts';

const dimensionPage = () => import('./analytics-360-dimension-page.tsx');

/** 360 analytics under engagements/{id}/360-analytics/ (spec §2); each page its own chunk. */
export function analytics360Routes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/360-analytics/${page}`;
  const ns = ['analytics360'] as const;
  return [
    { path: under('list.html'), lazy: lazyPage(() => import('./analytics-360-list-page.tsx'), (m) => <m.Analytics360ListPage />, ns) },
    { path: under(':analytics360ReportId/index.html'), lazy: lazyPage(() => import('./analytics-360-overview-page.tsx'), (m) => <m.Analytics360OverviewPage />, ns) },
    ...DIMENSION_PAGES.map(({ dimension, slug }) => ({
      path: under(`:analytics360ReportId/${slug}.html`),
      // Keyed by dimension: moving between two dimension pages starts a fresh page, not a reused one.
      lazy: lazyPage(dimensionPage, (m) => <m.Analytics360DimensionPage key={dimension} dimension={dimension} />, ns),
    })),
    // The bare module and report paths lead to their first page.
    { path: 'engagements/:engagementId/360-analytics', element: <Navigate to="list.html" relative="path" replace /> },
    { path: under(':analytics360ReportId'), element: <Navigate to="index.html" relative="path" replace /> },
  ];
}
