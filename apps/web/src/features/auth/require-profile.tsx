import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { REDIRECT_PARAM, withReturnTarget } from '../../shared/routing/return-target.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';

/** Pages that show the user or organisation wait on the loading route until the profile is in. */
export function RequireProfile() {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const path = useRoutePath();
  if (!user) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withReturnTarget(path('loading.html'), REDIRECT_PARAM, target)} replace />;
  }
  return <Outlet />;
}
