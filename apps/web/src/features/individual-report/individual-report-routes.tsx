import { Navigate, type RouteObject } from 'react-router';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { DistributionPage } from './distribution-page.tsx';
import { ManageabilityPage } from './manageability-page.tsx';
import { PersonalCharacterPage } from './personal-character-page.tsx';
import { ReportIndexPage } from './report-index-page.tsx';
import { ReportListPage } from './report-list-page.tsx';

/** Individual report under engagements/{id}/individual-report/ (spec §2: list; {id}/index, manageability, personal-character, distribution). */
export function individualReportRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/individual-report';
  const report = `${base}/:individualReportId`;
  return [
    { path: `${base}/list.html`, element: <ReportListPage /> },
    { path: `${report}/index.html`, element: <ReportIndexPage /> },
    { path: `${report}/manageability.html`, element: <ManageabilityPage /> },
    { path: `${report}/personal-character.html`, element: <PersonalCharacterPage /> },
    { path: `${report}/distribution.html`, element: <DistributionPage /> },
    { path: base, element: <Navigate to="list.html" relative="path" replace /> },
    { path: report, element: <Navigate to="index.html" relative="path" replace /> },
    { path: `${base}/*`, element: <NotFoundContent homePath="engagements/list.html" /> },
  ];
}
