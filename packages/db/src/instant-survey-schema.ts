import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.ts';

/** The instant-survey tool (instant-survey-and-site.md): surveys run live by a host. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const instantSurveys = pgTable(
  'instant_surveys',
  {
    id: serial('id').primaryKey(),
    /**
     * What participants see instead of the sequential id: a random UUID (122 random bits) in
     * every participant path, link and socket. The database draws it, so rows that existed
     * before the column get one each when it is added.
     */
    publicId: text('public_id').notNull().default(sql`gen_random_uuid()::text`),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    code: text('code').notNull(),
    /** pending → started → closed */
    state: text('state').notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('instant_surveys_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('instant_surveys_public_id_idx').on(t.publicId),
    // A code identifies one open survey; closed surveys free their code.
    uniqueIndex('instant_surveys_open_code_idx').on(t.code).where(sql`${t.state} <> 'closed'`),
  ],
);

export const instantSurveyQuestions = pgTable(
  'instant_survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => instantSurveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    options: jsonb('options').$type<{ id: number; label: string }[]>().notNull().default([]),
    layoutOrientation: text('layout_orientation').notNull().default('horizontal'),
    multipleSelection: boolean('multiple_selection').notNull().default(false),
    allowMultipleGroups: boolean('allow_multiple_groups').notNull().default(false),
    pointsTotal: integer('points_total'),
  },
  (t) => [index('instant_survey_questions_survey_idx').on(t.surveyId, t.position)],
);

/** Listed by the host or joined by code; those who joined (or opened an invitation) have tokens. */
export const instantSurveyParticipants = pgTable(
  'instant_survey_participants',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => instantSurveys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    position: integer('position').notNull().default(0),
    joinedAt: at('joined_at'),
    invitedAt: at('invited_at'),
    finishedAt: at('finished_at'),
    currentQuestionIndex: integer('current_question_index').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('instant_survey_participants_survey_idx').on(t.surveyId)],
);

/** Instant tokens (stored only as hashes); a participant may hold several (join, invitations). */
export const instantParticipantTokens = pgTable(
  'instant_participant_tokens',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id').notNull().references(() => instantSurveyParticipants.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id').notNull().references(() => instantSurveys.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('instant_participant_tokens_hash_idx').on(t.tokenHash)],
);

/** One answer per participant and question: a repeated save replaces it, never adds a second. */
export const instantSurveyAnswers = pgTable(
  'instant_survey_answers',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => instantSurveys.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => instantSurveyQuestions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id').notNull().references(() => instantSurveyParticipants.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<unknown>().notNull(),
    answeredAt: at('answered_at').notNull().defaultNow(),
    /** The client's ordering of its saves of this answer; an older one never overwrites a newer one. */
    sequence: bigint('sequence', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('instant_survey_answers_participant_question_idx').on(t.participantId, t.questionId),
    index('instant_survey_answers_survey_idx').on(t.surveyId),
  ],
);

/** The host's address book of people to invite (the Users tab). */
export const instantUsers = pgTable(
  'instant_users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('instant_users_org_idx').on(t.organizationId)],
);

export const instantGroups = pgTable(
  'instant_groups',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('instant_groups_org_idx').on(t.organizationId)],
);

export const instantGroupMembers = pgTable(
  'instant_group_members',
  {
    groupId: integer('group_id').notNull().references(() => instantGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => instantUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Wrong survey codes per client address, kept in the database so the limit holds on every instance. */
export const instantCodeFailures = pgTable(
  'instant_code_failures',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    failedAt: at('failed_at').notNull().defaultNow(),
  },
  (t) => [index('instant_code_failures_ip_idx').on(t.ip, t.failedAt)],
);
