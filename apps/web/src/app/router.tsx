import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../shared/ui/route-error-page.tsx';
import { appChildRoutes } from './app-routes.tsx';
import type { TRouteSetMount } from '@ona/contracts';
import { instantSurveyChildRoutes } from './instant-survey-routes.tsx';
import { RouteSetRoot } from './route-set-root.tsx';
import { siteChildRoutes } from './site-routes.tsx';

function childRoutes(mount: TRouteSetMount): RouteObject[] {
  switch (mount.name) {
    case 'app':
      return appChildRoutes(mount.base);
    case 'instant-survey':
      return instantSurveyChildRoutes(mount.base);
    case 'site':
      return siteChildRoutes();
  }
}

/** One browser router for the route sets this host serves, each under its own base. */
export function createAppRouter(mounts: readonly TRouteSetMount[]) {
  const routes: RouteObject[] = mounts.map((mount) => ({
    path: mount.base,
    element: <RouteSetRoot mount={mount} mounts={mounts} />,
    errorElement: <RouteErrorPage />,
    children: childRoutes(mount),
  }));
  return createBrowserRouter(routes);
}

export type TAppRouter = ReturnType<typeof createAppRouter>;

/** Settles once the first location's lazy routes are loaded, so the first render shows the page itself. */
export function routerReady(router: TAppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
