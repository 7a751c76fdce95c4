import { mountForPath, type TRouteSetMount } from '@ona/contracts';

/** Login pages, relative to their route set's base: each set has its own (spec §2). */
export const APP_LOGIN = 'auth/login.html';
export const INSTANT_LOGIN = 'login.html';

/** The login page of the route set that owns `pathname`; the site borrows the app's. */
export function loginPathFor(mounts: readonly TRouteSetMount[], pathname: string): string {
  const mount = mountForPath(mounts, pathname);
  if (mount?.name === 'instant-survey') return `${mount.base}${INSTANT_LOGIN}`;
  const app = mount?.name === 'app' ? mount : mounts.find((candidate) => candidate.name === 'app');
  return `${app?.base ?? '/'}${APP_LOGIN}`;
}

/** The start page of the route set that owns `pathname`: the journeys list, or the instant surveys list. */
export function homePathFor(mounts: readonly TRouteSetMount[], pathname: string): string {
  const mount = mountForPath(mounts, pathname);
  if (mount?.name === 'instant-survey') return `${mount.base}surveys/list.html`;
  const app = mount?.name === 'app' ? mount : mounts.find((candidate) => candidate.name === 'app');
  return `${app?.base ?? '/'}engagements/list.html`;
}
