import type { FastifyInstance } from 'fastify';
import type { TLocale } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import * as repo from './repository.ts';

type TParticipantRow = Awaited<ReturnType<typeof repo.loadParticipantRows>>[number];

/**
 * The participant page under the instant-survey base (INSTANT_SURVEY_URL, or `/instant-surveys`
 * of the public address), as the password reset links it (auth module), by the survey's public
 * id. The code rides along: should the token ever be refused, the page can still offer to join,
 * which needs the code (or the token itself as `invitation_token`).
 */
export function takeSurveyLink(instantBase: string, surveyPublicId: string, token: string, code: string): string {
  return `${instantBase.replace(/\/+$/, '')}/take-survey/${surveyPublicId}.html?token=${encodeURIComponent(token)}&code=${encodeURIComponent(code)}`;
}

/**
 * Each invitation carries a personal link with a fresh instant token (the participant arrives as
 * themself, no name to type) and the survey code as a fallback. Earlier links keep working.
 */
export async function sendInvitations(app: FastifyInstance, survey: repo.TSurveyRow, participants: TParticipantRow[], locale: TLocale, instantBase: string): Promise<number> {
  const invited: number[] = [];
  for (const participant of participants) {
    if (!participant.email) continue;
    const token = newSecretToken();
    await repo.addParticipantToken(app.db, participant.id, survey.id, hashSecretToken(token));
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, { name: participant.name, title: survey.title, code: survey.code });
    const text = [
      t('instant.emails.invitation.greeting'),
      '',
      t('instant.emails.invitation.body'),
      '',
      takeSurveyLink(instantBase, survey.publicId, token, survey.code),
      '',
      t('instant.emails.invitation.code'),
      '',
      t('instant.emails.invitation.signature'),
    ].join('\n');
    await app.mailer.send({ to: participant.email, subject: t('instant.emails.invitation.subject'), text, organizationId: survey.organizationId });
    invited.push(participant.id);
  }
  await repo.markInvited(app.db, invited);
  return invited.length;
}
