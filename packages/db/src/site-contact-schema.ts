import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { emailOutbox } from './schema.ts';

/**
 * A visitor's message from the public site's contact form (instant-survey-and-site.md §7). Kept for
 * a limited time (docs/site-contact.md); the client's address only as a keyed hash, which is
 * enough to count requests per address and never gives the address back.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The language of the page the visitor wrote from (hu, en, de, ru). */
    language: text('language').notNull(),
    /** The privacy notice the visitor consented to (CURRENT_PRIVACY_NOTICE_VERSION when sent). */
    privacyNoticeVersion: text('privacy_notice_version').notNull(),
    clientAddressHash: text('client_address_hash').notNull(),
    /** The e-mail that carries it to CONTACT_EMAIL; deleted with the request when its time is up. */
    emailOutboxId: integer('email_outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_address_idx').on(t.clientAddressHash, t.createdAt), index('contact_requests_created_idx').on(t.createdAt)],
);
