/** Query parameter that carries where to go after login (the route guard's return target). */
export const NEXT_PARAM = 'next';
/** Query parameter of the loading route: where to go once the profile is loaded. */
export const REDIRECT_PARAM = 'redirect';

/**
 * Accepts only same-origin paths, so a crafted link cannot send a user elsewhere after login
 * (`//evil.example`, `https://…`, `/\evil`). Login pages are refused too, to avoid a loop.
 */
export function safeReturnTarget(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  const path = value.split(/[?#]/)[0] ?? '';
  if (path.endsWith('/login.html') || path.endsWith('/loading.html')) return fallback;
  return value;
}

/**
 * `/base/login.html?next=/engagements/3.html`: slashes stay readable (RFC 3986 allows them in a
 * query), everything else that could break the query is encoded.
 */
export function withReturnTarget(path: string, param: string, target: string): string {
  return `${path}?${param}=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}

/**
 * What the user was heading for: on the loading page that is its own redirect target, not the
 * loading page itself.
 */
export function intendedTarget(pathname: string, search: string, hash: string): string {
  if (pathname.endsWith('/loading.html')) {
    const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
    if (redirect) return redirect;
  }
  return `${pathname}${search}${hash}`;
}

/**
 * Where the password-reset page sends the user once the password is set: the login page, carrying
 * on to the link's own `next` target when it has a safe one (the personal link of a survey
 * invitation leads on to the survey intro this way).
 */
export function loginAfterPasswordReset(loginPath: string, next: string | null): string {
  const target = safeReturnTarget(next, '');
  return target ? withReturnTarget(loginPath, NEXT_PARAM, target) : loginPath;
}

/** Navigation state of the page that sign-in leads to (its return target, or the start page). */
export const AFTER_SIGN_IN = { afterSignIn: true } as const;

/** Whether the user reached this location straight from signing in. */
export const arrivedFromSignIn = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'afterSignIn' in state && state.afterSignIn === true;
