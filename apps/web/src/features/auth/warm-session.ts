import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { profileQuery } from './session-api.ts';

/**
 * A returning user (a stored token, no profile yet) is sent to loading.html for their profile
 * before any page that shows them. Measured on Fast 3G (docs/first-loads.md), that came last: the
 * loading page's chunk and the profile were asked for only after the first page's forty-odd chunks
 * had arrived, two round trips in a row. Asked for at start, both travel beside those chunks.
 * A failed profile (a revoked token) is left to the loading page, which shows or handles it as before.
 */
export function warmSession(queryClient: QueryClient): void {
  const { token, user } = useAuthStore.getState();
  if (!token || user) return;
  void queryClient.prefetchQuery(profileQuery);
  // The same module the loading route loads lazily: the route then finds it in the module map.
  void import('./loading-page.tsx');
}
