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

/**
 * A user's passkey (WebAuthn credential): the public key the authenticator made at registration
 * and its signature counter. The private key never leaves the authenticator, so nothing here is
 * secret; `credential_id` is unique across users (an authenticator makes a new one per account).
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('user_passkeys_credential_idx').on(t.credentialId), index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge the server handed out (registration or sign-in), kept in the database so
 * that every instance knows it; taken (deleted) by the first answer that names it, so a replayed
 * answer finds nothing. Rows left by abandoned ceremonies are dropped when new ones are made.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as it comes back in clientDataJSON. */
    challenge: text('challenge').notNull(),
    /** `register` or `authenticate`. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_idx').on(t.challenge), index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);
