import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGuard } from './build/chunk-guard.ts';
import { precompress } from './build/precompress-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API server of `npm run dev`; the production server serves dist/ itself on one port.
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  root: webRoot,
  plugins: [react(), chunkGuard(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy page pulls in (scripts/check-chunks.ts reads it).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
