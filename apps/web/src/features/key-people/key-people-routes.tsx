import { Navigate, type RouteObject } from 'react-router';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { KeyPeoplePage } from './key-people-page.tsx';

/** Key people analytics under engagements/{id}/key-people-analytics/ (spec §2: list). */
export function keyPeopleRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/key-people-analytics';
  return [
    { path: `${base}/list.html`, element: <KeyPeoplePage /> },
    { path: base, element: <Navigate to="list.html" relative="path" replace /> },
    { path: `${base}/*`, element: <NotFoundContent homePath="engagements/list.html" /> },
  ];
}
