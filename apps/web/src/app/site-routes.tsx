import type { RouteObject } from 'react-router';
import { SiteHomePage } from '../features/site/site-home-page.tsx';

/** The public site; for now its home page only (blog, contact and privacy come later). */
export function siteChildRoutes(): RouteObject[] {
  return [
    { index: true, element: <SiteHomePage /> },
    { path: 'index.html', element: <SiteHomePage /> },
    { path: '*', element: <SiteHomePage /> },
  ];
}
