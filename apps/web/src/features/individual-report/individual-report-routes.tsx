import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';

/** Individual report under engagements/{id}/individual-report/ (spec §2: list; {id}/index, manageability, personal-character, distribution); each page its own chunk. */
export function individualReportRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/individual-report';
  const report = `${base}/:individualReportId`;
  const ns = ['individualReport', 'confidence'] as const;
  return [
    { path: `${base}/list.html`, lazy: lazyPage(() => import('./report-list-page.tsx'), (m) => <m.ReportListPage />, ns) },
    { path: `${report}/index.html`, lazy: lazyPage(() => import('./report-index-page.tsx'), (m) => <m.ReportIndexPage />, ns) },
    { path: `${report}/manageability.html`, lazy: lazyPage(() => import('./manageability-page.tsx'), (m) => <m.ManageabilityPage />, ns) },
    { path: `${report}/personal-character.html`, lazy: lazyPage(() => import('./personal-character-page.tsx'), (m) => <m.PersonalCharacterPage />, ns) },
    { path: `${report}/distribution.html`, lazy: lazyPage(() => import('./distribution-page.tsx'), (m) => <m.DistributionPage />, ns) },
    { path: base, element: <Navigate to="list.html" relative="path" replace /> },
    { path: report, element: <Navigate to="index.html" relative="path" replace /> },
    { path: `${base}/*`, element: <NotFoundContent homePath="engagements/list.html" /> },
  ];
}
