import { Navigate, Outlet, useLocation } from 'react-router';
import { NEXT_PARAM, intendedTarget, withReturnTarget } from '../routing/return-target.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * The route guard: without a stored token, go to this route set's login carrying the intended
 * target, so the user lands back on it after signing in.
 */
export function RequireToken({ loginPath }: { loginPath: string }) {
  const token = useAuthStore((state) => state.token);
  const location = useLocation();
  if (!token) {
    const target = intendedTarget(location.pathname, location.search, location.hash);
    return <Navigate to={withReturnTarget(loginPath, NEXT_PARAM, target)} replace />;
  }
  return <Outlet />;
}
