import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { TNamespace } from '../locales/namespace-files.ts';
import { loadNamespaces } from '../shared/i18n/i18n.ts';

/**
 * A route whose page is fetched when it is first opened: its module and the text namespaces it
 * needs arrive in parallel, and React Router renders the route (or finishes the navigation) only
 * once both are in, so no loader flashes and no raw text key shows. `render` builds the element
 * from the loaded module (`(m) => <m.SomePage />`), so pages with props or keys work too.
 */
export function lazyPage<TModule>(load: () => Promise<TModule>, render: (module: TModule) => ReactElement, namespaces: readonly TNamespace[] = []): NonNullable<RouteObject['lazy']> {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { element: render(module) };
  };
}
