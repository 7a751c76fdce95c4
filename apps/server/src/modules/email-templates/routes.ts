import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZEmailTemplate, ZEmailTemplateParams, ZIdParams, ZPreviewEmailTemplate, ZRenderedEmail, ZUpdateEmailTemplate } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireAdminEngagement } from '../engagement-admin/admin-guard.ts';
import { emailLink, publicBase, type PublicUrlOptions } from '../engagement-admin/public-links.ts';
import { getTemplate, listTemplates, previewTemplate, resetTemplate, saveTemplate } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['engagement-admin'];

/** The e-mails list and editor of the admin tools (invitation, reminder, leader code, report ready). */
export const emailTemplateRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  app.get('/engagements/:id/email-templates/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Every e-mail template of the engagement in every language (defaults where not edited)', params: ZIdParams, response: { 200: z.array(ZEmailTemplate), ...errors } },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return listTemplates(app.db, engagement.id);
  });

  app.get('/engagements/:id/email-templates/:kind/:language/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'One e-mail template', params: ZEmailTemplateParams, response: { 200: ZEmailTemplate, ...errors } },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return getTemplate(app.db, engagement.id, request.params.kind, request.params.language);
  });

  app.put('/engagements/:id/email-templates/:kind/:language/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Save the engagement’s own subject and body; placeholders must be ones this e-mail fills in',
      params: ZEmailTemplateParams,
      body: ZUpdateEmailTemplate,
      response: { 200: ZEmailTemplate, ...errors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const engagement = await requireAdminEngagement(app.db, auth, request.params.id);
    return saveTemplate(app.db, request.locale, { engagementId: engagement.id, kind: request.params.kind, language: request.params.language, userId: auth.user.id, ...request.body });
  });

  app.delete('/engagements/:id/email-templates/:kind/:language/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Go back to the default text', params: ZEmailTemplateParams, response: { 200: ZEmailTemplate, ...errors } },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return resetTemplate(app.db, engagement.id, request.params.kind, request.params.language);
  });

  app.post('/engagements/:id/email-templates/:kind/:language/preview/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Render the template (or the unsaved subject/body given) with sample values',
      params: ZEmailTemplateParams,
      body: ZPreviewEmailTemplate.nullish(),
      response: { 200: ZRenderedEmail, ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const link = emailLink(publicBase(options, request), engagement.id, request.params.kind);
    return previewTemplate(app.db, engagement, request.params.kind, request.params.language, request.body ?? {}, link);
  });
};
