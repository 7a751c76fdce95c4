import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGuard } from './build/chunk-guard.ts';
import { pageBudgetGuard } from './build/page-budgets.ts';
import { precompress } from './build/precompress-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API server of `npm run dev`; the production server serves dist/ itself on one port.
const apiTarget = 'http://127.0.0.1:8080';

/**
 * `npm run dev` answers the participant's pages with participant.html, as the production server
 * does (apps/server/src/plugins/web-client.ts, isParticipantPath in @ona/contracts).
 */
function participantPagesInDev(): Plugin {
  return {
    name: 'ona-participant-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /\/take-survey\/[^/?]+(\.html|\/thankyou\.html)(\?|$)/.test(request.url)) request.url = '/participant.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  // The budget guard reads the .br twins: it comes after precompress.
  plugins: [react(), participantPagesInDev(), chunkGuard(), precompress(), pageBudgetGuard()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy page pulls in (scripts/check-chunks.ts reads it).
    manifest: true,
    // The whole client, and the participant's small entry for the take-survey pages (docs/first-loads.md).
    rollupOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), participant: fileURLToPath(new URL('./participant.html', import.meta.url)) } },
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
