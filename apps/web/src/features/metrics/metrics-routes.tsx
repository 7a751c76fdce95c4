import type { RouteObject } from 'react-router';
import { MetricsPage } from './metrics-page.tsx';

/** The Metrics page sits under the key people module, whose access level it follows. */
export function metricsRoutes(): RouteObject[] {
  return [{ path: 'engagements/:engagementId/key-people-analytics/metrics.html', element: <MetricsPage /> }];
}
