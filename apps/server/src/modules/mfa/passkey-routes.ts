import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZDetailResponse,
  ZIdParams,
  ZLoginResponse,
  ZPasskey,
  ZPasskeyCreationOptions,
  ZPasskeyList,
  ZPasskeyRegistration,
  ZPasskeyRequestOptions,
  ZPendingEnrolment,
  ZPendingPasskeyAnswer,
  ZPendingPasskeyRegistration,
} from '@ona/contracts';
import { instantSurveyBase, publicBase } from '../../http/public-base.ts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { signInClientOf } from '../sessions/session-service.ts';
import { toUserProfile } from '../users/profile.ts';
import { listPasskeys } from './passkey-repository.ts';
import { beginPasskeyRegistration, beginPasskeySignIn, relyingPartyOf, toPasskey } from './passkeys.ts';
import { addPasskey, completeWithPasskey, completeWithPasskeyEnrolment, pendingEnrolmentUser, pendingVerification, removePasskeyOf } from './second-factor-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };
/** Like the code routes: per client address, on top of the per-user count of wrong answers. */
const attemptRateLimit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

/**
 * Passkeys (WebAuthn) as a second factor (docs/sign-in-security.md): registered on the account
 * page or during the enrolment a policy demands, and asked for after the password. Every ceremony
 * is two requests: options with a fresh challenge (stored, for this user, used once), then the
 * browser's answer.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined; instantSurveyUrl: string | undefined }> = async (app, options) => {
  const rpOf = (request: FastifyRequest) => relyingPartyOf(publicBase(options.publicUrl, request), instantSurveyBase(options.instantSurveyUrl, options.publicUrl, request));

  app.post('/auth/login/second-factor/passkey/options/', {
    config: attemptRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Options to sign in with a passkey after the password (pending token of purpose `verify`)',
      description: 'A fresh challenge for the user\'s passkeys, valid five minutes and once. A user without a passkey: 409 `no_passkey`.',
      body: ZPendingEnrolment,
      response: { 200: ZPasskeyRequestOptions, ...errors },
    },
  }, async (request) => {
    const pending = await pendingVerification(app, request.body.pending_token);
    return beginPasskeySignIn(app, rpOf(request), pending.userId);
  });

  app.post('/auth/login/second-factor/passkey/', {
    config: attemptRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Complete a sign-in with a passkey\'s signature (session method `password_passkey`)',
      description:
        'Refused with 400: a challenge not issued to this sign-in, expired or used already (`passkey_challenge_unknown`); a passkey that is not one of the user\'s (`passkey_unknown`); a signature, origin, RP id or counter that does not check out (`passkey_not_verified`). Each refusal counts like a wrong code: five in 15 minutes, then 429.',
      body: ZPendingPasskeyAnswer,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => {
    const { token, user, membership } = await completeWithPasskey(app, rpOf(request), request.body.pending_token, request.body.response, signInClientOf(request));
    return { token, user: toUserProfile({ user, ...membership }) };
  });

  app.post('/auth/login/second-factor/enrol/passkey/options/', {
    config: attemptRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Options to register a passkey during the enrolment an organisation requires (pending token of purpose `enrol`)',
      body: ZPendingEnrolment,
      response: { 200: ZPasskeyCreationOptions, ...errors },
    },
  }, async (request) => {
    const { user } = await pendingEnrolmentUser(app, request.body.pending_token);
    return beginPasskeyRegistration(app, rpOf(request), user);
  });

  app.post('/auth/login/second-factor/enrol/passkey/', {
    config: attemptRateLimit,
    schema: {
      tags: ['auth'],
      summary: 'Register the passkey of a held-up sign-in: the sign-in completes (session method `password_passkey`)',
      body: ZPendingPasskeyRegistration,
      response: { 200: ZLoginResponse, ...errors },
    },
  }, async (request) => {
    const { token, user, membership } = await completeWithPasskeyEnrolment(app, rpOf(request), request.body.pending_token, request.body.name, request.body.response, signInClientOf(request));
    return { token, user: toUserProfile({ user, ...membership }) };
  });

  app.get('/users/me/passkeys/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'The signed-in user\'s passkeys, oldest first', response: { 200: ZPasskeyList, ...errors } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return (await listPasskeys(app.db, auth.user.id)).map(toPasskey);
  });

  app.post('/users/me/passkeys/options/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Options to register a new passkey (a fresh challenge, five minutes, once; the user\'s passkeys are excluded)',
      response: { 200: ZPasskeyCreationOptions, ...errors },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return beginPasskeyRegistration(app, rpOf(request), auth.user);
  });

  app.post('/users/me/passkeys/', {
    onRequest: app.authenticate,
    config: attemptRateLimit,
    schema: {
      tags: ['user'],
      summary: 'Register a passkey under a name; every other session of the user ends',
      description: 'Refused with 400 `passkey_challenge_unknown` (a challenge not issued to this user, expired or used) or `passkey_not_verified`; a passkey registered already: 409 `passkey_already_registered`.',
      body: ZPasskeyRegistration,
      response: { 201: ZPasskey, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireLoginToken(requireAuth(request));
    const passkey = await addPasskey(app, rpOf(request), auth.user.id, request.body.name, request.body.response, auth.tokenId, (work) => app.audit.change(request, work));
    return reply.code(201).send(passkey);
  });

  app.delete('/users/me/passkeys/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Remove one of the user\'s passkeys (another\'s: 404; the last second factor while the organisation requires one: 409)',
      params: ZIdParams,
      response: { 200: ZDetailResponse, ...errors },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    await removePasskeyOf(app, auth.user.id, request.params.id, auth.signInPolicy.secondFactorRequired, (work) => app.audit.change(request, work));
    return { detail: translate(request.locale, 'mfa.messages.passkey_removed') };
  });
};
