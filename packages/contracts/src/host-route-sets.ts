/**
 * Which route sets a host serves, and where (instant-survey-and-site.md §2). Pure, so the rule is
 * unit-tested without a browser.
 */
export type TRouteSetName = 'app' | 'site' | 'instant-survey';

export type TRouteSetMount = {
  name: TRouteSetName;
  /** Always starts and ends with '/'. */
  base: string;
};

const LOCAL_MOUNTS: readonly TRouteSetMount[] = [
  { name: 'site', base: '/site/' },
  { name: 'instant-survey', base: '/instant-surveys/' },
  { name: 'app', base: '/' },
];

function isPrivateIpv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return false;
  const [a = -1, b = -1] = parts.map(Number);
  if (a === 127 || a === 10) return true;
  if (a === 192 && b === 168) return true;
  return a === 172 && b >= 16 && b <= 31;
}

/** Hosts where developers, testers and demo visitors need every route set at once. */
export function isAllInOneHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    isPrivateIpv4(host) ||
    host.includes('demo')
  );
}

export function routeSetsForHost(hostname: string): readonly TRouteSetMount[] {
  const host = hostname.toLowerCase();
  if (isAllInOneHost(host)) return LOCAL_MOUNTS;
  if (host.startsWith('app')) return [{ name: 'app', base: '/' }];
  if (host.startsWith('instant-survey')) return [{ name: 'instant-survey', base: '/' }];
  return [{ name: 'site', base: '/' }];
}

/** The mounted route set a path belongs to: the one with the longest matching base. */
export function mountForPath(
  mounts: readonly TRouteSetMount[],
  pathname: string,
): TRouteSetMount | undefined {
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return [...mounts]
    .sort((left, right) => right.base.length - left.base.length)
    .find((mount) => pathname.startsWith(mount.base) || withSlash === mount.base);
}

/** Hosts that serve one route set at the root carry its name first (`app.…`, `instant-survey.…`). */
const HOST_PREFIX: Record<Exclude<TRouteSetName, 'site'>, string> = { app: 'app', 'instant-survey': 'instant-survey' };

/**
 * Where a page of the analytics app or of the instant surveys lives as seen from this host: on the
 * same origin when the host mounts that route set, else on the sibling host of the same domain
 * (`app.` or `instant-survey.`, same protocol and port).
 */
export function routeSetUrl(
  location: { hostname: string; protocol: string; port: string },
  mounts: readonly TRouteSetMount[],
  name: Exclude<TRouteSetName, 'site'>,
  path: string,
): string {
  const mounted = mounts.find((mount) => mount.name === name);
  if (mounted) return `${mounted.base}${path}`;
  const domain = location.hostname.replace(/^(www|app[^.]*|instant-survey[^.]*)\./i, '');
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${HOST_PREFIX[name]}.${domain}${port}/${path}`;
}

/** The analytics app's login page as seen from this host (see routeSetUrl). */
export function appLoginUrl(location: { hostname: string; protocol: string; port: string }, mounts: readonly TRouteSetMount[]): string {
  return routeSetUrl(location, mounts, 'app', 'auth/login.html');
}

/**
 * The participant's pages of the instant surveys (take-survey/{id}.html and its thank-you page):
 * the server answers them with the client's small participant entry (participant.html), which
 * carries neither the router nor the other route sets (docs/first-loads.md).
 */
export function isParticipantPath(mounts: readonly TRouteSetMount[], pathname: string): boolean {
  const mount = mountForPath(mounts, pathname);
  return mount?.name === 'instant-survey' && pathname.slice(mount.base.length).startsWith('take-survey/');
}
