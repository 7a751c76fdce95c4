import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZContactRequest, ZContactRequestReceived } from '@ona/contracts';
import type { ValidationIssue } from '../../errors/error-handler.ts';
import { translate } from '../../i18n/translate.ts';
import { createAddressHasher } from './address-hash.ts';
import { botSignal } from './bot-signals.ts';
import { contactPayloadFromForm } from './form-body.ts';
import { errorsLocation, sentLocation } from './form-redirect.ts';
import { receiveContactRequest, type TContactSettings } from './service.ts';

const FORM = 'application/x-www-form-urlencoded';
/** The longest valid form, every character of a 5,000-character message escaped, fits well. */
const BODY_LIMIT = 128 * 1024;

const SUMMARY = [
  'The public site\'s contact form (docs/site-contact.md).',
  'JSON: 200 with a thank-you, 400 with the field errors.',
  'A form post (application/x-www-form-urlencoded, JavaScript off): 303 to contact.html?sent=1, or back with ?errors=field:problem,…',
  'A request from a bot (honeypot field filled, sent under 3 s after the form was shown, more than 5 an hour from one address) is answered exactly like a stored one and not stored.',
].join(' ');

/** `POST /api/send-contact-email/` (instant-survey-and-site.md §7, DECISIONS.md). */
export const siteContactRoutes: FastifyPluginAsyncZod<TContactSettings> = async (app, settings) => {
  if (!settings.inbox) app.log.warn('CONTACT_EMAIL is not set: contact requests are stored but not mailed');
  const hashAddress = createAddressHasher(app.db);

  // Only this plugin's route reads HTML forms (the plugin is encapsulated: no other route does).
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, contactPayloadFromForm(String(body)));
  });

  app.post('/send-contact-email/', {
    bodyLimit: BODY_LIMIT,
    // The handler decides what a validation failure answers: a bot's is dropped, a form's redirected.
    attachValidation: true,
    schema: {
      tags: ['site'],
      summary: SUMMARY,
      consumes: ['application/json', FORM],
      body: ZContactRequest,
      response: {
        200: ZContactRequestReceived,
        303: z.null().describe('A form post: to the contact page, `?sent=1` or `?errors=…` (Location header)'),
        400: ZApiError,
      },
    },
  }, async (request, reply) => {
    const fromForm = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === FORM;
    const received = () => (fromForm ? reply.redirect(sentLocation(request), 303) : reply.status(200).send({ detail: translate(request.locale, 'site.contact.received') }));

    const signal = botSignal(request.body, Date.now());
    if (signal) {
      request.log.info({ reason: signal }, 'contact request dropped');
      return received();
    }
    if (request.validationError) {
      if (fromForm) return reply.redirect(errorsLocation(request, request.validationError.validation as ValidationIssue[]), 303);
      throw request.validationError;
    }
    const outcome = await receiveContactRequest(app, settings, request.body, { addressHash: await hashAddress(request.ip), locale: request.locale, now: new Date() });
    request.log.info(outcome.stored ? { contactRequestId: outcome.id } : { reason: outcome.reason }, outcome.stored ? 'contact request stored' : 'contact request dropped');
    return received();
  });
};
