import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';

/** Key people analytics under engagements/{id}/key-people-analytics/ (spec §2: list); its own chunk. */
export function keyPeopleRoutes(): RouteObject[] {
  const base = 'engagements/:engagementId/key-people-analytics';
  return [
    { path: `${base}/list.html`, lazy: lazyPage(() => import('./key-people-page.tsx'), (m) => <m.KeyPeoplePage />, ['keyPeople', 'graph', 'confidence']) },
    { path: base, element: <Navigate to="list.html" relative="path" replace /> },
    { path: `${base}/*`, element: <NotFoundContent homePath="engagements/list.html" /> },
  ];
}
