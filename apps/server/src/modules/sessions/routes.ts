import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZDetailResponse, ZIdParams, ZPasswordChange, ZSession, ZSessionsEnded, ZSignInPolicy, ZSignInPolicyPatch } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { findOrganizationUser } from '../organizations/organization-users.ts';
import { changePassword } from './password-change.ts';
import { endSession, endSessionsOfUsers } from './session-repository.ts';
import { listLiveSessions } from './session-service.ts';
import { loadSignInPolicy, saveSignInPolicy } from './sign-in-policy.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** The signed-in user's own sessions, their password, and the organisation administrator's controls (docs/sign-in-security.md). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/me/sessions/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'The signed-in user\'s sessions still in use (not with an API key: 403)', response: { 200: z.array(ZSession), ...errors } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return listLiveSessions(app, auth.user.id, auth.signInPolicy, auth.tokenId);
  });

  app.delete('/users/me/sessions/:id/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'End one of one\'s own sessions (also the current one: that signs out)', params: ZIdParams, response: { 200: ZDetailResponse, ...errors } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    await app.audit.change(request, async (tx) => {
      if (!(await endSession(tx, auth.user.id, request.params.id, app.clock()))) throw new ApiError(404, 'session_not_found', 'sessions.errors.session_not_found');
    });
    await app.callerCache.forget({ users: [auth.user.id] });
    return { detail: translate(request.locale, 'sessions.messages.session_ended') };
  });

  app.post('/users/me/sessions/end-others/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'End every session of the signed-in user but the current one', response: { 200: ZSessionsEnded, ...errors } },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    const ended = await app.audit.change(request, (tx) => endSessionsOfUsers(tx, [auth.user.id], app.clock(), auth.tokenId));
    await app.callerCache.forget({ users: [auth.user.id] });
    return { ended };
  });

  app.post('/users/me/password/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Change one\'s password; every other session of the user ends',
      description: 'The current password is checked and counted like a login (five wrong ones in 15 minutes: 429).',
      body: ZPasswordChange,
      response: { 200: ZSessionsEnded, ...errors, 429: ZApiError },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    return { ended: await changePassword(app, request, auth, request.body) };
  });

  app.post('/organization/users/:id/end-sessions/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['organization'],
      summary: 'End every session of a member of the current organisation (organization_admin); their next request, on any instance, answers 401',
      params: ZIdParams,
      response: { 200: ZSessionsEnded, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const member = await findOrganizationUser(app.db, auth.organizationId, request.params.id);
    const ended = await app.audit.change(request, (tx) => endSessionsOfUsers(tx, [member.id], app.clock()));
    await app.callerCache.forget({ users: [member.id] });
    return { ended };
  });

  app.get('/organization/sign-in-policy/', {
    onRequest: app.authenticate,
    schema: { tags: ['organization'], summary: 'Session idle time, absolute lifetime and the second-factor requirement of the current organisation (organization_admin)', response: { 200: ZSignInPolicy, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return loadSignInPolicy(app.db, auth.organizationId);
  });

  app.patch('/organization/sign-in-policy/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['organization'],
      summary: 'Change the sign-in policy of the current organisation (organization_admin)',
      description: 'Shorter times apply to open sessions from the next request on. A second-factor requirement leads members without one through enrolment at their next sign-in.',
      body: ZSignInPolicyPatch,
      response: { 200: ZSignInPolicy, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const policy = { ...(await loadSignInPolicy(app.db, auth.organizationId)), ...request.body };
    await app.audit.change(request, (tx) => saveSignInPolicy(tx, auth.organizationId, policy, app.clock()));
    // Every member's cached caller carries the policy.
    await app.callerCache.forget({ organization: auth.organizationId });
    return policy;
  });
};
