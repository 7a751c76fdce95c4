import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZSignInDiscovery,
  ZSignInDiscoveryRequest,
  ZSsoCallbackRequest,
  ZSsoCallbackResponse,
  ZSsoRound,
  ZSsoSettings,
  ZSsoSettingsUpdate,
  ZSsoOrigin,
  type TSsoOrigin,
} from '@ona/contracts';
import { z } from 'zod';
import { ApiError } from '../../errors/api-error.ts';
import { instantSurveyBase, publicBase } from '../../http/public-base.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import * as repo from './repository.ts';
import { createSecretBox } from './secret-box.ts';
import { endPasswordSessionsRefusedBySso, prepareSsoSettings, toSsoSettings } from './settings-service.ts';
import { discoverSignIn, finishRound, startRound, type SsoContext } from './sign-in-service.ts';
import { signInClientOf } from '../sessions/session-service.ts';
import { samlRoutes } from './saml/saml-routes.ts';
import { serviceProviderUrls } from './saml/service-provider.ts';

/** The callback pages of the web client (apps/web: features/sso), one per route set. */
export const ENGAGEMENT_CALLBACK_PATH = '/auth/sso-callback.html';
export const INSTANT_SURVEY_CALLBACK_PATH = '/sso-callback.html';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * Single sign-on (docs/single-sign-on.md): the login page's discovery, the callback, and the
 * organisation administrator's settings and connection test. Settings and tests act on the
 * caller's current organisation only (tenancy by construction): there is no organisation id to
 * pass, so no administrator can reach another organisation's connection.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined; instantSurveyUrl: string | undefined; secretsKey: string | undefined }> = async (app, options) => {
  const box = options.secretsKey ? createSecretBox(options.secretsKey) : null;
  const context = (request: FastifyRequest): SsoContext => ({
    app,
    box,
    log: request.log,
    client: signInClientOf(request),
    serviceProviderUrls: (organizationId) => serviceProviderUrls(publicBase(options.publicUrl, request), organizationId),
  });
  const callbackOf = (request: FastifyRequest, origin: TSsoOrigin) =>
    origin === 'instant_survey'
      ? { redirectUri: `${instantSurveyBase(options.instantSurveyUrl, options.publicUrl, request)}${INSTANT_SURVEY_CALLBACK_PATH}`, returnPath: 'surveys/list.html' }
      : { redirectUri: `${publicBase(options.publicUrl, request)}${ENGAGEMENT_CALLBACK_PATH}`, returnPath: 'engagements/list.html' };
  const redirectUris = (request: FastifyRequest) => [callbackOf(request, 'engagement').redirectUri, callbackOf(request, 'instant_survey').redirectUri];

  await app.register(samlRoutes, { baseOf: (request) => publicBase(options.publicUrl, request), unsolicitedCallbackOf: (request) => callbackOf(request, 'engagement') });

  app.post('/auth/sso/discover/', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'How this e-mail address signs in: its organisation\'s identity provider (a started round) or the password field',
      body: ZSignInDiscoveryRequest,
      response: { 200: ZSignInDiscovery, 400: ZApiError, 429: ZApiError },
    },
  }, async (request) => {
    const { redirectUri, returnPath } = callbackOf(request, request.body.origin);
    return discoverSignIn(context(request), request.body.email, redirectUri, returnPath);
  });

  app.post('/auth/sso/callback/', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'Finish a sign-in round: the callback page sends what the identity provider added to its address',
      description:
        'Checks the round (state issued, unused, unexpired, same browser), exchanges the code with PKCE, checks the ID token (signature, issuer, audience, expiry, nonce) and the e-mail claim (verified, allowed domain). A sign-in answers the normal login token; a connection test answers what came back or exactly what failed. Each refusal is a 400 with its own `code` (sso_state_unknown, sso_wrong_nonce, sso_wrong_audience, sso_wrong_issuer, sso_bad_signature, sso_id_token_expired, sso_email_unverified, sso_domain_not_allowed, sso_not_invited, sso_member_deactivated, …).',
      body: ZSsoCallbackRequest,
      response: { 200: ZSsoCallbackResponse, 400: ZApiError, 401: ZApiError, 429: ZApiError },
    },
  }, async (request) => finishRound(context(request), request.body, request.locale));

  app.get('/organization/sso/', {
    onRequest: app.authenticate,
    schema: { tags: ['organization'], summary: 'The current organisation\'s single sign-on (organization_admin); the client secret is never returned', response: { 200: ZSsoSettings, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return toSsoSettings(await repo.findConnectionOfOrganization(app.db, auth.organizationId), redirectUris(request), context(request).serviceProviderUrls(auth.organizationId));
  });

  app.put('/organization/sso/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['organization'],
      summary: 'Configure the current organisation\'s single sign-on (organization_admin)',
      description:
        'With `require_sso` on (and the connection enabled) the password sessions of every member but the break-glass administrator end, except the caller\'s own. Without `client_secret` the stored secret stays. The secret is sealed with SECRETS_KEY (409 `secrets_key_missing` when the server has none). A domain another organisation claims: 409 `sso_domain_taken`. SAML: `saml_idp_metadata_xml` (uploaded) or `saml_idp_metadata_url` (fetched now) is read and checked (400 `sso_saml_metadata_invalid`, `sso_saml_metadata_dtd` for a document type declaration or external entity, `sso_saml_metadata_fetch_failed`); without either the stored metadata stays.',
      body: ZSsoSettingsUpdate,
      response: { 200: ZSsoSettings, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    const connection = await prepareSsoSettings(app.db, auth.organizationId, request.body, box, request.log);
    // The connection, the password sessions it refuses and the audit entry commit together (docs/audit-log.md).
    const { users, ended } = await app.audit.change(request, async (tx) => {
      await repo.saveConnection(tx, auth.organizationId, connection);
      return endPasswordSessionsRefusedBySso(tx, auth.organizationId, auth.tokenId, app.clock());
    });
    await app.callerCache.forget({ users });
    request.log.info({ organizationId: auth.organizationId, userId: auth.user.id, endedPasswordSessions: ended }, 'sso settings changed');
    return toSsoSettings(await repo.findConnectionOfOrganization(app.db, auth.organizationId), redirectUris(request), context(request).serviceProviderUrls(auth.organizationId));
  });

  app.post('/organization/sso/test/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['organization'],
      summary: 'Start a test sign-in round with the saved connection (enabled or not); the callback page shows what came back',
      querystring: z.object({ origin: ZSsoOrigin.default('engagement') }),
      response: { 200: ZSsoRound, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireLoginToken(requireAuth(request)));
    const connection = await repo.findConnectionOfOrganization(app.db, auth.organizationId);
    if (!connection) throw new ApiError(409, 'sso_not_configured', 'sso.errors.not_configured');
    const { redirectUri } = callbackOf(request, request.query.origin);
    return startRound(context(request), connection, { purpose: 'test', redirectUri, returnPath: 'organization/settings.html', startedByUserId: auth.user.id });
  });
};
