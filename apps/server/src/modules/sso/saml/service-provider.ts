import { DOMParser } from '@xmldom/xmldom';
import { SAML, SamlStatusError, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { SsoConnection } from '../repository.ts';
import { SsoRefusal } from '../sso-refusal.ts';
import { refuseDocumentTypes } from './idp-metadata.ts';

/** Clocks of the product and the identity provider may differ by this much (NotBefore / NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;
/** An assertion older than this since its IssueInstant is refused even when its NotOnOrAfter is later. */
const MAX_ASSERTION_AGE_MS = 10 * 60 * 1000;

/**
 * The product's addresses as the identity provider knows them, per organisation: the entity id is
 * the metadata address itself (a common convention, so that pasting the one URL is enough), and
 * they depend only on the public base and the organisation id, so they stay stable across edits.
 */
export interface ServiceProviderUrls {
  entityId: string;
  metadataUrl: string;
  acsUrl: string;
}

export function serviceProviderUrls(base: string, organizationId: number): ServiceProviderUrls {
  const root = `${base}/api/auth/saml/${organizationId}`;
  return { entityId: `${root}/metadata/`, metadataUrl: `${root}/metadata/`, acsUrl: `${root}/acs/` };
}

const PEM_LINE = /.{1,64}/g;
const toPem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(PEM_LINE)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;

/**
 * node-saml's InResponseTo check asks a cache for the request ids it issued. Ours live in the
 * sign-in round (the database), so each check gets a cache that knows just the round's request id
 * (or none for an unsolicited response), and starting a round records the id node-saml generated.
 */
class RoundRequestIds implements CacheProvider {
  saved: string | null = null;
  constructor(private readonly issued: { id: string; at: Date } | null) {}
  async saveAsync(key: string, value: string) {
    this.saved = key;
    return { value, createdAt: Date.now() };
  }
  async getAsync(key: string) {
    // node-saml reads the value as the time the request was issued (it refuses old ones).
    return this.issued && key === this.issued.id ? this.issued.at.toISOString() : null;
  }
  async removeAsync(key: string | null) {
    return key;
  }
}

function samlOf(connection: SsoConnection, urls: ServiceProviderUrls, requestIds: RoundRequestIds, solicited: boolean): SAML {
  return new SAML({
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    audience: urls.entityId,
    entryPoint: connection.samlIdpSsoUrl ?? undefined,
    idpCert: connection.samlIdpCertificates.map(toPem),
    // A signed response or a signed assertion is required: node-saml checks the assertion's own
    // signature whenever the response as a whole is not validly signed, and refuses a response
    // with more than one assertion (the classic signature-wrapping shape).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    validateInResponseTo: solicited ? ValidateInResponseTo.always : ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    cacheProvider: requestIds,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The service provider's metadata document (unsigned; no encryption key: assertions come signed, not encrypted). */
export function serviceProviderMetadata(connection: SsoConnection | undefined, urls: ServiceProviderUrls): string {
  const saml = new SAML({ issuer: urls.entityId, callbackUrl: urls.acsUrl, idpCert: connection?.samlIdpCertificates.map(toPem) ?? 'none', wantAssertionsSigned: true, identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' });
  return saml.generateServiceProviderMetadata(null);
}

/** The identity provider's sign-in address with a fresh AuthnRequest, and that request's id (kept in the round). */
export async function authnRequestUrl(connection: SsoConnection, urls: ServiceProviderUrls, relayState: string, forceAuthn: boolean): Promise<{ url: string; requestId: string }> {
  if (!connection.samlIdpSsoUrl || connection.samlIdpCertificates.length === 0) throw new SsoRefusal('sso_saml_metadata_needed', 'sso.errors.saml_metadata_needed', { reason: 'no identity provider metadata stored' });
  const ids = new RoundRequestIds(null);
  const saml = samlOf(connection, urls, ids, true);
  if (forceAuthn) saml.options.forceAuthn = true;
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  if (!ids.saved) throw new Error('node-saml generated no request id');
  return { url, requestId: ids.saved };
}

export interface CheckedAssertion {
  assertionId: string;
  /** When the assertion stops being acceptable anyway: its replay record may go then. */
  acceptableUntil: Date;
  nameId: string;
  /** The assertion's attributes, plus `nameID`, as the settings page's test shows them. */
  attributes: Record<string, unknown>;
}

/**
 * Checks an identity provider's response: node-saml checks the signature (response or assertion,
 * against the metadata's certificates), wrapping, the audience, NotBefore / NotOnOrAfter with the
 * clock skew and InResponseTo; then the issuer, the SubjectConfirmation's Recipient and the
 * response's Destination, which node-saml leaves to its caller, are compared here.
 * `issuedRequest` is the round's AuthnRequest id and time, or null for an unsolicited response.
 */
export async function checkResponse(connection: SsoConnection, urls: ServiceProviderUrls, samlResponse: string, issuedRequest: { id: string; at: Date } | null): Promise<CheckedAssertion> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  refuseDocumentTypes(xml, 'response');
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(connection, urls, new RoundRequestIds(issuedRequest), issuedRequest !== null).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refusalOf(error);
  }
  if (!profile) throw new SsoRefusal('sso_saml_response_invalid', 'sso.errors.saml_response_invalid', { reason: 'no assertion in the response' });
  if (profile.issuer !== connection.samlIdpEntityId) {
    throw new SsoRefusal('sso_wrong_issuer', 'sso.errors.wrong_issuer', { reason: `assertion issuer ${String(profile.issuer)} is not ${connection.samlIdpEntityId ?? '(none)'}` });
  }
  const assertion = (profile.getAssertion?.() ?? {}) as { Assertion?: SignedAssertion };
  const signed = assertion.Assertion;
  const assertionId = signed?.$?.ID;
  if (!signed || !assertionId) throw new SsoRefusal('sso_saml_response_invalid', 'sso.errors.saml_response_invalid', { reason: 'the assertion has no ID' });
  const confirmations = (signed.Subject?.[0]?.SubjectConfirmation ?? []).flatMap((c) => c.SubjectConfirmationData ?? []);
  const recipients = confirmations.map((d) => d.$?.Recipient).filter((r): r is string => typeof r === 'string');
  if (recipients.length === 0 || recipients.some((r) => r !== urls.acsUrl)) {
    throw new SsoRefusal('sso_saml_wrong_recipient', 'sso.errors.saml_wrong_recipient', { reason: `Recipient ${recipients.join(', ') || '(none)'} is not ${urls.acsUrl}` });
  }
  const destination = responseDestination(xml);
  if (destination !== null && destination !== urls.acsUrl) {
    throw new SsoRefusal('sso_saml_wrong_destination', 'sso.errors.saml_wrong_destination', { reason: `Destination ${destination} is not ${urls.acsUrl}` });
  }
  const until = [signed.Conditions?.[0]?.$?.NotOnOrAfter, ...confirmations.map((d) => d.$?.NotOnOrAfter)]
    .filter((t): t is string => typeof t === 'string')
    .map((t) => Date.parse(t))
    .filter((t) => Number.isFinite(t));
  const acceptableUntil = new Date(Math.max(...until, Date.now() + MAX_ASSERTION_AGE_MS) + SAML_CLOCK_SKEW_MS);
  const attributes: Record<string, unknown> = { nameID: profile.nameID, ...((profile.attributes as Record<string, unknown> | undefined) ?? {}) };
  return { assertionId, acceptableUntil, nameId: profile.nameID, attributes };
}

interface SignedAssertion {
  $?: { ID?: string };
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string; NotOnOrAfter?: string } }[] }[] }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
}

/** The Destination attribute of the response element (when the identity provider sets one; signed responses must). */
function responseDestination(xml: string): string | null {
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined, fatalError: () => undefined } }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'Response') return null;
  return root.getAttribute('Destination') || null;
}

/** node-saml's error (it throws plain Errors with stable messages) as the refusal a person can act on. */
function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (error instanceof SamlStatusError) return new SsoRefusal('sso_provider_refused', 'sso.errors.provider_refused', { reason });
  if (/signature|Cannot obtain assertion from signed data/i.test(reason)) return new SsoRefusal('sso_bad_signature', 'sso.errors.bad_signature', { reason });
  if (/InResponseTo/i.test(reason)) return new SsoRefusal('sso_saml_in_response_to_unknown', 'sso.errors.saml_in_response_to_unknown', { reason });
  if (/audience/i.test(reason)) return new SsoRefusal('sso_wrong_audience', 'sso.errors.wrong_audience', { reason });
  // node-saml's subject-confirmation search checks nothing but the confirmation's NotBefore / NotOnOrAfter.
  if (/expired|not yet valid|No valid subject confirmation/i.test(reason)) return new SsoRefusal('sso_saml_expired', 'sso.errors.saml_expired', { reason });
  return new SsoRefusal('sso_saml_response_invalid', 'sso.errors.saml_response_invalid', { reason });
}
