import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ZApiError, ZEngagement, ZHierarchy, ZIdParams, ZJourneyListQuery } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { getEngagement, getHierarchy, listEngagementsBody } from './service.ts';

const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };

export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/engagements/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['engagements'],
      summary: 'Engagements (journeys) of the current organisation; `archived=true` lists the archived ones (engagement admins only, else 403)',
      querystring: ZJourneyListQuery,
      response: { 200: z.array(ZEngagement), 400: ZApiError, ...errors },
    },
  }, async (request, reply) => {
    // The route's compiled serializer of its 200 answer (Fastify's types allow objects only; a list is an answer too).
    const serialize = reply.serializeInput.bind(reply) as (input: unknown, httpStatus: string) => string;
    const body = await listEngagementsBody(app.db, requireAuth(request), request.query.archived, (list) => serialize(list, '200'));
    // Sent as the bytes serialised above (the route's types describe the list those bytes are).
    return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
  });

  app.get('/engagements/:id/', {
    onRequest: app.authenticate,
    schema: { tags: ['engagements'], summary: 'One engagement with the caller’s module access', params: ZIdParams, response: { 200: ZEngagement, 400: ZApiError, ...errors } },
  }, async (request) => getEngagement(app.db, requireAuth(request), request.params.id));

  app.get('/engagements/:id/hierarchy/', {
    onRequest: app.authenticate,
    schema: { tags: ['engagements'], summary: 'The unit tree of an engagement', params: ZIdParams, response: { 200: ZHierarchy, 400: ZApiError, ...errors } },
  }, async (request) => getHierarchy(app.db, requireAuth(request), request.params.id));
};
