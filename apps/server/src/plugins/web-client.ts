import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { translate } from '../i18n/translate.ts';

/** apps/web/dist, seen from src/plugins/ (source) or from the bundle in apps/server/dist/. */
export const WEB_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../web/dist' : '../../web/dist', import.meta.url));

/**
 * Serves the built client; every non-API path the client routes itself (…/*.html under the three
 * route sets) falls back to index.html.
 */
export const webClientPlugin = fp<{ distDir?: string }>(async (app, options) => {
  const root = options.distDir ?? WEB_DIST;
  const hasClient = existsSync(`${root}/index.html`);
  if (hasClient) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, cacheControl: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/ws/') && !/\.(js|css|map|png|svg|ico|json|woff2?)$/.test(path);
    if (hasClient && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: translate(request.locale, 'errors.not_found'), code: 'not_found' });
  });
});
