import type { RouteObject } from 'react-router';

/**
 * The public site is prerendered HTML that the server sends itself (apps/site, docs/site.md); it
 * loads none of this application's code. A link inside the app that leads there is followed as a
 * full page load. The server never answers a site path with the app, so the app only meets one
 * when it navigates there itself; the check on the current address keeps a misrouted first load
 * (Vite's dev server) from reloading forever.
 */
export function siteChildRoutes(): RouteObject[] {
  return [
    {
      path: '*',
      loader: ({ request }) => {
        if (request.url !== window.location.href) window.location.assign(request.url);
        return null;
      },
      element: null,
    },
  ];
}
