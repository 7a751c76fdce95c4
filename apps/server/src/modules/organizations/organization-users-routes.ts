import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZDetailResponse,
  ZIdParams,
  ZOrganizationUser,
  ZOrganizationUserInvite,
  ZOrganizationUserInvited,
  ZOrganizationUserPatch,
  ZOrganizationUsersQuery,
} from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { publicBase } from '../../http/public-base.ts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { loadCurrentOrganization } from './current-organization.ts';
import { INVITATION_LINK_LIFETIME_DAYS, sendAddedEmail, sendInvitationEmail } from './invitation-emails.ts';
import { requireOrganizationAdmin } from './organization-guards.ts';
import { findOrganizationUser, inviteOrganizationUser, issueInvitationToken, listOrganizationUsers, lockOrganization, updateOrganizationUser } from './organization-users.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The users of the caller's current organisation (organization_admin). */
export const organizationUsersRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined }> = async (app, options) => {
  const sender = async (auth: AuthContext, request: Parameters<typeof publicBase>[1]) => {
    const org = await loadCurrentOrganization(app.db, auth.organizationId);
    return { inviterName: auth.user.name, organizationName: org.name, organizationId: org.id, language: org.default_language, publicBase: publicBase(options.publicUrl, request) };
  };

  app.get('/organization/users/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Users of the current organisation; `q` searches name and e-mail', querystring: ZOrganizationUsersQuery, response: { 200: z.array(ZOrganizationUser), ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return listOrganizationUsers(app.db, auth.organizationId, request.query.q);
  });

  app.post('/organization/users/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Invite a user by e-mail',
      description: `A new address gets an account and an e-mail with a one-time link that sets the password (valid ${INVITATION_LINK_LIFETIME_DAYS} days, works once). An address that already has an account (in another organisation) joins this one, keeps its password and gets a "you were added" e-mail. A member already: 409 \`already_member\`.`,
      body: ZOrganizationUserInvite,
      response: { 201: ZOrganizationUserInvited, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const body = request.body;
    const result = await app.audit.change(request, (tx) => inviteOrganizationUser(tx, auth.organizationId, { name: body.name, email: body.email, permissions: body.permissions }, new Date()));
    // An existing account gains an organisation to switch to.
    await app.callerCache.forget({ users: [result.user.id] });
    const from = await sender(auth, request);
    if (result.token) sendInvitationEmail(app, result.user, from, result.token);
    else sendAddedEmail(app, result.user, from);
    return reply.status(201).send({ ...result.user, outcome: result.outcome });
  });

  app.patch('/organization/users/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Give or take permissions; deactivate (`active: false`, their tokens stop reaching this organisation at once) or reactivate',
      description: 'Leaving the organisation without an active organization_admin (also by changing oneself): 409 `last_administrator`. Deactivation keeps answers and employee records.',
      params: ZIdParams,
      body: ZOrganizationUserPatch,
      response: { 200: ZOrganizationUser, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const updated = await app.audit.change(request, (tx) => updateOrganizationUser(tx, auth.organizationId, request.params.id, request.body, new Date()));
    await app.callerCache.forget({ users: [request.params.id] });
    return updated;
  });

  app.post('/organization/users/:id/resend-invitation/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Send a pending invitation again with a fresh one-time link (earlier links keep working until one is used)',
      params: ZIdParams,
      response: { 200: ZDetailResponse, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const { user, token } = await app.db.transaction(async (tx) => {
      await lockOrganization(tx, auth.organizationId);
      const found = await findOrganizationUser(tx, auth.organizationId, request.params.id);
      if (found.hasPassword) throw new ApiError(409, 'invitation_not_pending', 'organizations.errors.invitation_not_pending');
      return { user: found, token: await issueInvitationToken(tx, found.id, new Date()) };
    });
    sendInvitationEmail(app, user, await sender(auth, request), token);
    return { detail: translate(request.locale, 'organizations.messages.invitation_sent', { email: user.email }) };
  });
};
