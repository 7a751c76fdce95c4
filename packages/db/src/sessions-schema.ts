import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './schema.ts';

/**
 * How an organisation's members sign in and how long their sessions live (docs/sign-in-security.md).
 * No row means the defaults (8 hours idle, 30 days absolute, no second factor required).
 */
export const organizationSignInPolicies = pgTable('organization_sign_in_policies', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** A session unused this long ends. */
  sessionIdleMinutes: integer('session_idle_minutes').notNull().default(480),
  /** A session ends this long after its sign-in, however busy. */
  sessionLifetimeDays: integer('session_lifetime_days').notNull().default(30),
  /** Who must sign in with a second factor: `none`, `administrators` (organization_admin) or `everyone`. */
  secondFactorRequiredFor: text('second_factor_required_for').notNull().default('none'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
