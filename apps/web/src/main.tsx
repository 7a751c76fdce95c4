import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeSetsForHost } from './app/host-route-sets.ts';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { installSession } from './app/session.ts';
import { syncAuthAcrossTabs } from './shared/auth/auth-store.ts';
import { initI18n } from './shared/i18n/i18n.ts';

initI18n();
const mounts = routeSetsForHost(window.location.hostname);
const router = createAppRouter(mounts);
const queryClient = createQueryClient();
installSession(router, mounts, queryClient);
syncAuthAcrossTabs();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
createRoot(root).render(
  <StrictMode>
    <Providers router={router} queryClient={queryClient} />
  </StrictMode>,
);
