import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeSetsForHost } from '@ona/contracts';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, routerReady } from './app/router.tsx';
import { reloadIntoNewBuild } from './app/new-build-reload.ts';
import { installSession } from './app/session.ts';
import { warmSession } from './features/auth/warm-session.ts';
import { syncAuthAcrossTabs } from './shared/auth/auth-store.ts';
import { initI18n } from './shared/i18n/i18n.ts';

const textsReady = initI18n();
const mounts = routeSetsForHost(window.location.hostname);
const router = createAppRouter(mounts);
const queryClient = createQueryClient();
installSession(router, mounts, queryClient);
warmSession(queryClient);
syncAuthAcrossTabs();
// A tab opened before a deploy moves to the new build when its next page's chunk is gone.
if (import.meta.env.PROD) reloadIntoNewBuild();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
// The HTML shell (index.html) stays on screen until the current language's texts and the first
// page's chunk are in; React then replaces it in one step, with nothing untranslated in between.
// A failed text chunk still renders: the route's error page says what went wrong.
void Promise.allSettled([textsReady, routerReady(router)]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
