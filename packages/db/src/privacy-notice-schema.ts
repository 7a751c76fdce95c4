import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees, engagements, organizations, users } from './schema.ts';

/**
 * The privacy notice of an organisation (docs/privacy/confidentiality.md, "Privacy notice"): each
 * save is a new version, never an edit, so that an acceptance always points at the very text the
 * person read. The highest version is the one the survey intro shows.
 */
export const privacyNotices = pgTable(
  'privacy_notices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per organisation. */
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('privacy_notices_org_version_idx').on(t.organizationId, t.version)],
);

/** Who accepted which notice version, and when: written with the survey's consent tick. */
export const privacyNoticeAcceptances = pgTable(
  'privacy_notice_acceptances',
  {
    noticeId: integer('notice_id').notNull().references(() => privacyNotices.id, { onDelete: 'cascade' }),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.employeeId] }), index('privacy_notice_acceptances_engagement_idx').on(t.engagementId)],
);
