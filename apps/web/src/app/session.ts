import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../shared/api/api-client.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { activeLocale } from '../shared/i18n/i18n.ts';
import { NEXT_PARAM, intendedTarget, withReturnTarget } from '../shared/routing/return-target.ts';
import type { TRouteSetMount } from '@ona/contracts';
import type { TAppRouter } from './router.tsx';
import { loginPathFor } from './session-targets.ts';

/**
 * Spec §7: on any 401 or 403 the user is logged out and sent to login with the current location as
 * the target; the api client still rejects, so the caller gets the error too.
 */
export function installSession(router: TAppRouter, mounts: readonly TRouteSetMount[], queryClient: QueryClient): void {
  configureApiClient({
    getToken: () => useAuthStore.getState().token,
    getLocale: activeLocale,
    onUnauthorized: () => {
      useAuthStore.getState().signOut();
      const { pathname, search, hash } = router.state.location;
      const loginPath = loginPathFor(mounts, pathname);
      const onLoginPage = pathname === loginPath;
      const redirect = onLoginPage ? Promise.resolve() : router.navigate(withReturnTarget(loginPath, NEXT_PARAM, intendedTarget(pathname, search, hash)), { replace: true });
      // Cleared after leaving the page, so its queries are not refetched without a token.
      void redirect.then(() => queryClient.clear());
    },
  });
}
