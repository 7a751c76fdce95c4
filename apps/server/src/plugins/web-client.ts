import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { translate } from '../i18n/translate.ts';

/** apps/web/dist, seen from src/plugins/ (source) or from the bundle in apps/server/dist/. */
export const WEB_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../web/dist' : '../../web/dist', import.meta.url));

/** Vite names every file under assets/ after a hash of its content: a new build means a new name. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: revalidate each time so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

function isHashedAsset(filePath: string): boolean {
  return /[/\\]assets[/\\]/.test(filePath);
}

/**
 * Serves the built client; every non-API path the client routes itself (…/*.html under the three
 * route sets) falls back to index.html. The build ships `.br` and `.gz` twins of its text files,
 * which are sent as they are to a browser that accepts them (no compression work per request).
 */
export const webClientPlugin = fp<{ distDir?: string }>(async (app, options) => {
  const root = options.distDir ?? WEB_DIST;
  const hasClient = existsSync(`${root}/index.html`);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (response, filePath: string) => {
        response.setHeader('cache-control', isHashedAsset(filePath) ? IMMUTABLE_ASSET : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/ws/') && !/\.(js|css|map|png|svg|ico|json|woff2?|br|gz)$/.test(path);
    if (hasClient && wantsPage) {
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: translate(request.locale, 'errors.not_found'), code: 'not_found' });
  });
});
