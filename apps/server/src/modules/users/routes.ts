import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZSetOrganization, ZUserProfile } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { ApiError, forbidden } from '../../errors/api-error.ts';
import { requireAuth, requireLoginToken } from '../../plugins/auth.ts';
import { loadMembershipContext } from './membership.ts';
import { toUserProfile } from './profile.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/me/', {
    onRequest: app.authenticate,
    schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: ZUserProfile, 401: ZApiError } },
  }, async (request) => toUserProfile(requireAuth(request)));

  app.post('/users/me/set-organization/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Switch the organisation the user works in (not with an API key, which stays in its organisation: 403)',
      body: ZSetOrganization,
      response: { 200: ZUserProfile, 400: ZApiError, 401: ZApiError, 403: ZApiError },
    },
  }, async (request) => {
    const auth = requireLoginToken(requireAuth(request));
    const isMember = auth.availableOrganizations.some((o) => o.id === request.body.organization);
    // A member of several organisations switches among them; only a platform administrator learns
    // (400) that an organisation is not theirs, everyone else gets the plain 403.
    if (!isMember && !auth.user.canChangeOrganization) throw forbidden();
    if (!isMember) {
      throw new ApiError(400, 'organization_not_available', 'errors.organization_not_available', {
        organization: ['errors.organization_not_available'],
      });
    }
    const [user] = await app.db
      .update(tables.users)
      .set({ currentOrganizationId: request.body.organization })
      .where(eq(tables.users.id, auth.user.id))
      .returning();
    if (!user) throw forbidden();
    await app.callerCache.forget({ users: [user.id] });
    return toUserProfile({ user, ...(await loadMembershipContext(app.db, user)) });
  });
};
