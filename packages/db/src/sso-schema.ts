import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema.ts';

/**
 * An organisation's single sign-on connection (docs/single-sign-on.md). `protocol` says how it
 * talks to the identity provider: `oidc` (issuer, client id and secret) or `saml` (the `saml_*`
 * columns; issuer_url and client_id stay empty).
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
    /** The identity provider's SAML metadata as uploaded or last fetched (DTDs refused, so no external entities). */
    samlIdpMetadataXml: text('saml_idp_metadata_xml'),
    /** Where the metadata was fetched from, when it was not uploaded. */
    samlIdpMetadataUrl: text('saml_idp_metadata_url'),
    /** Read from the metadata on save: the IdP's entity id (the assertions' issuer), its sign-in address and signing certificates. */
    samlIdpEntityId: text('saml_idp_entity_id'),
    samlIdpSsoUrl: text('saml_idp_sso_url'),
    samlIdpCertificates: text('saml_idp_certificates').array().notNull().default(sql`'{}'::text[]`),
    /** Unsolicited responses (sign-in started at the identity provider's portal); off unless an administrator turns it on. */
    samlAllowIdpInitiated: boolean('saml_allow_idp_initiated').notNull().default(false),
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
    /** OIDC: the nonce. SAML: the AuthnRequest's ID, which the response's InResponseTo must carry. */
    nonce: text('nonce').notNull(),
    /** OIDC: the PKCE verifier. SAML: empty. */
    codeVerifier: text('code_verifier').notNull(),
    /** SHA-256 of the secret the starting browser keeps; the callback must bring it. Empty for an IdP-initiated SAML sign-in (no browser started it). */
    browserBindingHash: text('browser_binding_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnPath: text('return_path').notNull(),
    /** The administrator who started a test round. */
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * SAML only: what the assertion consumer service made of the identity provider's response (the
     * attributes, or the refusal's code and reason), handed to the callback page through this round.
     */
    samlOutcome: jsonb('saml_outcome').$type<{ ok: true; attributes: Record<string, unknown> } | { ok: false; code: string; reason: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_login_states_hash_idx').on(t.stateHash), index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/**
 * The SAML assertion ids already accepted (docs/single-sign-on.md): in the database, so every
 * instance refuses a replay; rows are pruned once the assertion could no longer be accepted anyway.
 */
export const ssoSamlAssertions = pgTable(
  'sso_saml_assertions',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => ssoConnections.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('sso_saml_assertions_id_idx').on(t.connectionId, t.assertionId), index('sso_saml_assertions_expires_idx').on(t.expiresAt)],
);
