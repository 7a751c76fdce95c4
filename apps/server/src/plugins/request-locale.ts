import fp from 'fastify-plugin';
import type { TLocale } from '@ona/contracts';
import { localeFromAcceptLanguage } from '../i18n/request-locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: TLocale;
  }
}

/** Every request knows the language of its answer from Accept-Language (fallback English). */
export const requestLocalePlugin = fp(async (app) => {
  app.decorateRequest('locale', 'en');
  // A callback hook: no promise and microtask turn for every request.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    done();
  });
});
