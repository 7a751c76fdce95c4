import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for the tests, outside the product's code: its own RSA key and
 * self-signed certificate made at start, metadata, a sign-in page on an ephemeral loopback port
 * (HTTP-Redirect binding in, HTTP-POST binding out), and responses signed with xml-crypto, a kept
 * XML-signature library. Tests also ask it for crafted responses (unsigned, signed by another key,
 * for another audience or recipient, expired, wrapped, …) to show each refusal.
 */
export interface TestSamlAccount {
  email: string;
  name?: string;
  groups?: string[];
}

export interface SamlResponseTweaks {
  /** What carries the signature: the assertion (default), the whole response, or nothing. */
  sign?: 'assertion' | 'response' | 'none';
  /** Signed with another key than the one in the metadata. */
  foreignKey?: boolean;
  audience?: string;
  recipient?: string;
  destination?: string;
  /** Omitted when null (an unsolicited, IdP-initiated response). */
  inResponseTo?: string | null;
  issuer?: string;
  assertionId?: string;
  /** Offsets from now, in seconds. */
  notBeforeS?: number;
  notOnOrAfterS?: number;
  email?: string;
}

export interface AuthnRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string | null;
}

export interface TestSamlIdentityProvider {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  /** Reads an AuthnRequest from the product's redirect address, as the sign-in page does. */
  readAuthnRequest(authorizationUrl: string): AuthnRequestSeen;
  /** The base64 SAMLResponse for this request and account, with the tweaks a test asks for. */
  response(request: AuthnRequestSeen, accountId: string, tweaks?: SamlResponseTweaks): string;
  /** A signature-wrapping attempt built from a genuine signed response: the signed assertion moved beside (or under) an unsigned one for another account. */
  wrapped(genuine: string, evilEmail: string, shape: 'beside' | 'nested'): string;
  close(): Promise<void>;
}

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

const base64Body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const newId = () => `_${randomBytes(16).toString('hex')}`;
const instant = (offsetS: number) => new Date(Date.now() + offsetS * 1000).toISOString();

export async function startTestSamlIdentityProvider(options: { accounts: Record<string, TestSamlAccount> }): Promise<TestSamlIdentityProvider> {
  const own = await generate([{ name: 'commonName', value: 'ONA test SAML IdP' }], { keySize: 2048, algorithm: 'sha256' });
  const foreign = await generate([{ name: 'commonName', value: 'Someone else' }], { keySize: 2048, algorithm: 'sha256' });
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${SAMLP}">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64Body(own.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function readAuthnRequest(authorizationUrl: string): AuthnRequestSeen {
    const url = new URL(authorizationUrl);
    const encoded = url.searchParams.get('SAMLRequest');
    if (!encoded) throw new Error('no SAMLRequest in the address');
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const root = doc.documentElement;
    if (!root || root.localName !== 'AuthnRequest') throw new Error('not an AuthnRequest');
    const issuer = root.getElementsByTagNameNS(SAML, 'Issuer')[0]?.textContent ?? '';
    return { id: root.getAttribute('ID') ?? '', acsUrl: root.getAttribute('AssertionConsumerServiceURL') ?? '', issuer, relayState: url.searchParams.get('RelayState') };
  }

  function assertionXml(request: AuthnRequestSeen, account: TestSamlAccount, tweaks: SamlResponseTweaks, assertionId: string): string {
    const inResponseTo = tweaks.inResponseTo === undefined ? request.id : tweaks.inResponseTo;
    const irt = inResponseTo === null ? '' : ` InResponseTo="${escapeXml(inResponseTo)}"`;
    const notOnOrAfter = instant(tweaks.notOnOrAfterS ?? 300);
    const email = tweaks.email ?? account.email;
    const attributes = [
      `<saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(email)}</saml:AttributeValue></saml:Attribute>`,
      ...(account.name ? [`<saml:Attribute Name="displayName"><saml:AttributeValue>${escapeXml(account.name)}</saml:AttributeValue></saml:Attribute>`] : []),
      ...(account.groups?.length ? [`<saml:Attribute Name="groups">${account.groups.map((g) => `<saml:AttributeValue>${escapeXml(g)}</saml:AttributeValue>`).join('')}</saml:Attribute>`] : []),
    ].join('');
    return (
      `<saml:Assertion xmlns:saml="${SAML}" ID="${assertionId}" Version="2.0" IssueInstant="${instant(0)}">` +
      `<saml:Issuer>${escapeXml(tweaks.issuer ?? entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(tweaks.recipient ?? request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${instant(tweaks.notBeforeS ?? -5)}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(tweaks.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${instant(0)}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
      `</saml:Assertion>`
    );
  }

  function sign(xml: string, what: 'Assertion' | 'Response', foreignKey: boolean): string {
    const key = foreignKey ? foreign : own;
    const signer = new SignedXml({ privateKey: key.private, publicCert: key.cert, signatureAlgorithm: RSA_SHA256, canonicalizationAlgorithm: EXC_C14N });
    const target = what === 'Assertion' ? "//*[local-name(.)='Assertion']" : "/*[local-name(.)='Response']";
    signer.addReference({ xpath: target, transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N], digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' });
    signer.computeSignature(xml, { prefix: 'ds', location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' } });
    return signer.getSignedXml();
  }

  function responseXml(request: AuthnRequestSeen, inner: string, tweaks: SamlResponseTweaks): string {
    const inResponseTo = tweaks.inResponseTo === undefined ? request.id : tweaks.inResponseTo;
    const irt = inResponseTo === null ? '' : ` InResponseTo="${escapeXml(inResponseTo)}"`;
    return (
      `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="${newId()}" Version="2.0" IssueInstant="${instant(0)}" Destination="${escapeXml(tweaks.destination ?? request.acsUrl)}"${irt}>` +
      `<saml:Issuer>${escapeXml(tweaks.issuer ?? entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      inner +
      `</samlp:Response>`
    );
  }

  function response(request: AuthnRequestSeen, accountId: string, tweaks: SamlResponseTweaks = {}): string {
    const account = options.accounts[accountId];
    if (!account) throw new Error(`no test account ${accountId}`);
    const mode = tweaks.sign ?? 'assertion';
    let assertion = assertionXml(request, account, tweaks, tweaks.assertionId ?? newId());
    if (mode === 'assertion') assertion = sign(assertion, 'Assertion', tweaks.foreignKey ?? false);
    let xml = responseXml(request, assertion, tweaks);
    if (mode === 'response') xml = sign(xml, 'Response', tweaks.foreignKey ?? false);
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  function wrapped(genuine: string, evilEmail: string, shape: 'beside' | 'nested'): string {
    const xml = Buffer.from(genuine, 'base64').toString('utf8');
    const signedAssertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0];
    if (!signedAssertion) throw new Error('no assertion to wrap');
    // The attacker's copy: same shape, another subject, the signature stripped, a new ID.
    const evil = signedAssertion
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, `ID="${newId()}"`)
      .replace(/>[^<]+@[^<]+</g, `>${escapeXml(evilEmail)}<`);
    const inner = shape === 'beside' ? `${evil}${signedAssertion}` : `<samlp:Extensions>${signedAssertion}</samlp:Extensions>${evil}`;
    return Buffer.from(xml.replace(signedAssertion, inner), 'utf8').toString('base64');
  }

  server.on('request', (req, res) => {
    void handle(req).then(
      ({ status, type, body }) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
  });

  /**
   * The sign-in page: the account id typed as the login (no password, as the OIDC test provider's
   * development form), then a page that posts the signed response to the product's ACS.
   */
  async function handle(req: IncomingMessage): Promise<{ status: number; type: string; body: string }> {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/metadata') return { status: 200, type: 'application/samlmetadata+xml', body: metadataXml };
    if (req.method === 'GET' && url.pathname === '/sso') {
      readAuthnRequest(url.toString());
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><title>Test SAML IdP</title><form method="post" action="/sso/login"><input type="hidden" name="request" value="${escapeXml(url.toString())}"><label>Login <input name="login" autofocus></label><button type="submit">Sign in</button></form>`,
      };
    }
    if (req.method === 'POST' && url.pathname === '/sso/login') {
      const form = new URLSearchParams(await readBody(req));
      const request = readAuthnRequest(form.get('request') ?? '');
      const samlResponse = response(request, form.get('login') ?? '');
      const relay = request.relayState === null ? '' : `<input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}">`;
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><title>Test SAML IdP</title><form method="post" action="${escapeXml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">${relay}<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
      };
    }
    return { status: 404, type: 'text/plain', body: 'not found' };
  }

  return {
    entityId,
    ssoUrl,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    readAuthnRequest,
    response,
    wrapped,
    close: () => {
      // close() waits for every open connection to end: a browser's kept-alive ones end only when
      // the browser lets go (some 100 s in the browser tests), so they are closed at once.
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      return closed;
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
