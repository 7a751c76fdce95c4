import { Outlet, ScrollRestoration } from 'react-router';
import { RouteSetProvider } from '../shared/routing/route-set-context.tsx';
import type { TRouteSetMount } from './host-route-sets.ts';

export function RouteSetRoot({ mount, mounts }: { mount: TRouteSetMount; mounts: readonly TRouteSetMount[] }) {
  return (
    <RouteSetProvider value={{ mount, mounts }}>
      <Outlet />
      <ScrollRestoration />
    </RouteSetProvider>
  );
}
