import { z } from 'zod';
import { ZDbId, ZDbIdParam } from './ids.ts';

/** The graph categories of spec section 3; every question belongs to one. */
export const QUESTION_CATEGORIES = [
  'trust',
  'corporate_info',
  'work_info',
  'active_info',
  'work_cooperation',
  'corporate_values',
  'opinion',
  'idea',
  'quality_work_connection',
] as const;
export const ZQuestionCategory = z.enum(QUESTION_CATEGORIES);
export type TQuestionCategory = z.infer<typeof ZQuestionCategory>;

/** Languages a question and an e-mail template are written in. */
export const CONTENT_LANGUAGES = ['hu', 'en', 'de', 'ru'] as const;
export const ZContentLanguage = z.enum(CONTENT_LANGUAGES);
export type TContentLanguage = z.infer<typeof ZContentLanguage>;


export const ZSurveyUnitRef = z.object({ id: z.number().int(), name: z.string() });

/** A colleague the employee may name. */
export const ZSurveyUser = z.object({ id: z.number().int(), name: z.string(), unit: ZSurveyUnitRef.nullable() });
export type TSurveyUser = z.infer<typeof ZSurveyUser>;

export const ZSurveyQuestion = z.object({
  id: z.number().int(),
  /** In the request's language, else the engagement's default language, else English. */
  text: z.string(),
  category: z.string(),
  kind: z.string(),
  /** 0-based position in the survey; the web route is question_{index}. */
  index: z.number().int(),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

export const ZSurveyAnswer = z.object({
  question: z.number().int(),
  answered: z.boolean(),
  /** Answered, or not after the last question the employee reached. */
  seen: z.boolean(),
  selected_users: z.array(z.number().int()),
  /** The `sequence` of the save that is stored (null or absent: saved without one); a later save sends more. */
  sequence: z.number().int().nullable().optional(),
});
export type TSurveyAnswer = z.infer<typeof ZSurveyAnswer>;

/** GET /engagements/{id}/survey/: everything the survey pages need, for the caller's own record. */
export const ZEmployeeSurvey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Index of the question answered last (where the survey resumes); null before the first answer. */
  last_question_index: z.number().int().nullable(),
  available_users: z.array(ZSurveyUser),
  questions: z.array(ZSurveyQuestion),
  answers: z.array(ZSurveyAnswer),
  /** Every colleague named in any answer, for "my answers". */
  selected_users: z.array(ZSurveyUser),
  access_from: z.string(),
  access_till: z.string(),
  /** Whether answers can be saved today (inside access_from..access_till). */
  is_open: z.boolean(),
  terms_accepted: z.boolean(),
  finished: z.boolean(),
  /** The organisation's privacy notice in force, shown beside the consent tick; null when it has none. */
  privacy_notice: z.object({ version: z.number().int(), text: z.string() }).nullable(),
});
export type TEmployeeSurvey = z.infer<typeof ZEmployeeSurvey>;

export const ZSurveyAnswerParams = z.object({
  id: ZDbIdParam,
  questionId: ZDbIdParam,
});

/**
 * A save's place among the client's saves of one answer (the web client sends a Date.now()-based
 * counter that only grows). Optional: a save without one replaces the answer as before.
 */
export const ZSaveSequence = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * PUT …/survey/answers/{questionId}/: the whole list of named colleagues (empty: nobody). A save
 * whose `sequence` is not above the stored one's is acknowledged (200) and ignored: the answer
 * then carries the stored, newer list and sequence.
 */
export const ZSaveAnswer = z.object({ selected_users: z.array(ZDbId).max(1000), sequence: ZSaveSequence.optional() });
export type TSaveAnswer = z.infer<typeof ZSaveAnswer>;

/**
 * `POST …/survey/accept-terms/`: the privacy notice version the person read beside the tick.
 * Required while the organisation has a notice; an older version than the one in force answers 409
 * `privacy_notice_changed` (the person reads the new one first).
 */
export const ZAcceptTerms = z.object({ privacy_notice_version: z.number().int().positive().optional() });
export type TAcceptTerms = z.infer<typeof ZAcceptTerms>;

export const ZSurveyProgress = z.object({ terms_accepted: z.boolean(), finished: z.boolean(), last_question_index: z.number().int().nullable() });
export type TSurveyProgress = z.infer<typeof ZSurveyProgress>;

// ------------------------------------------------------------------------------------------
// Admin: the questionnaire and the survey set-up.
// ------------------------------------------------------------------------------------------

export const ZQuestionTexts = z
  .object({ en: z.string().trim().min(1).max(500), hu: z.string().trim().max(500).optional(), de: z.string().trim().max(500).optional(), ru: z.string().trim().max(500).optional() });

export const ZQuestionnaireItem = z.object({
  /** Stable within the engagement; the analytics and the nice Excel refer to questions by it. */
  key: z.string().regex(/^[a-z0-9_]{1,60}$/),
  category: ZQuestionCategory,
  /** What the analytics read (cooperation, advice, expertise, …). */
  kind: z.string().regex(/^[a-z0-9_]{1,60}$/),
  texts: ZQuestionTexts,
});
export type TQuestionnaireItem = z.infer<typeof ZQuestionnaireItem>;

export const ZQuestionnaireQuestion = ZQuestionnaireItem.extend({ id: z.number().int(), index: z.number().int() });

export const ZQuestionnaire = z.object({
  questions: z.array(ZQuestionnaireQuestion),
  /** False once anyone has answered or access_from has passed. */
  editable: z.boolean(),
});
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;

export const ZUpdateQuestionnaire = z
  .object({ questions: z.array(ZQuestionnaireItem).min(1).max(100) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.questions.forEach((q, i) => {
      if (seen.has(q.key)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'key'], message: 'duplicate key' });
      seen.add(q.key);
    });
  });
export type TUpdateQuestionnaire = z.infer<typeof ZUpdateQuestionnaire>;

/** The admin's survey overview (POST …/survey/ answers it too). */
export const ZSurveyAdminOverview = z.object({
  id: z.number().int(),
  survey_created_at: z.string().nullable(),
  access_from: z.string(),
  access_till: z.string(),
  participant_count: z.number().int(),
  participants_with_email: z.number().int(),
  invited_count: z.number().int(),
  terms_accepted_count: z.number().int(),
  answered_count: z.number().int(),
  finished_count: z.number().int(),
  questionnaire: ZQuestionnaire,
});
export type TSurveyAdminOverview = z.infer<typeof ZSurveyAdminOverview>;

export const INVITATION_KINDS = ['invitation', 'reminder'] as const;
export const ZSendInvitation = z.object({ kind: z.enum(INVITATION_KINDS).default('invitation') });
export const ZSendInvitationResult = z.object({
  kind: z.enum(INVITATION_KINDS),
  sent_count: z.number().int(),
  /** Participants who would have been written to but have no e-mail address. */
  skipped_count: z.number().int(),
  /** Reminders only: participants left out because they have finished (0 for invitations). */
  finished_count: z.number().int(),
});
export type TSendInvitationResult = z.infer<typeof ZSendInvitationResult>;
