import type { FastifyInstance } from 'fastify';
import type { TSendInvitationResult } from '@ona/contracts';
import type { Database, tables } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { emailLanguage, engagementTemplate, renderTemplateText } from '../email-templates/service.ts';
import { emailLink } from '../engagement-admin/public-links.ts';
import { invitationCalendar } from './invitation-calendar.ts';
import { firstPasswordLink, provisionParticipantAccounts, type InvitedEmployee } from './participant-accounts.ts';
import * as repo from './repository.ts';
import { assertSurveyNotEnded } from './survey-window.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

/**
 * Sends the invitation to every participant with an e-mail address, or a reminder to those who
 * have not finished, from the engagement's template in its default language, in one transaction
 * (writeInvitations): the accounts, the outbox rows with their delivery jobs and the record of who
 * was invited are stored together or not at all, so a failure half-way sends nobody anything and
 * the same request can simply be made again.
 */
export async function sendInvitations(app: FastifyInstance, engagement: EngagementRow, kind: 'invitation' | 'reminder', publicBase: string): Promise<TSendInvitationResult> {
  const written = await app.db.transaction((tx) => writeInvitations(app, tx, engagement, kind, publicBase));
  await forgetInvitedAccounts(app, written);
  return written.result;
}

/** What writeInvitations stored, and whose cached account must be read again once it is committed. */
export interface WrittenInvitations {
  result: TSendInvitationResult;
  userIds: number[];
  /** The employees written to (those with an address among the recipients). */
  employeeIds: number[];
}

/** `only`: write to these employees alone (a scheduled reminder reaching each at their own hour). */
export interface InvitationOptions {
  only?: ReadonlySet<number>;
}

/** After the commit: an account of another organisation may have become a member of this one. */
export async function forgetInvitedAccounts(app: FastifyInstance, written: WrittenInvitations): Promise<void> {
  await app.callerCache.forget({ users: written.userIds });
}

/**
 * Writes the invitations (or reminders) in the caller's transaction, for the request above and for
 * the journey's scheduled steps (journey-schedule/step-jobs.ts), which mark their step done in the
 * same transaction: a crash at any point leaves either everything or nothing, never a step done
 * with half of its e-mails. First everyone written to is made able to take the survey
 * (participant-accounts.ts): whoever has no password yet gets a personal link that sets one and
 * leads on to the survey; the others get the survey's intro page. Each e-mail is an outbox row
 * whose delivery job runs only after the commit.
 */
export async function writeInvitations(app: FastifyInstance, tx: Database, engagement: EngagementRow, kind: 'invitation' | 'reminder', publicBase: string, options: InvitationOptions = {}): Promise<WrittenInvitations> {
  if (!engagement.surveyCreatedAt) throw conflict('survey_not_created', 'survey.errors.survey_not_created');
  assertSurveyNotEnded(engagement);
  const { only } = options;
  const recipients = (await repo.loadRecipients(tx, engagement.id, kind === 'reminder')).filter((r) => !only || only.has(r.id));
  const withEmail: InvitedEmployee[] = recipients.flatMap((r) => (r.email ? [{ id: r.id, name: r.name, email: r.email, userId: r.userId }] : []));
  const firstPasswordTokens = await provisionParticipantAccounts(tx, engagement, withEmail, new Date());
  const language = emailLanguage(engagement.defaultLanguage);
  const introLink = emailLink(publicBase, engagement.id, kind);
  const linkOf = (employeeId: number) => {
    const first = firstPasswordTokens.get(employeeId);
    return first ? firstPasswordLink(publicBase, engagement.id, first.userId, first.token) : introLink;
  };
  const template = await engagementTemplate(tx, engagement.id, kind, language);
  // The invitation puts the answering window in the person's calendar (the same event for all).
  const calendar = kind === 'invitation' ? await invitationCalendar(tx, engagement, language, introLink, new Date()) : null;
  // One after another: a transaction has one connection, and each e-mail is only an insert.
  for (const next of withEmail) {
    const email = renderTemplateText(template, { name: next.name, engagement: engagement.name, link: linkOf(next.id), deadline: engagement.accessTill });
    await app.mailer.record(tx, { to: next.email, subject: email.subject, text: email.text, html: email.html, organizationId: engagement.organizationId, ...(calendar ? { attachments: [calendar] } : {}) });
  }
  await repo.recordInvitations(tx, engagement.id, withEmail.map((r) => r.id), kind, new Date());
  // Who was left out, and why: no address to write to, or (reminders) nothing left to remind of.
  const finished = kind === 'reminder' ? (await repo.loadRecipients(tx, engagement.id, false)).length - recipients.length : 0;
  return {
    result: { kind, sent_count: withEmail.length, skipped_count: recipients.length - withEmail.length, finished_count: finished },
    userIds: withEmail.flatMap((e) => (e.userId === null ? [] : [e.userId])),
    employeeIds: withEmail.map((e) => e.id),
  };
}
