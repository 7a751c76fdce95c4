import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { engagements, users } from './schema.ts';

/**
 * A recurring programme (docs/journeys.md, "Recurring programmes"): a journey that repeats every
 * 6 or 12 months. At its scheduled closing the next wave is created by itself, once:
 * `next_engagement_id` is set in the transaction that creates it, so a job run again finds it set.
 */
export const journeyRepeats = pgTable('journey_repeats', {
  engagementId: integer('engagement_id')
    .primaryKey()
    .references(() => engagements.id, { onDelete: 'cascade' }),
  everyMonths: integer('every_months').notNull(),
  /** Who asked for the repeat: the next wave grants them all_access where they had no level, as "Next wave" by hand does. */
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  nextEngagementId: integer('next_engagement_id').references(() => engagements.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
