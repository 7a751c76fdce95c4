import * as client from 'openid-client';
import { isLocalHostName } from '../../http/public-base.ts';
import type { SsoConnection } from './repository.ts';
import { SsoRefusal } from './sso-refusal.ts';
import type { SecretBox } from './secret-box.ts';

/** How long one request to the identity provider may take (seconds). */
const IDP_TIMEOUT_S = 10;

/**
 * Plain http is accepted only for an identity provider on this machine or the private network
 * (a Keycloak beside the product, the tests' provider); anything else must be https.
 */
export function issuerAllowed(issuerUrl: string): boolean {
  const url = new URL(issuerUrl);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHostName(url.hostname.replace(/^\[|\]$/g, '')));
}

/**
 * The identity provider as openid-client sees it, from its discovery document. ID token
 * signatures are checked against the provider's published keys even though the token comes
 * straight from its token endpoint (enableNonRepudiationChecks): the issue asks for it, and it
 * also refuses `alg: none`.
 */
export async function discoverProvider(connection: SsoConnection, box: SecretBox | null): Promise<client.Configuration> {
  if (!issuerAllowed(connection.issuerUrl)) throw new SsoRefusal('sso_issuer_not_https', 'sso.errors.issuer_not_https');
  const secret = connection.clientSecretEncrypted && box ? box.open(connection.clientSecretEncrypted) : undefined;
  const insecure = new URL(connection.issuerUrl).protocol === 'http:';
  try {
    return await client.discovery(
      new URL(connection.issuerUrl),
      connection.clientId,
      secret ? { client_secret: secret } : { token_endpoint_auth_method: 'none' },
      secret ? client.ClientSecretBasic(secret) : client.None(),
      { execute: [...(insecure ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks], timeout: IDP_TIMEOUT_S },
    );
  } catch (error) {
    throw new SsoRefusal('sso_discovery_failed', 'sso.errors.discovery_failed', { reason: reasonOf(error) });
  }
}

export interface RoundSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(config: client.Configuration, redirectUri: string, secrets: RoundSecrets, options: { forceLogin: boolean; askGroups: boolean }): Promise<string> {
  const scopes = ['openid', 'email', 'profile', ...(options.askGroups && config.serverMetadata().scopes_supported?.includes('groups') ? ['groups'] : [])];
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      state: secrets.state,
      nonce: secrets.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      ...(options.forceLogin ? { prompt: 'login' } : {}),
    })
    .toString();
}

export function newRoundSecrets(): RoundSecrets {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/**
 * Exchanges the code for tokens and answers the ID token's claims. openid-client checks the
 * state, the PKCE verifier, the ID token's signature, issuer, audience, expiry and nonce; each
 * failure becomes a refusal that says which check failed.
 */
export async function finishAtProvider(config: client.Configuration, callbackUrl: URL, secrets: RoundSecrets): Promise<Record<string, unknown>> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoRefusal('sso_id_token_invalid', 'sso.errors.id_token_invalid', { reason: 'no ID token' });
    return { ...claims };
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    throw refusalOf(error);
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** The claim a failed comparison names; openid-client wraps oauth4webapi's error, which carries it in its cause. */
function claimOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const claim = (current as { claim?: unknown }).claim;
    if (typeof claim === 'string') return claim;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** openid-client's error, told apart by its code and the claim it names, as the refusal a person can act on. */
function refusalOf(error: unknown): SsoRefusal {
  const reason = reasonOf(error);
  if (error instanceof client.AuthorizationResponseError) {
    return new SsoRefusal('sso_provider_refused', 'sso.errors.provider_refused', { reason: `${error.error}${error.error_description ? `: ${error.error_description}` : ''}` });
  }
  if (error instanceof client.ResponseBodyError) {
    return new SsoRefusal('sso_code_exchange_failed', 'sso.errors.code_exchange_failed', { reason: `${error.error}${error.error_description ? `: ${error.error_description}` : ''}` });
  }
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const claim = claimOf(error);
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'nonce') return new SsoRefusal('sso_wrong_nonce', 'sso.errors.wrong_nonce', { reason });
    if (claim === 'iss') return new SsoRefusal('sso_wrong_issuer', 'sso.errors.wrong_issuer', { reason });
    if (claim === 'aud' || claim === 'azp') return new SsoRefusal('sso_wrong_audience', 'sso.errors.wrong_audience', { reason });
    if (claim === 'state') return new SsoRefusal('sso_state_unknown', 'sso.errors.state_unknown', { reason });
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SsoRefusal('sso_id_token_expired', 'sso.errors.id_token_expired', { reason });
  if (/"alg"/.test(reason) || /signature/i.test(reason)) return new SsoRefusal('sso_bad_signature', 'sso.errors.bad_signature', { reason });
  if (error instanceof TypeError || /fetch failed|timed? ?out|ECONNREFUSED/i.test(reason)) return new SsoRefusal('sso_provider_unreachable', 'sso.errors.provider_unreachable', { reason });
  return new SsoRefusal('sso_id_token_invalid', 'sso.errors.id_token_invalid', { reason });
}
