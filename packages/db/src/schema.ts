import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Where the leader report loads the logo from; set when a logo is uploaded (a versioned API path). */
  logoUrl: text('logo_url'),
  /** The uploaded logo itself, base64, checked by content (png, jpeg or sanitised svg). */
  logoData: text('logo_data'),
  logoContentType: text('logo_content_type'),
  /** The language new journeys of the organisation start in. */
  defaultLanguage: text('default_language').notNull().default('hu'),
  /** The IANA time zone a journey's schedule is entered and shown in (docs/journeys.md, "Schedule"). */
  timeZone: text('time_zone').notNull().default('Europe/Budapest'),
  /**
   * Retention (docs/privacy/retention.md): a closed journey's participants and answers are
   * anonymised this many months after its closing; a leaver of the directory is erased this many
   * months after their leave date. Bounds in the contracts (ZRetentionPolicyInput).
   */
  retentionJourneyMonths: integer('retention_journey_months').notNull().default(24),
  retentionLeaverMonths: integer('retention_leaver_months').notNull().default(12),
  /**
   * When scheduled reminders may arrive, in each person's own time zone (docs/journeys.md,
   * "Reminders"): local `HH:mm` from (inclusive) and until (exclusive), and whether on Saturdays and
   * Sundays. A reminder due outside waits for the next allowed local time.
   */
  sendingHoursStart: text('sending_hours_start').notNull().default('08:00'),
  sendingHoursEnd: text('sending_hours_end').notNull().default('18:00'),
  sendOnWeekends: boolean('send_on_weekends').notNull().default(false),
  /** At most this many scheduled reminders reach one person in one journey. */
  reminderMaxPerPerson: integer('reminder_max_per_person').notNull().default(3),
  /**
   * Confidentiality settings (docs/privacy/confidentiality.md): the anonymity threshold (respondents
   * behind any aggregate, 3-10), the higher threshold for free-text answers, and whether leaders see
   * risk only in aggregate. Journeys copy them; a journey keeps its copy once it opens.
   */
  minGroupSize: integer('min_group_size').notNull().default(5),
  freeTextMinGroupSize: integer('free_text_min_group_size').notNull().default(10),
  aggregateRiskOnlyForLeaders: boolean('aggregate_risk_only_for_leaders').notNull().default(false),
  /**
   * Collaboration metadata (docs/collaboration-network.md): weekly counts are deleted this many days
   * after their week (90 or 180); mails to more recipients and meetings of more people than these
   * are broadcasts, not interactions.
   */
  collaborationRetentionDays: integer('collaboration_retention_days').notNull().default(90),
  collaborationMaxMailRecipients: integer('collaboration_max_mail_recipients').notNull().default(8),
  collaborationMaxMeetingSize: integer('collaboration_max_meeting_size').notNull().default(10),
  /** An archived organisation is hidden from lists; nobody signs in to it; its data stays. */
  archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    canChangeOrganization: boolean('can_change_organization').notNull().default(false),
    currentOrganizationId: integer('current_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A user belongs to organisations through memberships; permissions are per organisation. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** A deactivated member no longer reaches the organisation; their answers and records stay. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('memberships_org_idx').on(t.organizationId)],
);

/** Login tokens, stored only as SHA-256 hashes; the plain token exists only in the login answer. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The browser and system of the sign-in, summarised from its User-Agent ("Chrome on Windows"). */
    device: text('device').notNull().default(''),
    /** The client address of the sign-in (as TRUST_PROXY lets the server see it). */
    ipAddress: text('ip_address').notNull().default(''),
    /** How the session was signed in: password, password_totp, password_passkey, oidc, saml. */
    method: text('method').notNull().default('password'),
  },
  (t) => [uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Personal API keys for machine access (docs/api.md): a key acts as its creator in its
 * organisation. Only the SHA-256 of the key is stored; `key_prefix` (the first characters) lets
 * people tell their keys apart in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_org_idx').on(t.organizationId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** `reset` (forgotten password), `invitation` (an invited user's first password) or `participant`. */
    purpose: text('purpose').notNull().default('reset'),
  },
  (t) => [uniqueIndex('password_resets_hash_idx').on(t.tokenHash)],
);

/** Failed logins, kept in the database so that the limit holds across server instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.failedAt)],
);

/**
 * Password-reset requests per e-mail address as typed (lower-cased), whether or not an account
 * has it: counting unknown addresses too keeps the work, and so the answer, the same either way.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_requests_email_idx').on(t.email, t.requestedAt)],
);

export const engagements = pgTable(
  'engagements',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    accessFrom: date('access_from', { mode: 'string' }).notNull(),
    accessTill: date('access_till', { mode: 'string' }).notNull(),
    defaultLanguage: text('default_language').notNull().default('hu'),
    surveyCreatedAt: timestamp('survey_created_at', { withTimezone: true, mode: 'date' }),
    /** The modules switched on for this journey; a module that is off is no_access for everyone. */
    modules: text('modules')
      .array()
      .notNull()
      .default(sql`'{survey,graph_visualization,leader_reports,retention_analytics,individual_reports,executive_reports,analytics360_reports,key_people_analytics,statistics}'::text[]`),
    /** Set when an admin closes the survey before its access_till day ("Close now"). */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** Archived journeys are hidden from lists and kept for wave comparison. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /**
     * When retention anonymised the journey (docs/privacy/retention.md): its participants carry
     * pseudonyms and its stored runs were rewritten, in the same transaction that set this.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true, mode: 'date' }),
    /** The journey this one is the next wave of (same question keys, so waves can be compared). */
    previousEngagementId: integer('previous_engagement_id'),
    /**
     * Where the participants come from (docs/directory-journeys.md): `upload` (an Excel upload or
     * a nice-Excel import) or `directory` (the organisation's directory; while the journey is open
     * its people follow movers, joiners and leavers).
     */
    peopleSource: text('people_source').notNull().default('upload'),
    /** The directory units (paths) a directory journey takes people from; null: the whole directory. */
    directoryUnits: jsonb('directory_units').$type<string[]>(),
    /**
     * The organisation's confidentiality settings as they stood when this journey opened (while it
     * is a draft it follows every change of them; docs/privacy/confidentiality.md). Every report
     * of the journey reads these, never the organisation's current ones.
     */
    minGroupSize: integer('min_group_size').notNull().default(5),
    freeTextMinGroupSize: integer('free_text_min_group_size').notNull().default(10),
    aggregateRiskOnlyForLeaders: boolean('aggregate_risk_only_for_leaders').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * Changes whenever this row or what the analysis answers read live with a run (its employees,
     * units, questions, leadership items, leader codes) changes: set by triggers to the id of the
     * writing transaction (migration 0010), so no write path can forget it. Part of the key of
     * every kept analysis answer (docs/request-path.md, Reads).
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    /**
     * Changes only with this engagement's employees and questions, what the journeys list's head
     * counts read besides the answers (migration 0032): the key of those counts. The data version
     * also moves with leader codes, units and this row, and an analysis writes leader codes as it
     * finishes; keyed by the data version, every list then counted the whole journey again.
     */
    rosterVersion: bigint('roster_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('engagements_org_idx').on(t.organizationId)],
);

/** The unit tree of an engagement (each engagement carries its own snapshot of the organisation). */
export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('units_engagement_idx').on(t.engagementId)],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    leaderId: integer('leader_id'),
    name: text('name').notNull(),
    email: text('email'),
    gender: text('gender'),
    generation: text('generation'),
    entryDate: date('entry_date', { mode: 'string' }),
    jobTitle: text('job_title'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /**
     * The directory person this employee was made from (directory_people.id; no foreign key, the
     * directory's schema file imports this one). Null for people of an upload.
     */
    directoryPersonId: integer('directory_person_id'),
    /**
     * The day the person left, as the directory said while the journey was open: a leaver stays a
     * row (answers may name them) but gets no invitation or reminder and cannot take the survey.
     */
    leftAt: date('left_at', { mode: 'string' }),
  },
  (t) => [
    index('employees_engagement_idx').on(t.engagementId),
    index('employees_directory_person_idx').on(t.directoryPersonId),
    index('employees_user_idx').on(t.userId),
    uniqueIndex('employees_engagement_email_idx').on(t.engagementId, sql`lower(${t.email})`),
  ],
);

/** A user's access level to one module of one engagement; a missing row means no_access. */
export const moduleAccess = pgTable(
  'module_access',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    accessLevel: text('access_level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.userId, t.module] })],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
  },
  (t) => [uniqueIndex('questions_engagement_key_idx').on(t.engagementId, t.key)],
);

/** One employee's progress through an engagement survey. */
export const surveyParticipations = pgTable(
  'survey_participations',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    lastQuestionId: integer('last_question_id'),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.employeeId] })],
);

/** The colleagues one employee named on one question; a save replaces the whole list. */
export const answers = pgTable(
  'answers',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    selectedEmployeeIds: integer('selected_employee_ids').array().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The client's ordering of its saves of this answer; an older one never overwrites a newer one. */
    sequence: bigint('sequence', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.questionId] }),
    index('answers_engagement_idx').on(t.engagementId),
  ],
);

/**
 * Changes whenever the set of an engagement's employees who have answered may have changed: an
 * answer inserted for an employee who had none, or answers deleted. Set by triggers on `answers`
 * (migration 0012), so no write path can forget it; a re-save of an answer leaves it alone, and the
 * first answers of different employees write different rows of nothing else. Part of the key of
 * the journeys list's kept head counts (docs/request-path.md, "The journeys list").
 */
export const engagementRespondentVersions = pgTable('engagement_respondent_versions', {
  engagementId: integer('engagement_id').primaryKey().references(() => engagements.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The optional 360 block of an engagement: leadership behaviour items ("Which leaders …?") in one
 * of the seven dimensions of the spec, each answered by choosing leaders.
 */
export const leadershipItems = pgTable(
  'leadership_items',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    dimension: text('dimension').notNull(),
    position: integer('position').notNull(),
    texts: jsonb('texts').$type<{ en: string; hu: string; de: string; ru: string }>().notNull(),
  },
  (t) => [index('leadership_items_engagement_idx').on(t.engagementId, t.position)],
);

/** The leaders one employee chose on one leadership item; a save replaces the whole list. */
export const leadershipAnswers = pgTable(
  'leadership_answers',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull().references(() => leadershipItems.id, { onDelete: 'cascade' }),
    selectedLeaderIds: integer('selected_leader_ids').array().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.itemId] }),
    index('leadership_answers_engagement_idx').on(t.engagementId),
  ],
);

/** E-mails: always recorded here; sent through SMTP when configured, else kept for /dev/mailbox. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  /** Where answers go when it is not the sender (a contact request: the visitor who wrote it). */
  replyTo: text('reply_to'),
  /**
   * Files sent with the e-mail (an invitation's calendar event), stored with the row so that a
   * delivery on any instance, after any restart, sends exactly what was recorded.
   */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
  /** Delivery attempts so far; a failed one is tried again later, up to a limit. */
  attempts: integer('attempts').notNull().default(0),
  /**
   * When an unsent e-mail is next due. Set at recording to a short lease over the first attempt,
   * so that an e-mail whose instance died before sending is picked up by another.
   */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('email_outbox_due_idx').on(t.nextAttemptAt)]);

/** Key-value settings of the installation (e.g. whether the demo has been loaded). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/**
 * One analysis of an engagement: a durable job (queued → running → done | failed) that any
 * instance may claim with FOR UPDATE SKIP LOCKED; the results of every run are kept with its time.
 */
export const analysisRuns = pgTable(
  'analysis_runs',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    step: text('step'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    claimedBy: text('claimed_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    result: jsonb('result').$type<unknown>(),
    timings: jsonb('timings').$type<Record<string, number>>(),
  },
  (t) => [index('analysis_runs_engagement_idx').on(t.engagementId, t.status)],
);

/** The authorization code that opens one leader's report (8 characters, shown to admins). */
export const leaderReportCodes = pgTable(
  'leader_report_codes',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    leaderEmployeeId: integer('leader_employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.leaderEmployeeId] })],
);

/** Wrong authorization codes, counted per user so that ten in 15 minutes answer 429 everywhere. */
export const reportCodeFailures = pgTable(
  'report_code_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('report_code_failures_user_idx').on(t.userId, t.failedAt)],
);

/**
 * An engagement's own text of one e-mail (invitation, reminder, leader_report_code, report_ready)
 * in one language; without a row the product's default text of the server locale files is used.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.kind, t.language] })],
);
export * from './instant-survey-schema.ts';
export * from './site-contact-schema.ts';
export * from './leaver-reasons-schema.ts';
export * from './shown-groups-schema.ts';
export * from './sessions-schema.ts';
export * from './mfa-schema.ts';
export * from './directory-schema.ts';
export * from './sso-schema.ts';
export * from './audit-schema.ts';
export * from './schedule-schema.ts';
export * from './schedule-repeat-schema.ts';
export * from './privacy-notice-schema.ts';
export * from './collaboration-schema.ts';
export * from './analysis-parts-schema.ts';
