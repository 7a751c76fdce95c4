import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.ts';

/**
 * The people of a company as its directory knows them (issue 30, docs/directory-and-scim.md): one
 * row per person per organisation, kept current by SCIM provisioning (and later the HR-file sync).
 * `externalId` is the stable key every source agrees on; `resourceId` is the id SCIM clients see.
 */
export const directoryPeople = pgTable(
  'directory_people',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    /** The SCIM `id`: opaque, never reused, so an identity provider's stored reference cannot point at someone else. */
    resourceId: uuid('resource_id').notNull().defaultRandom(),
    /** The stable key: SCIM `externalId`, else the employee number, else the user name. */
    externalId: text('external_id').notNull(),
    /** SCIM `userName` (an identity provider's login, e.g. the UPN); unique per organisation, any case. */
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    displayName: text('display_name').notNull(),
    employeeNumber: text('employee_number'),
    /** Units from the root down, joined with ` / ` (SCIM: the enterprise `department`). */
    unitPath: text('unit_path'),
    /** The manager's `externalId` (a manager not yet provisioned keeps the reference as sent). */
    managerExternalId: text('manager_external_id'),
    jobTitle: text('job_title'),
    hireDate: date('hire_date', { mode: 'string' }),
    leaveDate: date('leave_date', { mode: 'string' }),
    /** left, moved or retired (contracts LEAVER_REASONS), or none when unknown. */
    leaveReason: text('leave_reason'),
    language: text('language'),
    timeZone: text('time_zone'),
    gender: text('gender'),
    generation: text('generation'),
    location: text('location'),
    /** Further filter attributes the product offers (same keys as the employees' filter attributes). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    /**
     * Set by a SCIM DELETE: the person is gone for the identity provider (404 from then on) but stays
     * in the directory as a leaver, with their history; a later POST with the same externalId revives them.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Raised on every change: the SCIM `meta.version` (ETag). */
    version: integer('version').notNull().default(1),
    /**
     * Set by an erasure (docs/privacy/data-subject-requests.md): the row's identifying fields then
     * hold a pseudonym; it stays so that other people's manager links and history stay whole.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('directory_people_resource_idx').on(t.resourceId),
    uniqueIndex('directory_people_external_idx').on(t.organizationId, t.externalId),
    uniqueIndex('directory_people_user_name_idx').on(t.organizationId, sql`lower(${t.userName})`).where(sql`${t.deletedAt} is null`),
    // A leaver's address may be given to a newcomer; among the active it names one person.
    uniqueIndex('directory_people_active_email_idx').on(t.organizationId, sql`lower(${t.email})`).where(sql`${t.active}`),
    index('directory_people_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * Who was where, when: a row whenever a person's unit, manager or active state changes (and one
 * when they arrive), valid from `validFrom` until the person's next row.
 */
export const directoryPersonHistory = pgTable(
  'directory_person_history',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull().references(() => directoryPeople.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    unitPath: text('unit_path'),
    managerExternalId: text('manager_external_id'),
    active: boolean('active').notNull(),
    leaveDate: date('leave_date', { mode: 'string' }),
    /** What made the change: `scim` (and later `hr_file`, `upload`). */
    source: text('source').notNull(),
  },
  (t) => [index('directory_person_history_person_idx').on(t.organizationId, t.personId, t.validFrom, t.id)],
);

/** A SCIM Group of the organisation (e.g. an identity provider's group assigned to the product). */
export const directoryGroups = pgTable(
  'directory_groups',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id').notNull().defaultRandom(),
    externalId: text('external_id'),
    displayName: text('display_name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('directory_groups_resource_idx').on(t.resourceId),
    uniqueIndex('directory_groups_name_idx').on(t.organizationId, sql`lower(${t.displayName})`),
    index('directory_groups_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

export const directoryGroupMembers = pgTable(
  'directory_group_members',
  {
    groupId: integer('group_id').notNull().references(() => directoryGroups.id, { onDelete: 'cascade' }),
    personId: integer('person_id').notNull().references(() => directoryPeople.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.personId] }), index('directory_group_members_person_idx').on(t.personId)],
);

/**
 * Bearer tokens an identity provider uses at `/scim/v2/`, one organisation each; only a hash is
 * kept, the token itself is shown once when it is made.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('scim_tokens_hash_idx').on(t.tokenHash), index('scim_tokens_org_idx').on(t.organizationId)],
);

/**
 * How the organisation's HR export names its columns (issue 30 item 3): set once on the HR sync
 * page and kept, so every later file (uploaded or pushed) is read the same way. `mapping` is the
 * contracts' ZHrColumnMapping; `deactivationGuardPercent` is the share of the active people a
 * sync may make leavers before it stops for an administrator.
 */
export const hrSyncSettings = pgTable('hr_sync_settings', {
  organizationId: integer('organization_id').primaryKey().references(() => organizations.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  deactivationGuardPercent: integer('deactivation_guard_percent').notNull().default(40),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One HR-file sync: the file's rows as read through the mapping (`records`, applied on
 * confirmation), the diff shown for it, and its state: `pending` (waits for confirmation),
 * `held` (the guard stopped it; an administrator decides), `applied` or `discarded`.
 */
export const hrSyncs = pgTable(
  'hr_syncs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** `upload` (the page) or `api` (pushed). */
    source: text('source').notNull(),
    fileName: text('file_name'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    records: jsonb('records').$type<unknown>().notNull(),
    diff: jsonb('diff').$type<Record<string, unknown>>().notNull(),
    /** Why the guard held it (`too_many_leavers`, `unit_with_open_journey_emptied`), else empty. */
    holdReasons: jsonb('hold_reasons').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('hr_syncs_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);
