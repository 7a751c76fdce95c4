import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';

/** Declared against working network (issue 33) sits under the key people module, as the Metrics page, whose access it follows. */
export function declaredWorkingRoutes(): RouteObject[] {
  return [
    {
      path: 'engagements/:engagementId/key-people-analytics/declared-vs-working.html',
      lazy: lazyPage(() => import('./declared-working-page.tsx'), (m) => <m.DeclaredWorkingPage />, ['metrics', 'keyPeople', 'graph']),
    },
  ];
}
