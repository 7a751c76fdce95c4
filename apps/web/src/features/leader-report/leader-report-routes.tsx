import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';

/** Leader report under engagements/{id}/leader-report/ (spec §2); each page its own chunk. */
export function leaderReportRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/leader-report/${page}`;
  const ns = ['leaderReport', 'confidence'] as const;
  return [
    { path: under('list.html'), lazy: lazyPage(() => import('./leader-report-list-page.tsx'), (m) => <m.LeaderReportListPage />, ns) },
    { path: under(':leaderReportId/index.html'), lazy: lazyPage(() => import('./leader-report-overview-page.tsx'), (m) => <m.LeaderReportOverviewPage />, ns) },
    { path: under(':leaderReportId/attention.html'), lazy: lazyPage(() => import('./leader-report-attention-page.tsx'), (m) => <m.LeaderReportAttentionPage />, ns) },
    { path: under(':leaderReportId/impartiality.html'), lazy: lazyPage(() => import('./leader-report-impartiality-page.tsx'), (m) => <m.LeaderReportImpartialityPage />, ns) },
    { path: under(':leaderReportId/prestige.html'), lazy: lazyPage(() => import('./leader-report-prestige-page.tsx'), (m) => <m.LeaderReportPrestigePage />, ns) },
    { path: under(':leaderReportId/relationship.html'), lazy: lazyPage(() => import('./leader-report-relationship-page.tsx'), (m) => <m.LeaderReportRelationshipPage />, ns) },
    // The bare module and report paths lead to their first page.
    { path: 'engagements/:engagementId/leader-report', element: <Navigate to="list.html" relative="path" replace /> },
    { path: under(':leaderReportId'), element: <Navigate to="index.html" relative="path" replace /> },
  ];
}
