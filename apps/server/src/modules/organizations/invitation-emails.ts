import type { FastifyInstance } from 'fastify';
import type { TContentLanguage } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';

/** How long the link of an invitation sets the password: a week, as invitees read mail late. */
export const INVITATION_LINK_LIFETIME_DAYS = 7;

interface Recipient {
  id: number;
  name: string;
  email: string;
}

interface Sender {
  inviterName: string;
  organizationName: string;
  organizationId: number;
  /** The organisation's default language: the invitee's own is not known yet. */
  language: TContentLanguage;
  publicBase: string;
}

/**
 * The one-time link that sets an invited user's first password: the reset page, marked as an
 * invitation so that it says "Set your password".
 */
export function invitationLink(base: string, userId: number, token: string): string {
  return `${base}/auth/confirm-reset-password.html?uid=${userId}&token=${encodeURIComponent(token)}&purpose=invitation`;
}

export function sendInvitationEmail(app: FastifyInstance, to: Recipient, from: Sender, token: string): void {
  const params = { name: to.name, inviter: from.inviterName, organization: from.organizationName, days: INVITATION_LINK_LIFETIME_DAYS };
  const t = (key: MessageKey) => translate(from.language, key, params);
  const text = [
    t('organizations.emails.invitation.greeting'),
    '',
    t('organizations.emails.invitation.body'),
    '',
    invitationLink(from.publicBase, to.id, token),
    '',
    t('organizations.emails.invitation.after'),
    '',
    t('organizations.emails.invitation.signature'),
  ].join('\n');
  app.mailer.sendInBackground({ to: to.email, subject: t('organizations.emails.invitation.subject'), text, organizationId: from.organizationId });
}

/** An existing account joined the organisation: it keeps its one password and signs in as before. */
export function sendAddedEmail(app: FastifyInstance, to: Recipient, from: Sender): void {
  const params = { name: to.name, inviter: from.inviterName, organization: from.organizationName };
  const t = (key: MessageKey) => translate(from.language, key, params);
  const text = [
    t('organizations.emails.added.greeting'),
    '',
    t('organizations.emails.added.body'),
    '',
    `${from.publicBase}/auth/login.html`,
    '',
    t('organizations.emails.added.signature'),
  ].join('\n');
  app.mailer.sendInBackground({ to: to.email, subject: t('organizations.emails.added.subject'), text, organizationId: from.organizationId });
}
