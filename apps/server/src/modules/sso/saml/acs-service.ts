import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MessageKey } from '../../../i18n/translate.ts';
import { hashSecretToken, newSecretToken } from '../../auth/secret-token.ts';
import * as repo from '../repository.ts';
import { SsoRefusal } from '../sso-refusal.ts';
import { acceptAssertionOnce, answerRound, findRound } from './assertion-store.ts';
import { checkResponse, type ServiceProviderUrls } from './service-provider.ts';

/**
 * The refusals the assertion consumer service may hand to the callback page by code alone (when
 * no round of the browser's carries them); any other code in the address is ignored.
 */
export const SAML_REFUSAL_KEYS: Record<string, MessageKey> = {
  sso_bad_signature: 'sso.errors.bad_signature',
  sso_wrong_audience: 'sso.errors.wrong_audience',
  sso_wrong_issuer: 'sso.errors.wrong_issuer',
  sso_provider_refused: 'sso.errors.provider_refused',
  sso_saml_wrong_recipient: 'sso.errors.saml_wrong_recipient',
  sso_saml_wrong_destination: 'sso.errors.saml_wrong_destination',
  sso_saml_expired: 'sso.errors.saml_expired',
  sso_saml_replayed: 'sso.errors.saml_replayed',
  sso_saml_in_response_to_unknown: 'sso.errors.saml_in_response_to_unknown',
  sso_saml_idp_initiated_off: 'sso.errors.saml_idp_initiated_off',
  sso_saml_response_invalid: 'sso.errors.saml_response_invalid',
  sso_saml_metadata_needed: 'sso.errors.saml_metadata_needed',
  sso_not_enabled: 'sso.errors.not_enabled',
};

export interface AcsContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
}

/**
 * The identity provider's POST to the assertion consumer service, checked in full here; the
 * browser is then sent on to the web client's callback page, which finishes the round with its
 * browser binding through the same endpoint as OpenID Connect (POST /auth/sso/callback/).
 * Answers the address to send the browser to. A refusal stores nothing but the round's outcome
 * (deleted when the callback page takes it) and writes a log line for the administrator.
 */
export async function consumeAssertion(
  ctx: AcsContext,
  connection: repo.SsoConnection,
  urls: ServiceProviderUrls,
  form: { SAMLResponse: string; RelayState?: string | undefined },
  unsolicitedCallback: { redirectUri: string; returnPath: string },
): Promise<string> {
  const now = new Date();
  const round = form.RelayState ? await findRound(ctx.app.db, connection.id, hashSecretToken(form.RelayState), now) : undefined;
  try {
    const assertion = await checkResponse(connection, urls, form.SAMLResponse, round ? { id: round.nonce, at: round.createdAt } : null);
    if (!round && !connection.samlAllowIdpInitiated) {
      throw new SsoRefusal('sso_saml_idp_initiated_off', 'sso.errors.saml_idp_initiated_off', { reason: 'unsolicited response (no sign-in round of this product) while IdP-initiated sign-in is off' });
    }
    if (!round && !connection.enabled) throw new SsoRefusal('sso_not_enabled', 'sso.errors.not_enabled', { reason: 'connection disabled' });
    if (!(await acceptAssertionOnce(ctx.app.db, connection.id, assertion.assertionId, assertion.acceptableUntil, now))) {
      throw new SsoRefusal('sso_saml_replayed', 'sso.errors.saml_replayed', { reason: `assertion ${assertion.assertionId} was already accepted once` });
    }
    if (round) {
      if (!(await answerRound(ctx.app.db, round.id, { ok: true, attributes: assertion.attributes }))) {
        throw new SsoRefusal('sso_saml_in_response_to_unknown', 'sso.errors.saml_in_response_to_unknown', { reason: 'this sign-in round was already answered' });
      }
      return callbackAddress(round.redirectUri, { state: form.RelayState ?? '' });
    }
    // IdP-initiated: no browser started a round, so one is opened here, without a browser binding
    // (that is why it stays off unless an administrator turns it on).
    const state = newSecretToken();
    await repo.insertLoginState(
      ctx.app.db,
      {
        stateHash: hashSecretToken(state),
        connectionId: connection.id,
        purpose: 'sign_in',
        nonce: assertion.assertionId,
        codeVerifier: '',
        browserBindingHash: '',
        redirectUri: unsolicitedCallback.redirectUri,
        returnPath: unsolicitedCallback.returnPath,
        startedByUserId: null,
        samlOutcome: { ok: true, attributes: assertion.attributes },
        expiresAt: new Date(now.getTime() + repo.SSO_ROUND_LIFETIME_MS),
      },
      now,
    );
    return callbackAddress(unsolicitedCallback.redirectUri, { state, idp_initiated: '1' });
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    ctx.log.warn({ organizationId: connection.organizationId, code: error.code, reason: error.details.reason }, 'sso sign-in refused');
    if (round && round.samlOutcome === null) {
      await answerRound(ctx.app.db, round.id, { ok: false, code: error.code, reason: error.details.reason ?? '' });
      return callbackAddress(round.redirectUri, { state: form.RelayState ?? '' });
    }
    return callbackAddress(round?.redirectUri ?? unsolicitedCallback.redirectUri, { saml_error: error.code });
  }
}

function callbackAddress(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
