import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A user's TOTP authenticator (RFC 6238). The seed is sealed with SECRETS_KEY (AES-256-GCM) and
 * never leaves the server again after enrolment; `last_used_step` refuses a code used once already.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  /** Null while enrolment waits for the first code. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The time step (unix seconds / 30) of the last accepted code. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One-time recovery codes; only their SHA-256 is stored. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password that proved right and now waits for the second factor (`purpose` verify) or for the
 * enrolment an organisation policy demands (`purpose` enrol). Short-lived; only its hash is stored.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_sign_ins_hash_idx').on(t.tokenHash)],
);

/** Wrong second-factor codes per user, counted like wrong passwords (login_failures). */
export const secondFactorFailures = pgTable(
  'second_factor_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_failures_user_idx').on(t.userId, t.failedAt)],
);
