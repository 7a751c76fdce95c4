import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-route.tsx';

const home = lazyPage(() => import('../features/site/site-home-page.tsx'), (m) => <m.SiteHomePage />, ['site']);

/** The public site; for now its home page only (blog, contact and privacy come later), a chunk of its own. */
export function siteChildRoutes(): RouteObject[] {
  return [
    { index: true, lazy: home },
    { path: 'index.html', lazy: home },
    { path: '*', lazy: home },
  ];
}
