import type { TAcceptTerms, TEmployeeSurvey, TLocale, TSurveyAnswer, TSurveyProgress, TSurveyUser } from '@ona/contracts';
import type { Database, tables } from '@ona/db';
import { ApiError, conflict, forbidden, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isEngagementAdmin } from '../engagements/service.ts';
import { localizedBadRequest } from '../engagement-admin/localized-errors.ts';
import * as repo from './repository.ts';
import { currentPrivacyNotice, recordAcceptance } from '../privacy-notice/privacy-notice-repository.ts';
import { saveAnswerStatement } from './save-answer-statement.ts';
import { assertSurveyOpen, isSurveyOpen } from './survey-window.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

export interface SurveyTaker {
  engagement: EngagementRow;
  /** Always the caller's own record: no request parameter can name another employee. */
  employee: { id: number; name: string };
  termsAccepted: boolean;
}

/**
 * The caller as a survey participant. The same visibility as the engagements list: another
 * organisation's engagement, or one the caller has no part in, answers 404; then 403 without
 * survey access or without an employee record in the engagement; 409 before the survey exists.
 */
export async function resolveSurveyTaker(db: Database, auth: AuthContext, engagementId: number): Promise<SurveyTaker> {
  const caller = await repo.loadSurveyCaller(db, auth.organizationId, engagementId, auth.user.id);
  if (!caller) throw notFound();
  const visible = isEngagementAdmin(auth) || ((caller.hasGrant || caller.employeeId !== null) && caller.engagement.archivedAt === null);
  if (!visible) throw notFound();
  const level = caller.surveyLevel ?? 'no_access';
  if (level === 'no_access' || level === 'module_disabled') throw forbidden();
  if (caller.employeeId === null || caller.employeeName === null) throw new ApiError(403, 'not_a_participant', 'survey.errors.not_a_participant');
  if (!caller.engagement.surveyCreatedAt) throw conflict('survey_not_created', 'survey.errors.survey_not_created');
  return { engagement: caller.engagement, employee: { id: caller.employeeId, name: caller.employeeName }, termsAccepted: caller.termsAcceptedAt !== null };
}

/** The request's language, else the engagement's default language, else English, else any text. */
export function questionText(texts: Record<string, string>, locale: TLocale, defaultLanguage: string): string {
  return texts[locale] || texts[defaultLanguage] || texts.en || Object.values(texts).find((t) => t) || '';
}

export async function getEmployeeSurvey(db: Database, taker: SurveyTaker, locale: TLocale): Promise<TEmployeeSurvey> {
  const { engagement, employee } = taker;
  const [questions, colleagues, ownAnswers, participation, notice] = await Promise.all([
    repo.loadQuestions(db, engagement.id),
    repo.loadColleagues(db, engagement.id),
    repo.loadOwnAnswers(db, employee.id),
    repo.findParticipation(db, engagement.id, employee.id),
    currentPrivacyNotice(db, engagement.organizationId),
  ]);
  const toUser = (c: (typeof colleagues)[number]): TSurveyUser => ({
    id: c.id,
    name: c.name,
    unit: c.unitId === null || c.unitName === null ? null : { id: c.unitId, name: c.unitName },
  });
  const available = colleagues.filter((c) => c.id !== employee.id).map(toUser);
  const lastIndex = participation?.lastQuestionId == null ? -1 : questions.findIndex((q) => q.id === participation.lastQuestionId);
  const answerOf = new Map(ownAnswers.map((a) => [a.questionId, a]));
  const answers: TSurveyAnswer[] = questions.map((q, index) => {
    const own = answerOf.get(q.id);
    return { question: q.id, answered: own !== undefined, seen: own !== undefined || index <= lastIndex, selected_users: own?.selected ?? [], sequence: own?.sequence ?? null };
  });
  const named = new Set(ownAnswers.flatMap((a) => a.selected));
  return {
    id: engagement.id,
    name: engagement.name,
    last_question_index: lastIndex >= 0 ? lastIndex : null,
    available_users: available,
    questions: questions.map((q, index) => ({ id: q.id, text: questionText(q.texts, locale, engagement.defaultLanguage), category: q.category, kind: q.kind, index })),
    answers,
    selected_users: available.filter((u) => named.has(u.id)),
    access_from: engagement.accessFrom,
    access_till: engagement.accessTill,
    is_open: isSurveyOpen(engagement),
    terms_accepted: participation?.termsAcceptedAt != null,
    finished: participation?.finishedAt != null,
    privacy_notice: notice ? { version: notice.version, text: notice.text } : null,
  };
}

async function progressOf(db: Database, taker: SurveyTaker): Promise<TSurveyProgress> {
  const [participation, questions] = await Promise.all([repo.findParticipation(db, taker.engagement.id, taker.employee.id), repo.loadQuestions(db, taker.engagement.id)]);
  const index = participation?.lastQuestionId == null ? -1 : questions.findIndex((q) => q.id === participation.lastQuestionId);
  return { terms_accepted: participation?.termsAcceptedAt != null, finished: participation?.finishedAt != null, last_question_index: index >= 0 ? index : null };
}

/**
 * The consent tick, and with it the record of which privacy notice version the person accepted and
 * when (docs/privacy/confidentiality.md, "Privacy notice"), both in one transaction.
 */
export async function acceptTerms(db: Database, taker: SurveyTaker, input: TAcceptTerms = {}): Promise<TSurveyProgress> {
  assertSurveyOpen(taker.engagement);
  const notice = await currentPrivacyNotice(db, taker.engagement.organizationId);
  if (notice && input.privacy_notice_version === undefined) {
    throw new ApiError(400, 'validation_error', 'errors.validation_failed', { privacy_notice_version: ['errors.field_required'] });
  }
  if (notice && input.privacy_notice_version !== notice.version) throw conflict('privacy_notice_changed', 'organizations.confidentiality.errors.notice_not_current');
  const at = new Date();
  await db.transaction(async (tx) => {
    await repo.acceptTerms(tx, taker.engagement.id, taker.employee.id, at);
    if (notice) await recordAcceptance(tx, notice.id, taker.engagement.id, taker.employee.id, at);
  });
  return progressOf(db, taker);
}

export async function finishSurvey(db: Database, taker: SurveyTaker): Promise<TSurveyProgress> {
  assertSurveyOpen(taker.engagement);
  requireAcceptedTerms(taker);
  await repo.markFinished(db, taker.engagement.id, taker.employee.id, new Date());
  return progressOf(db, taker);
}

function requireAcceptedTerms(taker: SurveyTaker): void {
  if (!taker.termsAccepted) throw conflict('terms_not_accepted', 'survey.errors.terms_not_accepted');
}

async function requireQuestion(db: Database, taker: SurveyTaker, questionId: number): Promise<void> {
  // Another engagement's question is as unknown here as a question that does not exist.
  if (!(await repo.findQuestion(db, taker.engagement.id, questionId))) throw notFound();
}

export async function getAnswer(db: Database, taker: SurveyTaker, questionId: number): Promise<TSurveyAnswer> {
  await requireQuestion(db, taker, questionId);
  const [answer, participation, questions] = await Promise.all([
    repo.findOwnAnswer(db, taker.employee.id, questionId),
    repo.findParticipation(db, taker.engagement.id, taker.employee.id),
    repo.loadQuestions(db, taker.engagement.id),
  ]);
  const index = questions.findIndex((q) => q.id === questionId);
  const lastIndex = participation?.lastQuestionId == null ? -1 : questions.findIndex((q) => q.id === participation.lastQuestionId);
  return { question: questionId, answered: answer !== undefined, seen: answer !== undefined || index <= lastIndex, selected_users: answer?.selected ?? [], sequence: answer?.sequence ?? null };
}

/**
 * Saves the caller's whole answer to one question. An empty list is an answer too ("nobody").
 * Colleagues must be employees of the same engagement, never the caller. The checks, the upsert
 * and where the survey resumes go to the database as one statement (save-answer-statement.ts);
 * a stale save (older sequence) changes nothing, not even where the survey resumes.
 */
export async function saveAnswer(db: Database, taker: SurveyTaker, questionId: number, selectedUsers: number[], locale: TLocale, sequence?: number): Promise<TSurveyAnswer> {
  const selected = [...new Set(selectedUsers)];
  const namesSelf = selected.includes(taker.employee.id);
  const allowed = isSurveyOpen(taker.engagement) && taker.termsAccepted && !namesSelf;
  const outcome = await saveAnswerStatement(db, { engagementId: taker.engagement.id, employeeId: taker.employee.id, questionId, selected, at: new Date(), sequence: sequence ?? null, allowed });
  // Another engagement's question is as unknown here as a question that does not exist.
  if (outcome.kind === 'unknown_question') throw notFound();
  if (outcome.kind === 'refused') {
    assertSurveyOpen(taker.engagement);
    requireAcceptedTerms(taker);
    throw localizedBadRequest(locale, 'validation_error', 'errors.validation_failed', new Map([['selected_users', [{ key: 'survey.errors.cannot_name_yourself' }]]]));
  }
  if (outcome.kind === 'unknown_colleagues') {
    throw localizedBadRequest(locale, 'validation_error', 'errors.validation_failed', new Map([['selected_users', [{ key: 'survey.errors.unknown_colleague', params: { ids: outcome.ids.join(', ') } }]]]));
  }
  return { question: questionId, answered: true, seen: true, selected_users: outcome.selected, sequence: outcome.sequence };
}
