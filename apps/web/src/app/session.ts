import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { configureApiClient } from '../shared/api/api-client.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { useForbiddenStore } from '../shared/auth/forbidden-store.ts';
import { activeLocale } from '../shared/i18n/i18n.ts';
import { notify } from '../shared/notifications/notify.ts';
import { NEXT_PARAM, arrivedFromSignIn, intendedTarget, withReturnTarget } from '../shared/routing/return-target.ts';
import type { TRouteSetMount } from '@ona/contracts';
import type { TAppRouter } from './router.tsx';
import { homePathFor, loginPathFor } from './session-targets.ts';

/**
 * Spec §7 names 401 and 403; DECISIONS.md reads them apart. A 401 (no, expired or revoked token)
 * logs the user out and sends them to login with the current location as the target; the api
 * client still rejects, so the caller gets the error too. A 403 keeps the session: the page shows
 * the product's "no access" page, and a page reached straight from signing in (a return target
 * this user may not open) is dropped for the start page, so sign-in never leads back to a refusal.
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
    onForbidden: (_error, { handledByCaller }) => {
      const { location } = router.state;
      if (arrivedFromSignIn(location.state)) {
        const home = homePathFor(mounts, location.pathname);
        if (location.pathname !== home) {
          notify('warning', i18next.t('noAccess.targetDropped'));
          void router.navigate(home, { replace: true });
          return;
        }
      }
      if (!handledByCaller) useForbiddenStore.getState().mark(location.key);
    },
  });
}
