import { z } from 'zod';
import { isDbIdText, ZDbId } from './ids.ts';
import { INSTANT_MOODS } from './instant-moods.ts';

/**
 * The instant-survey tool (instant-survey-and-site.md §3, §7): surveys with questions and
 * participants, answers, users, groups, templates and the live websocket messages.
 */

export const INSTANT_SURVEY_CODE_LENGTH = 9;
/** Option-based questions need at least this many labelled options (§5, §9). */
export const INSTANT_MIN_OPTIONS = 2;
export const INSTANT_DEFAULT_POINTS = 10;
export const INSTANT_DEFAULT_PAGE_SIZE = 25;
export const INSTANT_MAX_PAGE_SIZE = 100;

export const INSTANT_QUESTION_TYPES = ['user_select', 'options', 'mood_select', 'intensity_select', 'freetext', 'scaling'] as const;
export const ZInstantQuestionType = z.enum(INSTANT_QUESTION_TYPES);
export type TInstantQuestionType = z.infer<typeof ZInstantQuestionType>;

/** Question types whose options the participant chooses among (they need at least two). */
export const OPTION_QUESTION_TYPES: readonly TInstantQuestionType[] = ['options', 'intensity_select', 'scaling'];

export const ZInstantMood = z.enum(INSTANT_MOODS);

export const INSTANT_SURVEY_STATES = ['pending', 'started', 'closed'] as const;
export const ZInstantSurveyState = z.enum(INSTANT_SURVEY_STATES);
export type TInstantSurveyState = z.infer<typeof ZInstantSurveyState>;

export const ZLayoutOrientation = z.enum(['horizontal', 'vertical']);
export type TLayoutOrientation = z.infer<typeof ZLayoutOrientation>;

const id = ZDbId;
const label = z.string().trim().max(500);

export const ZInstantOption = z.object({ id: z.number().int().nonnegative(), label: z.string() });
export type TInstantOption = z.infer<typeof ZInstantOption>;

export const ZInstantQuestion = z.object({
  id: z.number().int(),
  label: z.string(),
  type: ZInstantQuestionType,
  options: z.array(ZInstantOption),
  layout_orientation: ZLayoutOrientation,
  multiple_selection: z.boolean(),
  /** Options questions: a user may be placed in several groups. */
  allow_multiple_groups: z.boolean(),
  /** Scaling questions: the points each participant distributes. */
  points_total: z.number().int().nullable(),
});
export type TInstantQuestion = z.infer<typeof ZInstantQuestion>;

/** A question as the creator sends it; `id` keeps an existing question (and its answers). */
export const ZInstantQuestionInput = z.object({
  id: id.optional(),
  label,
  type: ZInstantQuestionType,
  options: z.array(z.object({ id: z.number().int().nonnegative().optional(), label })).max(50).default([]),
  layout_orientation: ZLayoutOrientation.default('horizontal'),
  multiple_selection: z.boolean().default(false),
  allow_multiple_groups: z.boolean().default(false),
  points_total: z.number().int().min(1).max(1000).nullable().optional(),
});
export type TInstantQuestionInput = z.input<typeof ZInstantQuestionInput>;

export const ZInstantParticipantInput = z.object({
  id: id.optional(),
  name: z.string().trim().max(200),
  email: z.string().trim().max(254).nullable().optional(),
});
export type TInstantParticipantInput = z.input<typeof ZInstantParticipantInput>;

export const ZInstantSurveyInput = z.object({
  title: z.string().trim().max(300),
  questions: z.array(ZInstantQuestionInput).max(100),
  participants: z.array(ZInstantParticipantInput).max(5000).default([]),
});
export type TInstantSurveyInput = z.input<typeof ZInstantSurveyInput>;

/** Save and start: an `id` updates that survey first, without one a new survey is created. */
export const ZInstantSaveAndStart = ZInstantSurveyInput.extend({ id: id.optional() });
export type TInstantSaveAndStart = z.input<typeof ZInstantSaveAndStart>;

export const ZInstantParticipant = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** Joined by code (or opened an invitation) rather than only listed by the host. */
  joined: z.boolean(),
  invited_at: z.string().nullable(),
  finished: z.boolean(),
  current_question_index: z.number().int(),
});
export type TInstantParticipant = z.infer<typeof ZInstantParticipant>;

/** What a participant sees of the others: names only. */
export const ZInstantPublicParticipant = z.object({ id: z.number().int(), name: z.string() });
export type TInstantPublicParticipant = z.infer<typeof ZInstantPublicParticipant>;

export const ZInstantAnswerValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user_select'), selected_users: z.array(id).max(1000) }),
  z.object({ type: z.literal('options'), groups: z.array(z.object({ option_id: z.number().int().nonnegative(), users: z.array(id).max(1000) })).max(50) }),
  z.object({ type: z.literal('mood_select'), mood: ZInstantMood }),
  z.object({ type: z.literal('intensity_select'), option_id: z.number().int().nonnegative() }),
  z.object({ type: z.literal('freetext'), text: z.string().max(5000) }),
  z.object({ type: z.literal('scaling'), points: z.array(z.object({ option_id: z.number().int().nonnegative(), points: z.number().int().min(0).max(1000) })).max(50) }),
]);
export type TInstantAnswerValue = z.infer<typeof ZInstantAnswerValue>;

export const ZInstantAnswer = z.object({
  id: z.number().int(),
  participant_id: z.number().int(),
  question_id: z.number().int(),
  value: ZInstantAnswerValue,
  answered_at: z.string(),
  /** The `sequence` of the save that is stored (null or absent: saved without one). */
  sequence: z.number().int().nullable().optional(),
});
export type TInstantAnswer = z.infer<typeof ZInstantAnswer>;

export const ZInstantSurveySummary = z.object({
  /** The host's id (host routes, tenancy-checked). */
  id: z.number().int(),
  /** What participants use instead: every participant path, link and socket carries this random id. */
  public_id: z.string(),
  title: z.string(),
  code: z.string(),
  state: ZInstantSurveyState,
  closed: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  question_count: z.number().int(),
  participant_count: z.number().int(),
});
export type TInstantSurveySummary = z.infer<typeof ZInstantSurveySummary>;

export const ZInstantSurveyList = z.object({ data: z.array(ZInstantSurveySummary), total: z.number().int() });
export type TInstantSurveyList = z.infer<typeof ZInstantSurveyList>;

export const ZInstantSurveyListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(INSTANT_MAX_PAGE_SIZE).default(INSTANT_DEFAULT_PAGE_SIZE),
});

/** The host's whole survey: questions, participants and every answer. */
export const ZInstantSurvey = ZInstantSurveySummary.extend({
  questions: z.array(ZInstantQuestion),
  participants: z.array(ZInstantParticipant),
  answers: z.array(ZInstantAnswer),
  login_codes: z.array(z.string()),
});
export type TInstantSurvey = z.infer<typeof ZInstantSurvey>;

/** The survey user a participant keeps locally (§3): who they are in this survey. */
export const ZInstantSurveyUser = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The survey's public id. */
  survey: z.string(),
  current_question_index: z.number().int(),
  finished: z.boolean(),
});
export type TInstantSurveyUser = z.infer<typeof ZInstantSurveyUser>;

/**
 * GET surveys/{id}/ for a participant: without a token only the title and state (enough for the
 * join page); with their instant token the questions, the others' names and their own answers.
 */
export const ZInstantParticipantSurvey = z.object({
  /** The survey's public id (participants never see the sequential one). */
  id: z.string(),
  title: z.string(),
  state: ZInstantSurveyState,
  closed: z.boolean(),
  questions: z.array(ZInstantQuestion).optional(),
  participants: z.array(ZInstantPublicParticipant).optional(),
  answers: z.array(ZInstantAnswer).optional(),
  user: ZInstantSurveyUser.optional(),
});
export type TInstantParticipantSurvey = z.infer<typeof ZInstantParticipantSurvey>;

export const ZInstantFillInfo = z.object({
  state: ZInstantSurveyState,
  participant_count: z.number().int(),
  joined_count: z.number().int(),
  finished_count: z.number().int(),
  answers_per_question: z.array(z.object({ question_id: z.number().int(), count: z.number().int() })),
});
export type TInstantFillInfo = z.infer<typeof ZInstantFillInfo>;

export const ZInstantCodeLogin = z.object({ survey_code: z.string().max(64) });
export const ZInstantCodeLoginResponse = z.object({ survey: ZInstantParticipantSurvey, user: ZInstantSurveyUser.nullable() });
export type TInstantCodeLoginResponse = z.infer<typeof ZInstantCodeLoginResponse>;

/**
 * `{name, email?}` plus the proof that the participant was given the survey (DECISIONS.md): its
 * `survey_code`, or the `invitation_token` of an invitation link. Without either, or with a wrong
 * one, 404 survey_not_found: the survey's id alone never admits anyone.
 */
export const ZInstantCreateUser = z.object({
  name: z.string().trim().min(1).max(200),
  survey_code: z.string().max(64).optional(),
  invitation_token: z.string().max(256).optional(),
  email: z.string().trim().max(254).nullable().optional(),
});
export type TInstantCreateUser = z.input<typeof ZInstantCreateUser>;
/** `survey` is the survey's public id. */
export const ZInstantCreateUserResponse = z.object({ id: z.number().int(), name: z.string(), token: z.string(), survey: z.string() });
export type TInstantCreateUserResponse = z.infer<typeof ZInstantCreateUserResponse>;

/** GET surveys/{public id}/ without a token: the survey's code proves the caller was given it (without it: 404). */
export const ZInstantSurveyCodeQuery = z.object({ code: z.string().max(64).optional() });
export type TInstantSurveyCodeQuery = z.infer<typeof ZInstantSurveyCodeQuery>;

/**
 * Participant paths carry the survey's public id. GET surveys/{id}/ and fill-info serve the host
 * too: with a host's `Token` the id is the host's numeric one.
 */
export const ZInstantSurveyPathParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    // Digits only: a host's numeric id, so within the range of a database id (else 400, not a failed query).
    .refine((text) => !/^[0-9]+$/.test(text) || isDbIdText(text))
    .meta({ description: 'The survey’s public id (a participant), or its numeric id 1 to 2147483647 (a host with a Token)' }),
});
export type TInstantSurveyPathParams = z.infer<typeof ZInstantSurveyPathParams>;

/** Finishing without answering the last question still records that the participant finished. */
export const ZInstantFinish = z.object({ current_question_index: z.number().int().min(0).max(1000).optional() });
export type TInstantFinish = z.infer<typeof ZInstantFinish>;
export const ZInstantFinishResponse = ZInstantSurveyUser;

export const ZInstantSaveAnswer = z.object({
  question_id: id,
  value: ZInstantAnswerValue,
  /** Where the participant is, so that a reload on another device resumes there. */
  current_question_index: z.number().int().min(0).max(1000).optional(),
  finished: z.boolean().optional(),
  /**
   * The save's place among the participant's saves of this answer (a counter that only grows).
   * One not above the stored answer's is acknowledged and ignored: the response carries the stored answer.
   */
  sequence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TInstantSaveAnswer = z.infer<typeof ZInstantSaveAnswer>;
export const ZInstantSaveAnswerResponse = z.object({ answer: ZInstantAnswer, created: z.boolean() });
export type TInstantSaveAnswerResponse = z.infer<typeof ZInstantSaveAnswerResponse>;

export const ZInstantSingleInvitation = z.object({ participant_id: id });
export const ZInstantInvitationResult = z.object({ detail: z.string(), sent: z.number().int() });
export type TInstantInvitationResult = z.infer<typeof ZInstantInvitationResult>;

export const ZInstantUser = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type TInstantUser = z.infer<typeof ZInstantUser>;
export const ZInstantUserInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).nullable().optional(),
});
export type TInstantUserInput = z.input<typeof ZInstantUserInput>;

export const ZInstantGroup = z.object({ id: z.number().int(), name: z.string(), users: z.array(ZInstantUser) });
export type TInstantGroup = z.infer<typeof ZInstantGroup>;
export const ZInstantGroupInput = z.object({ name: z.string().trim().min(1).max(200), users: z.array(id).max(5000).default([]) });
export type TInstantGroupInput = z.input<typeof ZInstantGroupInput>;

export const ZInstantTemplateQuestion = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  label: z.string(),
  type: ZInstantQuestionType,
  options: z.array(ZInstantOption),
  layout_orientation: ZLayoutOrientation,
  multiple_selection: z.boolean(),
  allow_multiple_groups: z.boolean(),
  points_total: z.number().int().nullable(),
});
export type TInstantTemplateQuestion = z.infer<typeof ZInstantTemplateQuestion>;
export const ZInstantTemplateGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  questions: z.array(ZInstantTemplateQuestion),
});
export type TInstantTemplateGroup = z.infer<typeof ZInstantTemplateGroup>;
/** Custom templates: the organisation's own earlier surveys, reusable as a starting point. */
export const ZInstantCustomTemplate = z.object({ id: z.number().int(), name: z.string(), questions: z.array(ZInstantTemplateQuestion) });
export type TInstantCustomTemplate = z.infer<typeof ZInstantCustomTemplate>;

/**
 * Live messages on /ws/instant-survey/{id}/ (§4): new_user refreshes participants, others reload.
 * `refetch`: the server's subscription of the survey's channel was gone for a while and is live
 * again; messages of that while are lost, so the page reloads what it shows.
 */
/** `survey`: the host's numeric id on a host's socket, the public id on a participant's. */
const socketSurvey = z.union([z.number().int(), z.string()]);
export const ZInstantSocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_user'), survey: socketSurvey, user: ZInstantPublicParticipant }),
  z.object({ type: z.literal('answer'), survey: socketSurvey, participant: z.number().int(), question: z.number().int(), sent_at: z.number() }),
  z.object({ type: z.literal('state'), survey: socketSurvey, state: ZInstantSurveyState }),
  z.object({ type: z.literal('refetch'), survey: socketSurvey }),
]);
export type TInstantSocketMessage = z.infer<typeof ZInstantSocketMessage>;

/** The first message a client sends on the socket: browsers cannot set headers on websockets. */
export const ZInstantSocketHello = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(256).optional(),
  instant_token: z.string().min(1).max(256).optional(),
});
export type TInstantSocketHello = z.infer<typeof ZInstantSocketHello>;
export const ZInstantSocketReady = z.object({ type: z.literal('ready'), role: z.enum(['host', 'participant']) });
