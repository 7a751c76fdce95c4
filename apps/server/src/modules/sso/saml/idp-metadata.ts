import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SsoRefusal } from '../sso-refusal.ts';
import { issuerAllowed } from '../oidc-round.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
/** How long fetching the identity provider's metadata may take. */
const FETCH_TIMEOUT_MS = 10_000;
const FETCH_MAX_BYTES = 500_000;

export interface IdpMetadata {
  entityId: string;
  /** Where the browser is sent with the AuthnRequest (HTTP-Redirect binding). */
  ssoUrl: string;
  /** The signing certificates, base64 DER as in the metadata; responses must be signed by one of them. */
  certificates: string[];
}

/**
 * Any document type declaration is refused before parsing: SAML metadata never needs one, and
 * refusing it closes external entities (XXE) and entity expansion ("billion laughs") at once,
 * whatever the parser would do with them.
 */
export function refuseDocumentTypes(xml: string, what: 'metadata' | 'response'): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new SsoRefusal(what === 'metadata' ? 'sso_saml_metadata_dtd' : 'sso_saml_response_invalid', what === 'metadata' ? 'sso.errors.saml_metadata_dtd' : 'sso.errors.saml_response_invalid', {
      reason: `the ${what} carries a document type declaration (DTDs and entities are refused)`,
    });
  }
}

const invalid = (reason: string) => new SsoRefusal('sso_saml_metadata_invalid', 'sso.errors.saml_metadata_invalid', { reason });

/** Reads the identity provider's entity id, sign-in address and signing certificates from its metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  refuseDocumentTypes(xml, 'metadata');
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: (m: string) => problems.push(m), fatalError: (m: string) => problems.push(m) },
  }).parseFromString(xml, 'text/xml');
  if (problems.length > 0 || !doc.documentElement) throw invalid(`not well-formed XML: ${problems[0] ?? 'empty'}`.slice(0, 300));
  const root = doc.documentElement;
  const descriptor = root.localName === 'EntityDescriptor' && root.namespaceURI === MD ? root : firstElement(root, MD, 'EntityDescriptor');
  if (!descriptor) throw invalid('no md:EntityDescriptor');
  const entityId = descriptor.getAttribute('entityID')?.trim();
  if (!entityId) throw invalid('the EntityDescriptor has no entityID');
  const idp = firstElement(descriptor, MD, 'IDPSSODescriptor');
  if (!idp) throw invalid('no md:IDPSSODescriptor (is this the service provider\'s metadata?)');
  const services = elements(idp, MD, 'SingleSignOnService');
  const service = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING) ?? services.find((s) => s.getAttribute('Binding') === POST_BINDING);
  const ssoUrl = service?.getAttribute('Location')?.trim();
  if (!ssoUrl) throw invalid('no SingleSignOnService with the HTTP-Redirect binding');
  if (!URL.canParse(ssoUrl) || !issuerAllowed(ssoUrl)) throw invalid(`the SingleSignOnService location ${ssoUrl} is not an https:// address`);
  const certificates = elements(idp, MD, 'KeyDescriptor')
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => elements(k, DS, 'X509Certificate'))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c.length > 0);
  if (certificates.length === 0) throw invalid('no signing certificate (md:KeyDescriptor with ds:X509Certificate)');
  const bad = certificates.find((c) => !isCertificate(c));
  if (bad) throw invalid('a signing certificate is not a readable X.509 certificate');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

function isCertificate(base64: string): boolean {
  try {
    new X509Certificate(Buffer.from(base64, 'base64'));
    return true;
  } catch {
    return false;
  }
}

function elements(parent: Element, ns: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, name));
}

function firstElement(parent: Element, ns: string, name: string): Element | undefined {
  return elements(parent, ns, name)[0];
}

/**
 * Fetches the metadata from the identity provider's address (https, or plain http on this machine
 * or the private network, as for an OIDC issuer), with a time and size limit.
 */
export async function fetchIdpMetadata(url: string): Promise<string> {
  const fail = (reason: string) => new SsoRefusal('sso_saml_metadata_fetch_failed', 'sso.errors.saml_metadata_fetch_failed', { reason });
  if (!issuerAllowed(url)) throw new SsoRefusal('sso_issuer_not_https', 'sso.errors.issuer_not_https');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
  } catch (error) {
    throw fail(error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error));
  }
  if (!response.ok) throw fail(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > FETCH_MAX_BYTES) throw fail(`the metadata is larger than ${FETCH_MAX_BYTES} bytes`);
  return text;
}
