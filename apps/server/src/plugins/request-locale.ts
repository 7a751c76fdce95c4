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
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
  });
});
