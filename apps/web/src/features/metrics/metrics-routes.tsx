import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';

/** The Metrics page sits under the key people module, whose access level it follows; its own chunk. */
export function metricsRoutes(): RouteObject[] {
  return [
    {
      path: 'engagements/:engagementId/key-people-analytics/metrics.html',
      lazy: lazyPage(() => import('./metrics-page.tsx'), (m) => <m.MetricsPage />, ['metrics', 'keyPeople', 'confidence']),
    },
  ];
}
