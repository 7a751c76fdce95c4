import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RouteSetProvider } from '../shared/routing/route-set-context.tsx';
import type { TRouteSetMount } from '@ona/contracts';

/**
 * Routes load their chunk and texts before they render (lazy-route.tsx); this boundary only
 * catches a component that asks for one more text namespace on its own. Navigations run in a
 * transition, so there the old page stays until the new one is ready.
 */
export function RouteSetRoot({ mount, mounts }: { mount: TRouteSetMount; mounts: readonly TRouteSetMount[] }) {
  return (
    <RouteSetProvider value={{ mount, mounts }}>
      <Suspense
        fallback={
          <Center mih={240} role="status" aria-busy="true">
            <Loader size="md" />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </RouteSetProvider>
  );
}
