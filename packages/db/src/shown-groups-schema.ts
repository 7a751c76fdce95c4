import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { engagements, users } from './schema.ts';

/**
 * The per-reader query log of difference protection (docs/privacy/difference-protection.md): the
 * respondent groups behind hand-picked as-values filters that a user was shown on a journey, so
 * that a later list differing from one of them by fewer than the privacy minimum is withheld.
 * Bounded: the server keeps the most recent groups per user and journey (SHOWN_GROUPS_KEPT).
 */
export const shownGroups = pgTable(
  'shown_groups',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    engagementId: integer('engagement_id').notNull().references(() => engagements.id, { onDelete: 'cascade' }),
    /** SHA-256 of the sorted respondent ids: identifies the group (a repeat only refreshes it) at a fixed key length. */
    groupDigest: text('group_digest').notNull(),
    respondents: integer('respondents').array().notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.engagementId, t.groupDigest] }), index('shown_groups_recent_idx').on(t.userId, t.engagementId, t.shownAt)],
);
