import type { FastifyInstance } from 'fastify';
import type { TSendInvitationResult } from '@ona/contracts';
import type { tables } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { emailLanguage, engagementTemplate, renderTemplateText } from '../email-templates/service.ts';
import { emailLink } from '../engagement-admin/public-links.ts';
import * as repo from './repository.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

/** Deliveries in flight at once: enough to hide SMTP round trips, few enough not to flood the relay. */
const PARALLEL_DELIVERIES = 8;

/**
 * Sends the invitation to every participant with an e-mail address, or a reminder to those who
 * have not finished, from the engagement's template in its default language. Every e-mail is
 * recorded in the outbox (and delivered through SMTP when configured) before this answers.
 */
export async function sendInvitations(app: FastifyInstance, engagement: EngagementRow, kind: 'invitation' | 'reminder', publicBase: string): Promise<TSendInvitationResult> {
  if (!engagement.surveyCreatedAt) throw conflict('survey_not_created', 'survey.errors.survey_not_created');
  const recipients = await repo.loadRecipients(app.db, engagement.id, kind === 'reminder');
  const withEmail = recipients.filter((r): r is typeof r & { email: string } => typeof r.email === 'string' && r.email.length > 0);
  const language = emailLanguage(engagement.defaultLanguage);
  const link = emailLink(publicBase, engagement.id, kind);
  const template = await engagementTemplate(app.db, engagement.id, kind, language);
  const queue = [...withEmail];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const email = renderTemplateText(template, { name: next.name, engagement: engagement.name, link, deadline: engagement.accessTill });
      await app.mailer.send({ to: next.email, subject: email.subject, text: email.text, html: email.html, organizationId: engagement.organizationId });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DELIVERIES, withEmail.length) }, worker));
  await repo.recordInvitations(app.db, engagement.id, withEmail.map((r) => r.id), kind, new Date());
  const all = kind === 'reminder' ? (await repo.loadRecipients(app.db, engagement.id, false)).length : recipients.length;
  return { kind, sent_count: withEmail.length, skipped_count: all - withEmail.length };
}
