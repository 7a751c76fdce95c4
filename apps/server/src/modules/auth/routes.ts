import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZDetailResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZSecondFactorNeeded,
} from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { instantSurveyBase, publicBase } from '../../http/public-base.ts';
import { toUserProfile } from '../users/profile.ts';
import { revokeToken } from './repository.ts';
import { confirmPasswordReset, login, requestPasswordReset } from './service.ts';
import { signInClientOf } from '../sessions/session-service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined; instantSurveyUrl: string | undefined }> = async (app, options) => {
  app.post('/auth/login/', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      description: 'A user with an authenticator, or whose organisation requires a second factor they lack, gets 202 with a pending token instead of a session: `POST /auth/login/second-factor/` (or the enrolment under `/auth/login/second-factor/enrol/`) completes the sign-in (docs/sign-in-security.md).',
      body: ZLoginRequest,
      response: { 200: ZLoginResponse, 202: ZSecondFactorNeeded, 400: ZApiError, 401: ZApiError, 429: ZApiError },
    },
  }, async (request, reply) => {
    const { signIn, user, membership } = await login(app, request.body.email, request.body.password, signInClientOf(request));
    if (signIn.kind === 'second_factor') return reply.status(202).send(signIn.challenge);
    return { token: signIn.token, user: toUserProfile({ user, ...membership }) };
  });

  app.post('/auth/logout/', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], summary: 'Revoke the token at once (an API key is revoked by an administrator instead: 403)', response: { 200: ZDetailResponse, 401: ZApiError, 403: ZApiError } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    await revokeToken(app.db, auth.tokenId, new Date());
    await app.callerCache.forget({ users: [auth.user.id] });
    return { detail: translate(request.locale, 'messages.logged_out') };
  });

  app.post('/auth/password/reset/', {
    config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    schema: {
      tags: ['auth'],
      summary: 'Send a one-time password reset link (answers 200 whether or not the account exists)',
      body: ZPasswordResetRequest.extend({ origin: z.enum(['engagement', 'instant_survey']).default('engagement') }),
      response: { 200: ZDetailResponse, 400: ZApiError, 429: ZApiError },
    },
  }, async (request) => {
    // An instant-survey admin resets on the instant tool's own page (DECISIONS.md).
    const resetPage =
      request.body.origin === 'instant_survey'
        ? `${instantSurveyBase(options.instantSurveyUrl, options.publicUrl, request)}/password-reset.html`
        : `${publicBase(options.publicUrl, request)}/auth/confirm-reset-password.html`;
    await requestPasswordReset(app, request.body.email, request.locale, resetPage);
    return { detail: translate(request.locale, 'messages.password_reset_sent') };
  });

  app.post('/auth/password/reset/confirm/', {
    config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the link from the e-mail',
      body: ZPasswordResetConfirm,
      response: { 200: ZDetailResponse, 400: ZApiError, 429: ZApiError },
    },
  }, async (request) => {
    await confirmPasswordReset(app, request.body);
    return { detail: translate(request.locale, 'messages.password_reset_done') };
  });
};
