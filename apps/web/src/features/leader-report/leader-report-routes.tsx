import { Navigate, type RouteObject } from 'react-router';
import { LeaderReportAttentionPage } from './leader-report-attention-page.tsx';
import { LeaderReportImpartialityPage } from './leader-report-impartiality-page.tsx';
import { LeaderReportListPage } from './leader-report-list-page.tsx';
import { LeaderReportOverviewPage } from './leader-report-overview-page.tsx';
import { LeaderReportPrestigePage } from './leader-report-prestige-page.tsx';
import { LeaderReportRelationshipPage } from './leader-report-relationship-page.tsx';

/** Leader report under engagements/{id}/leader-report/ (spec §2). */
export function leaderReportRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/leader-report/${page}`;
  return [
    { path: under('list.html'), element: <LeaderReportListPage /> },
    { path: under(':leaderReportId/index.html'), element: <LeaderReportOverviewPage /> },
    { path: under(':leaderReportId/attention.html'), element: <LeaderReportAttentionPage /> },
    { path: under(':leaderReportId/impartiality.html'), element: <LeaderReportImpartialityPage /> },
    { path: under(':leaderReportId/prestige.html'), element: <LeaderReportPrestigePage /> },
    { path: under(':leaderReportId/relationship.html'), element: <LeaderReportRelationshipPage /> },
    // The bare module and report paths lead to their first page.
    { path: 'engagements/:engagementId/leader-report', element: <Navigate to="list.html" relative="path" replace /> },
    { path: under(':leaderReportId'), element: <Navigate to="index.html" relative="path" replace /> },
  ];
}
