import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZIdParams, ZInstantGroup, ZInstantGroupInput, ZInstantUser, ZInstantUserInput } from '@ona/contracts';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { requireInstantAdmin } from './instant-auth.ts';
import * as people from './people-repository.ts';
import { validatePerson } from './survey-validation.ts';
import { authenticateEveryRoute } from '../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['instant-survey'];

/** The host's users and groups (the Users and Groups tabs), scoped to their organisation. */
export const instantPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  authenticateEveryRoute(app);
  app.addHook('preHandler', async (request) => void requireInstantAdmin(request));

  app.get('/instant-survey/users/', { schema: { tags, summary: 'Users of the instant-survey tool', response: { 200: z.array(ZInstantUser), ...errors } } }, async (request) =>
    people.listUsers(app.db, requireInstantAdmin(request).organizationId),
  );

  app.post('/instant-survey/users/', { schema: { tags, summary: 'Create a user', body: ZInstantUserInput, response: { 201: ZInstantUser, ...errors } } }, async (request, reply) => {
    validatePerson(request.body);
    const user = await people.insertUser(app.db, requireInstantAdmin(request).organizationId, { name: request.body.name, email: request.body.email || null });
    return reply.status(201).send(user);
  });

  app.put('/instant-survey/users/:id/', { schema: { tags, summary: 'Modify a user', params: ZIdParams, body: ZInstantUserInput, response: { 200: ZInstantUser, ...errors } } }, async (request) => {
    validatePerson(request.body);
    const user = await people.updateUser(app.db, requireInstantAdmin(request).organizationId, request.params.id, { name: request.body.name, email: request.body.email || null });
    if (!user) throw notFound();
    return user;
  });

  app.delete('/instant-survey/users/:id/', { schema: { tags, summary: 'Delete a user', params: ZIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    if (!(await people.deleteUser(app.db, requireInstantAdmin(request).organizationId, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });

  const checkMembers = async (organizationId: number, userIds: number[]) => {
    const unique = [...new Set(userIds)];
    if ((await people.countOwnUsers(app.db, organizationId, unique)) !== unique.length) {
      throw new ApiError(400, 'validation_error', 'errors.validation_failed', { users: ['instant.errors.unknown_users'] });
    }
  };

  app.get('/instant-survey/groups/', { schema: { tags, summary: 'Groups of users', response: { 200: z.array(ZInstantGroup), ...errors } } }, async (request) =>
    people.listGroups(app.db, requireInstantAdmin(request).organizationId),
  );

  app.post('/instant-survey/groups/', { schema: { tags, summary: 'Create a group', body: ZInstantGroupInput, response: { 201: ZInstantGroup, ...errors } } }, async (request, reply) => {
    const { organizationId } = requireInstantAdmin(request);
    await checkMembers(organizationId, request.body.users);
    const id = await people.insertGroup(app.db, organizationId, request.body.name, request.body.users);
    const group = await people.findGroup(app.db, organizationId, id);
    if (!group) throw notFound();
    return reply.status(201).send(group);
  });

  app.get('/instant-survey/groups/:id/', { schema: { tags, summary: 'One group with its members', params: ZIdParams, response: { 200: ZInstantGroup, ...errors } } }, async (request) => {
    const group = await people.findGroup(app.db, requireInstantAdmin(request).organizationId, request.params.id);
    if (!group) throw notFound();
    return group;
  });

  app.put('/instant-survey/groups/:id/', { schema: { tags, summary: 'Modify a group', params: ZIdParams, body: ZInstantGroupInput, response: { 200: ZInstantGroup, ...errors } } }, async (request) => {
    const { organizationId } = requireInstantAdmin(request);
    await checkMembers(organizationId, request.body.users);
    if (!(await people.updateGroup(app.db, organizationId, request.params.id, request.body.name, request.body.users))) throw notFound();
    const group = await people.findGroup(app.db, organizationId, request.params.id);
    if (!group) throw notFound();
    return group;
  });

  app.delete('/instant-survey/groups/:id/', { schema: { tags, summary: 'Delete a group', params: ZIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    if (!(await people.deleteGroup(app.db, requireInstantAdmin(request).organizationId, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });
};
