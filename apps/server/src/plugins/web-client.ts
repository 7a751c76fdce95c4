import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isParticipantPath, mountForPath, routeSetsForHost, routeSetUrl, type TRouteSetMount } from '@ona/contracts';
import { translate } from '../i18n/translate.ts';
import { notFoundPage, showContactErrors, SITE_DIST, siteAnswer, siteFiles } from './site-pages.ts';

/** apps/web/dist, seen from src/plugins/ (source) or from the bundle in apps/server/dist/. */
export const WEB_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../web/dist' : '../../web/dist', import.meta.url));

/** Vite names every file under assets/ after a hash of its content: a new build means a new name. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: revalidate each time so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

/** The client's and the site's assets/ hold only content-hashed files. */
function isHashedAsset(filePath: string): boolean {
  return /[/\\]assets[/\\]/.test(filePath);
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/** The site's mount when this request is for the public site (instant-survey-and-site.md §2, host rule in @ona/contracts). */
function siteMount(request: FastifyRequest, path: string): { mount: TRouteSetMount; mounts: readonly TRouteSetMount[] } | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const mounts = routeSetsForHost(request.hostname);
  const mount = mountForPath(mounts, path);
  return mount?.name === 'site' ? { mount, mounts } : null;
}

/**
 * Serves the built client and the prerendered public site, choosing by host and path as the
 * client's route sets do: the site's addresses get the site's own HTML (its 404 page for an unknown
 * one), every other non-API path the client's index.html, which routes itself. Both builds ship
 * `.br` and `.gz` twins of their text files, which are sent as they are to a browser that accepts
 * them (no compression work per request).
 */
export const webClientPlugin = fp<{ distDir?: string; siteDir?: string }>(async (app, options) => {
  const root = options.distDir ?? WEB_DIST;
  const siteRoot = options.siteDir ?? SITE_DIST;
  const hasClient = existsSync(`${root}/index.html`);
  // The participant's own small entry (docs/first-loads.md); a build without it falls back to index.html.
  const hasParticipantEntry = existsSync(`${root}/participant.html`);
  const site = existsSync(`${siteRoot}/index.html`) ? siteFiles(siteRoot) : null;
  if (hasClient || site) {
    await app.register(fastifyStatic, {
      root: hasClient ? root : siteRoot,
      // Without a built client only reply.sendFile is needed, for the site.
      serve: hasClient,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // On a host that shows the site at its root, /index.html is the site's, not the client's
      // (this check also sees the site's own files, sent from the site's root).
      allowedPath: (_pathname, fileRoot, request) => fileRoot === siteRoot || siteMount(request, pathOf(request)) === null,
      setHeaders: (response, filePath: string) => {
        response.setHeader('cache-control', isHashedAsset(filePath) ? IMMUTABLE_ASSET : REVALIDATE);
      },
    });
  }

  async function sendSitePage(request: FastifyRequest, reply: FastifyReply, path: string, { mount, mounts }: { mount: TRouteSetMount; mounts: readonly TRouteSetMount[] }) {
    if (!site) return reply.status(404).send({ detail: translate(request.locale, 'errors.not_found'), code: 'not_found' });
    if (!path.startsWith(mount.base)) return reply.redirect(mount.base, 301);
    const answer = siteAnswer(path.slice(mount.base.length), new URLSearchParams(request.url.split('?')[1] ?? ''), site, mount.base);
    switch (answer.kind) {
      case 'file':
        return reply.sendFile(answer.file, siteRoot);
      case 'not-found':
        return reply.code(404).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(notFoundPage(readFileSync(join(siteRoot, answer.file), 'utf8'), mount.base));
      case 'redirect':
        return reply.redirect(answer.location, 301);
      case 'app': {
        const port = /:(\d+)$/.exec(request.host)?.[1] ?? '';
        return reply.redirect(routeSetUrl({ hostname: request.hostname, protocol: `${request.protocol}:`, port }, mounts, answer.routeSet, answer.path), 302);
      }
      case 'contact-errors': {
        const html = showContactErrors(readFileSync(join(siteRoot, answer.file), 'utf8'), answer.errors);
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      }
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    const siteRequest = siteMount(request, path);
    if (siteRequest && !path.startsWith('/api/') && !path.startsWith('/ws/')) return sendSitePage(request, reply, path, siteRequest);
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/ws/') && !/\.(js|css|map|png|svg|ico|json|woff2?|br|gz)$/.test(path);
    if (hasClient && wantsPage) {
      const page = hasParticipantEntry && isParticipantPath(routeSetsForHost(request.hostname), path) ? 'participant.html' : 'index.html';
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile(page);
    }
    return reply.status(404).send({ detail: translate(request.locale, 'errors.not_found'), code: 'not_found' });
  });
});
