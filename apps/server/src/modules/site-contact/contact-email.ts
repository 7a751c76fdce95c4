import type { TContactRequest } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import type { OutgoingEmail } from '../../plugins/mail.ts';

export type TContactEmailLanguage = 'hu' | 'en' | 'de' | 'ru';

/**
 * The e-mail that brings a contact request to the site's inbox: in the inbox readers' language
 * (CONTACT_EMAIL_LANGUAGE), answering it writes to the visitor (Reply-To).
 */
export function contactEmail(
  request: TContactRequest,
  meta: { to: string; language: TContactEmailLanguage; pageLanguage: TContactEmailLanguage; privacyNoticeVersion: string; receivedAt: Date },
): OutgoingEmail {
  const t = (key: Parameters<typeof translate>[1], params: Record<string, string> = {}) => translate(meta.language, key, params);
  const orNotGiven = (value: string | undefined) => (value ? value : `(${t('site.contact.email.not_given')})`);
  // A name is one line in a subject, whatever the visitor typed into the field.
  const oneLineName = request.name.replace(/\s+/g, ' ');
  const lines = [
    t('site.contact.email.intro'),
    '',
    `${t('site.contact.email.name')}: ${request.name}`,
    `${t('site.contact.email.email')}: ${request.email}`,
    `${t('site.contact.email.company')}: ${orNotGiven(request.company)}`,
    `${t('site.contact.email.phone')}: ${orNotGiven(request.phone)}`,
    `${t('site.contact.email.language')}: ${t(`site.contact.email.languages.${meta.pageLanguage}`)}`,
    `${t('site.contact.email.consent')}: ${meta.privacyNoticeVersion}`,
    `${t('site.contact.email.received_at')}: ${meta.receivedAt.toISOString()}`,
    '',
    `${t('site.contact.email.message')}:`,
    request.message,
    '',
    '--',
    t('site.contact.email.reply'),
  ];
  return { to: meta.to, replyTo: request.email, subject: t('site.contact.email.subject', { name: oneLineName }), text: lines.join('\n') };
}
