import type { FastifyInstance } from 'fastify';
import type { TSendInvitationResult } from '@ona/contracts';
import type { tables } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { emailLanguage, engagementTemplate, renderTemplateText } from '../email-templates/service.ts';
import { emailLink } from '../engagement-admin/public-links.ts';
import { firstPasswordLink, provisionParticipantAccounts, type InvitedEmployee } from './participant-accounts.ts';
import * as repo from './repository.ts';
import { assertSurveyNotEnded } from './survey-window.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

/** Deliveries in flight at once: enough to hide SMTP round trips, few enough not to flood the relay. */
const PARALLEL_DELIVERIES = 8;

/**
 * Sends the invitation to every participant with an e-mail address, or a reminder to those who
 * have not finished, from the engagement's template in its default language. First, in one
 * transaction, everyone written to is made able to take the survey (participant-accounts.ts):
 * whoever has no password yet gets a personal link that sets one and leads on to the survey; the
 * others get the survey's intro page. Every e-mail is recorded in the outbox (and delivered through
 * SMTP when configured) before this answers.
 */
export async function sendInvitations(app: FastifyInstance, engagement: EngagementRow, kind: 'invitation' | 'reminder', publicBase: string): Promise<TSendInvitationResult> {
  if (!engagement.surveyCreatedAt) throw conflict('survey_not_created', 'survey.errors.survey_not_created');
  assertSurveyNotEnded(engagement);
  const recipients = await repo.loadRecipients(app.db, engagement.id, kind === 'reminder');
  const withEmail: InvitedEmployee[] = recipients.flatMap((r) => (r.email ? [{ id: r.id, name: r.name, email: r.email, userId: r.userId }] : []));
  const firstPasswordTokens = await app.db.transaction((tx) => provisionParticipantAccounts(tx, engagement, withEmail, new Date()));
  // An account of another organisation may have become a member of this one (one more to switch to).
  await app.callerCache.forget({ users: withEmail.flatMap((e) => (e.userId === null ? [] : [e.userId])) });
  const language = emailLanguage(engagement.defaultLanguage);
  const introLink = emailLink(publicBase, engagement.id, kind);
  const linkOf = (employeeId: number) => {
    const first = firstPasswordTokens.get(employeeId);
    return first ? firstPasswordLink(publicBase, engagement.id, first.userId, first.token) : introLink;
  };
  const template = await engagementTemplate(app.db, engagement.id, kind, language);
  const queue = [...withEmail];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const email = renderTemplateText(template, { name: next.name, engagement: engagement.name, link: linkOf(next.id), deadline: engagement.accessTill });
      await app.mailer.send({ to: next.email, subject: email.subject, text: email.text, html: email.html, organizationId: engagement.organizationId });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DELIVERIES, withEmail.length) }, worker));
  await repo.recordInvitations(app.db, engagement.id, withEmail.map((r) => r.id), kind, new Date());
  // Who was left out, and why: no address to write to, or (reminders) nothing left to remind of.
  const finished = kind === 'reminder' ? (await repo.loadRecipients(app.db, engagement.id, false)).length - recipients.length : 0;
  return { kind, sent_count: withEmail.length, skipped_count: recipients.length - withEmail.length, finished_count: finished };
}
