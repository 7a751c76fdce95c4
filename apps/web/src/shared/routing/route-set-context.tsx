import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { TRouteSetMount } from '@ona/contracts';

type TRouteSetContext = {
  /** The route set the current page belongs to. */
  mount: TRouteSetMount;
  /** Every route set this host serves, for links that cross sets (site → app login). */
  mounts: readonly TRouteSetMount[];
};

const RouteSetContext = createContext<TRouteSetContext | null>(null);

export function RouteSetProvider({ value, children }: { value: TRouteSetContext; children: ReactNode }) {
  return <RouteSetContext.Provider value={value}>{children}</RouteSetContext.Provider>;
}

export function useRouteSet(): TRouteSetContext {
  const context = useContext(RouteSetContext);
  if (!context) throw new Error('useRouteSet must be used inside a route set');
  return context;
}

/**
 * Turns a path relative to the route set (`engagements/list.html`) into an absolute one, so the
 * same pages work under `/` and under `/instant-surveys/`.
 */
export function useRoutePath(): (relative: string) => string {
  const { mount } = useRouteSet();
  return useCallback((relative: string) => `${mount.base}${relative.replace(/^\//, '')}`, [mount.base]);
}
