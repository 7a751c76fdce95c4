import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.ts';

/**
 * Why a person of an earlier journey is no longer an employee (issue 21, docs/risk-calibration.md):
 * kept per organisation and person, the person being the e-mail that matches journeys (trimmed,
 * lower case), since each journey has its own employee rows. No row: the reason is unknown.
 */
export const leaverReasons = pgTable(
  'leaver_reasons',
  {
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    personKey: text('person_key').notNull(),
    /** left, moved or retired (contracts LEAVER_REASONS; unknown is no row). */
    reason: text('reason').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The key's first column serves every read (one organisation's reasons).
  (t) => [primaryKey({ columns: [t.organizationId, t.personKey] }), check('leaver_reasons_reason_check', sql`${t.reason} in ('left', 'moved', 'retired')`)],
);
