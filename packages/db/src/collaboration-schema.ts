import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { directoryPeople } from './directory-schema.ts';
import { organizations, users } from './schema.ts';

/**
 * One import of collaboration metadata (issue 33, docs/collaboration-network.md): which export,
 * who brought it, the period it covered and what was counted or left out and why. The file itself
 * is never kept, nor any subject, message text or file name of it.
 */
export const collaborationImports = pgTable(
  'collaboration_imports',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    /** slack, message_trace, gmail or calendar (contracts COLLABORATION_SOURCES). */
    source: text('source').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The first and last week (Mondays, organisation's time zone) the import holds counts of. */
    firstWeek: date('first_week', { mode: 'string' }),
    lastWeek: date('last_week', { mode: 'string' }),
    /** What was read, counted and left out (contracts ZCollaborationImportCounts). */
    counts: jsonb('counts').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('collaboration_imports_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Interactions of one pair in one week from one source: the only thing an import stores. A party
 * is the keyed hash (HMAC with SECRETS_KEY) of a lower-cased address, or `external` for every
 * address outside the organisation's domains; `*_person_id` is set when the address was matched to
 * a directory person. Mail, replies, mentions and direct messages run from sender to recipient;
 * calendar rows hold each unordered pair once (from_key < to_key) and mean "met".
 */
export const collaborationWeeklyCounts = pgTable(
  'collaboration_weekly_counts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    importId: integer('import_id').notNull().references(() => collaborationImports.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The Monday of the week in the organisation's time zone. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    fromKey: text('from_key').notNull(),
    toKey: text('to_key').notNull(),
    fromPersonId: integer('from_person_id').references(() => directoryPeople.id, { onDelete: 'cascade' }),
    toPersonId: integer('to_person_id').references(() => directoryPeople.id, { onDelete: 'cascade' }),
    interactions: integer('interactions').notNull(),
  },
  (t) => [
    index('collaboration_weekly_counts_org_week_idx').on(t.organizationId, t.weekStart),
    index('collaboration_weekly_counts_import_idx').on(t.importId),
    index('collaboration_weekly_counts_from_person_idx').on(t.fromPersonId),
    index('collaboration_weekly_counts_to_person_idx').on(t.toPersonId),
  ],
);
