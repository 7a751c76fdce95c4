import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZQuestionnaire, ZSendInvitation, ZSendInvitationResult, ZSurveyAdminOverview, ZUpdateQuestionnaire } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireAdminEngagement } from '../engagement-admin/admin-guard.ts';
import { publicBase, type PublicUrlOptions } from '../engagement-admin/public-links.ts';
import { sendInvitations } from './invitations.ts';
import { createSurvey, readQuestionnaire, replaceQuestionnaire } from './questionnaire.ts';
import { surveyOverview } from './overview.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['survey-admin'];

/** Survey set-up for engagement admins: create, questionnaire, invitations. */
export const surveyAdminRoutes: FastifyPluginAsyncZod<PublicUrlOptions> = async (app, options) => {
  app.post('/engagements/:id/survey/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create the survey: copies the default questionnaire when the engagement has none (201; 200 when it existed)',
      params: ZIdParams,
      response: { 200: ZSurveyAdminOverview, 201: ZSurveyAdminOverview, ...errors },
    },
  }, async (request, reply) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const { created, engagement: withSurvey } = await createSurvey(app.db, engagement);
    return reply.status(created ? 201 : 200).send(await surveyOverview(app.db, withSurvey));
  });

  app.get('/engagements/:id/survey/overview/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Survey overview for admins: progress counts and the questionnaire', params: ZIdParams, response: { 200: ZSurveyAdminOverview, ...errors } },
  }, async (request) => surveyOverview(app.db, await requireAdminEngagement(app.db, requireAuth(request), request.params.id)));

  app.get('/engagements/:id/survey/questionnaire/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The questions with their texts in every language; `editable` until the survey starts', params: ZIdParams, response: { 200: ZQuestionnaire, ...errors } },
  }, async (request) => readQuestionnaire(app.db, await requireAdminEngagement(app.db, requireAuth(request), request.params.id)));

  app.put('/engagements/:id/survey/questionnaire/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Replace the questionnaire (409 `questionnaire_locked` once anyone has answered or access_from has come)',
      params: ZIdParams,
      body: ZUpdateQuestionnaire,
      response: { 200: ZQuestionnaire, ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return replaceQuestionnaire(app.db, engagement, request.body.questions);
  });

  app.post('/engagements/:id/survey/send-invitation/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'E-mail the invitation to every participant, or a reminder to those who have not finished',
      description:
        'Participants with an e-mail and no user account get one first (a member of the organisation without permissions, survey access self_only, never lowering a level). ' +
        'Whoever has no password yet receives a personal one-time link that sets it and leads on to the survey intro; everyone else the survey intro link. See docs/survey-and-admin.md.',
      params: ZIdParams,
      body: ZSendInvitation.nullish(),
      response: { 200: ZSendInvitationResult, ...errors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    return sendInvitations(app, engagement, request.body?.kind ?? 'invitation', publicBase(options, request));
  });
};
