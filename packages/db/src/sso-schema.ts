import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.ts';

/**
 * An organisation's single sign-on connection (docs/single-sign-on.md). `protocol` says how it
 * talks to the identity provider: `oidc` now; SAML 2.0 will add `saml` with columns of its own.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull().default('oidc'),
    enabled: boolean('enabled').notNull().default(false),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM with the key from SECRETS_KEY (apps/server/src/modules/sso/secret-box.ts); never returned. */
    clientSecretEncrypted: text('client_secret_encrypted'),
    /** Lower-case e-mail domains; each belongs to at most one organisation's connection. */
    allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
    emailClaim: text('email_claim').notNull().default('email'),
    groupsClaim: text('groups_claim'),
    /** [{ group, permissions }]: what each identity-provider group grants in the organisation. */
    groupPermissions: jsonb('group_permissions').$type<{ group: string; permissions: string[] }[]>().notNull().default([]),
    requireSso: boolean('require_sso').notNull().default(false),
    breakGlassUserId: integer('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    createMembers: boolean('create_members').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_connections_org_idx').on(t.organizationId)],
);

/**
 * One sign-in round at an identity provider between the redirect and the callback: kept in the
 * database so that any instance can finish it, taken once (deleted on use), short-lived.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the `state` parameter; the state itself travels only through the browser. */
    stateHash: text('state_hash').notNull(),
    connectionId: integer('connection_id').notNull().references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** `sign_in`, or `test` (an administrator's connection test: claims shown, nobody signed in). */
    purpose: text('purpose').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** SHA-256 of the secret the starting browser keeps; the callback must bring it. */
    browserBindingHash: text('browser_binding_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnPath: text('return_path').notNull(),
    /** The administrator who started a test round. */
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_login_states_hash_idx').on(t.stateHash), index('sso_login_states_expires_idx').on(t.expiresAt)],
);
