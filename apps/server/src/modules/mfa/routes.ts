import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZDetailResponse,
  ZLoginResponse,
  ZPendingEnrolment,
  ZPendingTotpConfirm,
  ZPendingTotpConfirmed,
  ZSecondFactorAnswer,
  ZSecondFactorStatus,
  ZTotpConfirm,
  ZTotpConfirmed,
  ZTotpEnrolment,
  ZTotpRemove,
} from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { toUserProfile } from '../users/profile.ts';
import { signInClientOf } from '../sessions/session-service.ts';
import {
  beginTotpEnrolment,
  completeWithCode,
  completeWithEnrolment,
  confirmTotpEnrolment,
  pendingEnrolmentUser,
  removeTotpOf,
  secondFactorStatus,
} from './second-factor-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError, 429: ZApiError };
/** Like the password routes: per client address, on top of the per-user count of wrong codes. */
const codeRateLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

/** TOTP: the second step of a password sign-in, enrolment (signed in or held up by the policy), status and removal. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/login/second-factor/', {
    config: codeRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Complete a sign-in with a TOTP code or a recovery code',
      description: 'The pending token of the 202 login answer (ten minutes, works once). A code already used is refused; five wrong codes in 15 minutes: 429.',
      body: ZSecondFactorAnswer,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => {
    const { token, user, membership } = await completeWithCode(app, request.body.pending_token, request.body.code, signInClientOf(request));
    return { token, user: toUserProfile({ user, ...membership }) };
  });

  app.post('/auth/login/second-factor/enrol/', {
    config: codeRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Begin the enrolment an organisation requires before the sign-in completes (pending token of purpose `enrol`)',
      body: ZPendingEnrolment,
      response: { 200: ZTotpEnrolment, ...errors },
    },
  }, async (request) => {
    const { user } = await pendingEnrolmentUser(app, request.body.pending_token);
    return beginTotpEnrolment(app, user);
  });

  app.post('/auth/login/second-factor/enrol/confirm/', {
    config: codeRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Confirm that enrolment with the first code: the sign-in completes, with ten recovery codes shown this once',
      body: ZPendingTotpConfirm,
      response: { 200: ZPendingTotpConfirmed, ...errors },
    },
  }, async (request) => {
    const { token, recoveryCodes, user, membership } = await completeWithEnrolment(app, request.body.pending_token, request.body.code, signInClientOf(request));
    return { token, user: toUserProfile({ user, ...membership }), recovery_codes: recoveryCodes };
  });

  app.get('/users/me/second-factor/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'Whether the signed-in user has an authenticator, how many recovery codes are left, and whether one is required', response: { 200: ZSecondFactorStatus, ...errors } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return secondFactorStatus(app, auth.user.id, auth.signInPolicy.secondFactorRequired);
  });

  app.post('/users/me/second-factor/totp/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Begin enrolling an authenticator app: the secret and its QR code (an enrolled one: 409)',
      response: { 200: ZTotpEnrolment, ...errors },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return beginTotpEnrolment(app, auth.user, (work) => app.audit.change(request, work));
  });

  app.post('/users/me/second-factor/totp/confirm/', {
    config: codeRateLimit,
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Confirm the authenticator with its first code: ten recovery codes (shown this once); every other session ends',
      body: ZTotpConfirm,
      response: { 200: ZTotpConfirmed, ...errors },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return { recovery_codes: await confirmTotpEnrolment(app, auth.user.id, request.body.code, auth.tokenId, (work) => app.audit.change(request, work)) };
  });

  app.delete('/users/me/second-factor/totp/', {
    config: codeRateLimit,
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Remove the authenticator (needs a current code; refused with 409 while the organisation requires a second factor)',
      body: ZTotpRemove,
      response: { 200: ZDetailResponse, ...errors },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    await removeTotpOf(app, auth.user.id, auth.signInPolicy.secondFactorRequired, request.body.code, (work) => app.audit.change(request, work));
    return { detail: translate(request.locale, 'mfa.messages.totp_removed') };
  });
};
