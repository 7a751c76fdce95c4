import { z } from 'zod';
import { ZUserProfile } from './auth.ts';
import { ZDbId, ZDbIdParam } from './ids.ts';

/**
 * Single sign-on per organisation (docs/single-sign-on.md). One connection per organisation; the
 * `protocol` says how it talks to the identity provider: OpenID Connect or SAML 2.0.
 */
export const ZSsoProtocol = z.enum(['oidc', 'saml']);
export type TSsoProtocol = z.infer<typeof ZSsoProtocol>;

/** The product's permissions that an identity provider's group may grant. */
export const SSO_MAPPABLE_PERMISSIONS = ['engagement_admin', 'instant_survey_admin', 'organization_admin'] as const;
export const ZSsoMappablePermission = z.enum(SSO_MAPPABLE_PERMISSIONS);
export type TSsoMappablePermission = z.infer<typeof ZSsoMappablePermission>;

export const ZSsoGroupMapping = z.object({
  /** The value of the group claim as the identity provider sends it (a name or an object id). */
  group: z.string().trim().min(1).max(256),
  permissions: z.array(ZSsoMappablePermission).max(SSO_MAPPABLE_PERMISSIONS.length),
});
export type TSsoGroupMapping = z.infer<typeof ZSsoGroupMapping>;

/** A bare e-mail domain, lower case: `example.com`, `mail.example.co.uk`. */
export const ZEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'not_a_domain' });

const ZClaimName = z.string().trim().min(1).max(128).regex(/^[\w:./-]+$/);

/**
 * The SAML side of the connection: what the product tells the identity provider (its entity id,
 * assertion consumer service and metadata address, stable per organisation) and what it read from
 * the identity provider's metadata.
 */
export const ZSamlSettings = z.object({
  sp_entity_id: z.string(),
  sp_acs_url: z.string(),
  sp_metadata_url: z.string(),
  idp_metadata_set: z.boolean(),
  idp_metadata_url: z.string().nullable(),
  idp_entity_id: z.string().nullable(),
  idp_sso_url: z.string().nullable(),
  /** Unsolicited responses from the identity provider's portal are refused unless this is on. */
  allow_idp_initiated: z.boolean(),
});
export type TSamlSettings = z.infer<typeof ZSamlSettings>;

/** The administrator's view of the connection; the client secret is never returned, only whether one is set. */
export const ZSsoSettings = z.object({
  protocol: ZSsoProtocol,
  enabled: z.boolean(),
  issuer_url: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  allowed_domains: z.array(z.string()),
  email_claim: z.string(),
  groups_claim: z.string().nullable(),
  group_permissions: z.array(ZSsoGroupMapping),
  /** Password sign-in refused for every member except the break-glass administrator. */
  require_sso: z.boolean(),
  /** The one administrator who may still sign in with a password while SSO is required. */
  break_glass_user_id: z.number().int().nullable(),
  /** A first SSO sign-in of an unknown address in an allowed domain creates a member; otherwise it waits for an invitation. */
  create_members: z.boolean(),
  /** The addresses to register at the identity provider (the analytics app's and the instant-survey tool's). */
  redirect_uris: z.array(z.string()),
  saml: ZSamlSettings,
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/** The largest IdP metadata document accepted (Entra ID's, with two certificates, is about 10 kB). */
export const SAML_METADATA_MAX_LENGTH = 500_000;

/**
 * `PUT /organization/sso/`: the whole connection; without `client_secret` the stored one stays.
 * OIDC needs `issuer_url` and `client_id`; SAML reads the identity provider from `saml_idp_metadata_xml`
 * (an uploaded file) or `saml_idp_metadata_url` (fetched on save), and without either keeps the stored metadata.
 */
export const ZSsoSettingsUpdate = z
  .object({
  protocol: ZSsoProtocol.default('oidc'),
  enabled: z.boolean(),
  issuer_url: z.union([z.url({ protocol: /^https?$/ }).max(2048), z.literal('')]).default(''),
  client_id: z.string().trim().max(512).default(''),
  saml_idp_metadata_xml: z.string().min(1).max(SAML_METADATA_MAX_LENGTH).optional(),
  saml_idp_metadata_url: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  saml_allow_idp_initiated: z.boolean().default(false),
  client_secret: z.string().min(1).max(2048).optional(),
  allowed_domains: z.array(ZEmailDomain).min(1).max(50),
  email_claim: ZClaimName.default('email'),
  groups_claim: ZClaimName.nullable().default(null),
  group_permissions: z.array(ZSsoGroupMapping).max(100).default([]),
  require_sso: z.boolean().default(false),
  break_glass_user_id: ZDbId.nullable().default(null),
  create_members: z.boolean().default(false),
})
  .superRefine((value, ctx) => {
    if (value.protocol !== 'oidc') return;
    if (value.issuer_url === '') ctx.addIssue({ code: 'custom', path: ['issuer_url'], message: 'required' });
    if (value.client_id === '') ctx.addIssue({ code: 'custom', path: ['client_id'], message: 'required' });
  });
export type TSsoSettingsUpdate = z.input<typeof ZSsoSettingsUpdate>;

/** Where the login page sends the browser next (its own page, or the identity provider). */
export const ZSsoOrigin = z.enum(['engagement', 'instant_survey']);
export type TSsoOrigin = z.infer<typeof ZSsoOrigin>;

export const ZSignInDiscoveryRequest = z.object({ email: z.string().trim().min(1).max(254), origin: ZSsoOrigin.default('engagement') });
export type TSignInDiscoveryRequest = z.input<typeof ZSignInDiscoveryRequest>;

/**
 * A started sign-in round at the identity provider: the browser keeps `browser_binding` (session
 * storage) and sends it back with the callback, so a code caught by someone else's browser is worthless there.
 */
export const ZSsoRound = z.object({ authorization_url: z.string(), browser_binding: z.string() });
export type TSsoRound = z.infer<typeof ZSsoRound>;

export const ZSignInDiscovery = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password') }),
  ZSsoRound.extend({ method: z.literal('sso') }),
]);
export type TSignInDiscovery = z.infer<typeof ZSignInDiscovery>;

/** What the identity provider sent back to the callback page: its whole query string, and the browser binding. */
export const ZSsoCallbackRequest = z.object({
  callback_query: z.string().min(1).max(8192),
  browser_binding: z.string().min(1).max(256),
});
export type TSsoCallbackRequest = z.infer<typeof ZSsoCallbackRequest>;

/** A test round's findings: what the identity provider said, and what the product made of it. */
export const ZSsoTestReport = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    claims: z.record(z.string(), z.unknown()),
    email: z.string(),
    permissions: z.array(z.string()),
  }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    detail: z.string(),
    claims: z.record(z.string(), z.unknown()).nullable(),
  }),
]);
export type TSsoTestReport = z.infer<typeof ZSsoTestReport>;

export const ZSsoCallbackResponse = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('signed_in'), token: z.string(), user: ZUserProfile, return_path: z.string() }),
  z.object({ outcome: z.literal('test'), report: ZSsoTestReport }),
]);
export type TSsoCallbackResponse = z.infer<typeof ZSsoCallbackResponse>;

/** The organisation whose SAML service provider a metadata or ACS address names. */
export const ZSamlOrganizationParams = z.object({ organizationId: ZDbIdParam });

/** The largest SAML response the assertion consumer service reads (a response with a few certificates and many groups stays far below). */
export const SAML_RESPONSE_MAX_LENGTH = 1024 * 1024;

/** What the identity provider's page posts to the assertion consumer service (HTTP-POST binding). */
export const ZSamlAcsForm = z.object({
  SAMLResponse: z.string().min(1).max(SAML_RESPONSE_MAX_LENGTH),
  RelayState: z.string().max(512).optional(),
});
export type TSamlAcsForm = z.infer<typeof ZSamlAcsForm>;
