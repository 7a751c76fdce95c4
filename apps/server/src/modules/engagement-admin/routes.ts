import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessRightsBulkUpdate,
  ZAccessRightsDetails,
  ZAccessRightsDetailsQuery,
  ZAccessRightsQuery,
  ZAccessRightsRow,
  ZAdminEmployee,
  ZAdminUnit,
  ZApiError,
  ZCustomAttribute,
  ZIdParams,
} from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { accessRightsDetails, bulkUpdateAccessRights, listAccessRights } from './access-rights-service.ts';
import { requireAdminEngagement } from './admin-guard.ts';
import { listCustomAttributes, listEmployees, listUnits } from './directory.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['engagement-admin'];

/** Access rights and the employees, units and filters lists of the admin tools (engagement_admin). */
export const engagementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/engagements/:id/access-rights/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Users of the organisation with their unit and access level per module; `q` searches name, e-mail and unit',
      params: ZIdParams,
      querystring: ZAccessRightsQuery,
      response: { 200: z.array(ZAccessRightsRow), ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return listAccessRights(app.db, engagement, request.query.q);
  });

  app.get('/engagements/:id/access-rights/details/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The selected users (`users=1,2,3`) and, per module, their shared level or `mixed`',
      params: ZIdParams,
      querystring: ZAccessRightsDetailsQuery,
      response: { 200: ZAccessRightsDetails, ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return accessRightsDetails(app.db, engagement, request.query.users);
  });

  app.post('/engagements/:id/access-rights/bulk-update/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Set the given modules’ levels for the given users in one transaction (other modules stay)',
      params: ZIdParams,
      body: ZAccessRightsBulkUpdate,
      response: { 200: z.array(ZAccessRightsRow), ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return app.audit.change(request, (tx) => bulkUpdateAccessRights(tx, request.locale, engagement, request.body.users, request.body.access_rights));
  });

  app.get('/engagements/:id/employees/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Employees of the engagement with unit, leader, attributes and survey progress', params: ZIdParams, response: { 200: z.array(ZAdminEmployee), ...errors } },
  }, async (request) => listEmployees(app.db, (await requireAdminEngagement(app.db, requireAuth(request), request.params.id)).id));

  app.get('/engagements/:id/units/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Units of the engagement (flat, with parent and head count)', params: ZIdParams, response: { 200: z.array(ZAdminUnit), ...errors } },
  }, async (request) => listUnits(app.db, (await requireAdminEngagement(app.db, requireAuth(request), request.params.id)).id));

  app.get('/engagements/:id/filters/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Custom attributes of the employees with their values (what the filters offer)', params: ZIdParams, response: { 200: z.array(ZCustomAttribute), ...errors } },
  }, async (request) => listCustomAttributes(app.db, (await requireAdminEngagement(app.db, requireAuth(request), request.params.id)).id));
};
