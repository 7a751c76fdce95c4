import type { FastifyInstance } from 'fastify';
import { CURRENT_PRIVACY_NOTICE_VERSION, type TContactRequest, type TLocale } from '@ona/contracts';
import { contactEmail, type TContactEmailLanguage } from './contact-email.ts';
import { storeContactRequestWithinLimit } from './repository.ts';

/** Stored requests per address and hour; more from one address is a bot or a mistake. */
export const CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR = 5;
/** How long a contact request (and the e-mail that carried it) is kept: docs/site-contact.md. */
export const CONTACT_REQUEST_RETENTION_DAYS = 365;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export type TContactSettings = {
  /** CONTACT_EMAIL; unset, requests are stored but not mailed. */
  inbox: string | undefined;
  inboxLanguage: TContactEmailLanguage;
};

export type TContactOutcome = { stored: true; id: number } | { stored: false; reason: 'rate_limited' };

function pageLanguage(request: TContactRequest, locale: TLocale): TContactEmailLanguage {
  if (request.language) return request.language;
  return locale === 'hu' || locale === 'de' || locale === 'ru' ? locale : 'en';
}

/**
 * Stores a valid contact request and records its e-mail to the inbox in one transaction, within
 * the per-address limit; the e-mail goes out once that transaction has committed.
 */
export async function receiveContactRequest(
  app: FastifyInstance,
  settings: TContactSettings,
  request: TContactRequest,
  context: { addressHash: string; locale: TLocale; now: Date },
): Promise<TContactOutcome> {
  const language = pageLanguage(request, context.locale);
  const inbox = settings.inbox;
  const attempt = await storeContactRequestWithinLimit(
    app.db,
    {
      name: request.name,
      email: request.email,
      company: request.company || null,
      phone: request.phone || null,
      message: request.message,
      language,
      privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION,
      clientAddressHash: context.addressHash,
    },
    {
      since: new Date(context.now.getTime() - HOUR_MS),
      limit: CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR,
      retainedSince: new Date(context.now.getTime() - CONTACT_REQUEST_RETENTION_DAYS * DAY_MS),
    },
    async (tx) => {
      if (!inbox) return null;
      const email = contactEmail(request, { to: inbox, language: settings.inboxLanguage, pageLanguage: language, privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION, receivedAt: context.now });
      // Its delivery job is written in this transaction too: it runs once the request is committed.
      const row = await app.mailer.record(tx, email);
      return row.id;
    },
  );
  if (!attempt.allowed) return { stored: false, reason: 'rate_limited' };
  return { stored: true, id: attempt.id };
}
