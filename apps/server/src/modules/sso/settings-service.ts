import type { TSessionMethod, TSsoSettings, TSsoSettingsUpdate } from '@ona/contracts';
import { ZSsoSettingsUpdate } from '@ona/contracts';
import { and, eq, isNull, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { ORGANIZATION_ADMIN_PERMISSION } from '../organizations/organization-guards.ts';
import { issuerAllowed } from './oidc-round.ts';
import * as repo from './repository.ts';
import type { SecretBox } from './secret-box.ts';
import type { FastifyBaseLogger } from 'fastify';
import { fetchIdpMetadata, parseIdpMetadata } from './saml/idp-metadata.ts';
import type { ServiceProviderUrls } from './saml/service-provider.ts';
import { SsoRefusal } from './sso-refusal.ts';
import { endSessionsOfUsers } from '../sessions/session-repository.ts';

const { memberships } = tables;

export function toSsoSettings(connection: repo.SsoConnection | undefined, redirectUris: string[], sp: ServiceProviderUrls): TSsoSettings {
  return {
    protocol: connection?.protocol === 'saml' ? 'saml' : 'oidc',
    enabled: connection?.enabled ?? false,
    issuer_url: connection?.issuerUrl ?? '',
    client_id: connection?.clientId ?? '',
    client_secret_set: Boolean(connection?.clientSecretEncrypted),
    allowed_domains: connection?.allowedDomains ?? [],
    email_claim: connection?.emailClaim ?? 'email',
    groups_claim: connection?.groupsClaim ?? null,
    group_permissions: (connection?.groupPermissions ?? []).map((m) => ({ group: m.group, permissions: m.permissions.filter(isMappable) })),
    require_sso: connection?.requireSso ?? false,
    break_glass_user_id: connection?.breakGlassUserId ?? null,
    create_members: connection?.createMembers ?? false,
    redirect_uris: redirectUris,
    saml: {
      sp_entity_id: sp.entityId,
      sp_acs_url: sp.acsUrl,
      sp_metadata_url: sp.metadataUrl,
      idp_metadata_set: Boolean(connection?.samlIdpMetadataXml),
      idp_metadata_url: connection?.samlIdpMetadataUrl ?? null,
      idp_entity_id: connection?.samlIdpEntityId ?? null,
      idp_sso_url: connection?.samlIdpSsoUrl ?? null,
      allow_idp_initiated: connection?.samlAllowIdpInitiated ?? false,
    },
  };
}

const isMappable = (p: string): p is 'engagement_admin' | 'instant_survey_admin' | 'organization_admin' => ['engagement_admin', 'instant_survey_admin', 'organization_admin'].includes(p);

/** What a save writes to the organisation's connection row. */
export type SsoConnectionValues = Parameters<typeof repo.saveConnection>[2];

/**
 * Checks an update of the organisation's connection and makes the row to save, writing nothing:
 * the client secret is sealed (SECRETS_KEY) and kept when the update leaves it out; each domain
 * may belong to one organisation only; requiring SSO needs an enabled connection and a break-glass
 * administrator who is an active organisation admin here. A SAML metadata address is fetched here,
 * before the transaction that saves (a network round must not hold it open).
 */
export async function prepareSsoSettings(db: Database, organizationId: number, input: TSsoSettingsUpdate, box: SecretBox | null, log: FastifyBaseLogger): Promise<SsoConnectionValues> {
  const update = ZSsoSettingsUpdate.parse(input);
  const field = (name: string, key: 'sso.errors.issuer_not_https' | 'sso.errors.require_sso_needs_enabled' | 'sso.errors.break_glass_needed' | 'sso.errors.break_glass_not_admin') =>
    new ApiError(400, 'validation_error', 'errors.validation_failed', { [name]: [key] });
  if (update.protocol === 'oidc' && !issuerAllowed(update.issuer_url)) throw field('issuer_url', 'sso.errors.issuer_not_https');
  const saml = update.protocol === 'saml' ? await readSamlMetadata(db, organizationId, update, log) : null;
  if (update.require_sso && !update.enabled) throw field('require_sso', 'sso.errors.require_sso_needs_enabled');
  if (update.require_sso && update.break_glass_user_id === null) throw field('break_glass_user_id', 'sso.errors.break_glass_needed');
  if (update.break_glass_user_id !== null) {
    const [member] = await db
      .select({ permissions: memberships.permissions })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, update.break_glass_user_id), isNull(memberships.deactivatedAt)))
      .limit(1);
    if (!member?.permissions.includes(ORGANIZATION_ADMIN_PERMISSION)) throw field('break_glass_user_id', 'sso.errors.break_glass_not_admin');
  }
  const domains = [...new Set(update.allowed_domains)];
  const taken = await repo.findDomainClaimedElsewhere(db, organizationId, domains);
  if (taken) throw new ApiError(409, 'sso_domain_taken', 'sso.errors.domain_taken', undefined, { domain: taken });
  let clientSecretEncrypted: string | null | undefined;
  if (update.client_secret !== undefined) {
    if (!box) throw new ApiError(409, 'secrets_key_missing', 'sso.errors.secrets_key_missing');
    clientSecretEncrypted = box.seal(update.client_secret);
  }
  return {
    protocol: update.protocol,
    enabled: update.enabled,
    issuerUrl: update.issuer_url,
    clientId: update.client_id,
    ...(clientSecretEncrypted !== undefined ? { clientSecretEncrypted } : {}),
    allowedDomains: domains,
    emailClaim: update.email_claim,
    groupsClaim: update.groups_claim,
    groupPermissions: update.group_permissions,
    requireSso: update.require_sso,
    breakGlassUserId: update.break_glass_user_id,
    createMembers: update.create_members,
    samlAllowIdpInitiated: update.protocol === 'saml' && update.saml_allow_idp_initiated,
    ...(saml ?? {}),
  };
}

/**
 * The identity provider's metadata of a SAML connection: uploaded, fetched from its address, or
 * (neither given) the stored one. Unreadable metadata is refused with what is wrong in it, logged
 * for the administrator, and nothing is saved; an enabled connection needs metadata.
 */
async function readSamlMetadata(db: Database, organizationId: number, update: ReturnType<typeof ZSsoSettingsUpdate.parse>, log: FastifyBaseLogger) {
  try {
    let xml = update.saml_idp_metadata_xml ?? null;
    const url = xml === null ? (update.saml_idp_metadata_url ?? null) : null;
    if (url !== null) xml = await fetchIdpMetadata(url);
    if (xml === null) {
      const stored = await repo.findConnectionOfOrganization(db, organizationId);
      if (stored?.samlIdpMetadataXml) return {};
      if (update.enabled) throw new SsoRefusal('sso_saml_metadata_needed', 'sso.errors.saml_metadata_needed', { reason: 'no metadata uploaded or fetched' });
      return {};
    }
    const metadata = parseIdpMetadata(xml);
    return { samlIdpMetadataXml: xml, samlIdpMetadataUrl: url, samlIdpEntityId: metadata.entityId, samlIdpSsoUrl: metadata.ssoUrl, samlIdpCertificates: metadata.certificates };
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    log.warn({ organizationId, code: error.code, reason: error.details.reason }, 'sso saml metadata refused');
    throw new ApiError(400, error.code, error.messageKey, undefined, error.details.reason ? { reason: error.details.reason } : {});
  }
}

/** The sessions a password opened (with or without a second factor): what SSO required refuses. */
const PASSWORD_METHODS: TSessionMethod[] = ['password', 'password_totp', 'password_passkey'];

/**
 * While the organisation requires SSO, its members (but the break-glass administrator) are refused
 * password sign-in; their password sessions end with the save (in its transaction; the caller then
 * tells every instance's caller cache about `users`), so the very next
 * request of such a session is refused too. Sessions opened through the identity provider stay, and
 * so does the session of the administrator who saved (their own next sign-in follows the rule).
 * Run on every save that leaves the requirement on: a save that changes the break-glass
 * administrator ends the sessions of the one who lost the exception.
 */
export async function endPasswordSessionsRefusedBySso(db: Database, organizationId: number, keepSession: number | null, now: Date): Promise<{ users: number[]; ended: number }> {
  const connection = await repo.findConnectionOfOrganization(db, organizationId);
  if (!connection?.enabled || !connection.requireSso) return { users: [], ended: 0 };
  const users = await repo.activeMembersBut(db, organizationId, connection.breakGlassUserId);
  return { users, ended: await endSessionsOfUsers(db, users, now, keepSession ?? undefined, PASSWORD_METHODS) };
}
