import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZIdParams,
  ZInstantInvitationResult,
  ZInstantSaveAndStart,
  ZInstantSingleInvitation,
  ZInstantSurvey,
  ZInstantSurveyInput,
  ZInstantSurveyList,
  ZInstantSurveyListQuery,
} from '@ona/contracts';
import { ApiError, conflict, notFound } from '../../errors/api-error.ts';
import { translate } from '../../i18n/translate.ts';
import { instantSurveyBase } from '../../http/public-base.ts';
import { ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { buildSurveyWorkbook } from './export.ts';
import { requireInstantAdmin } from './instant-auth.ts';
import { sendInvitations } from './invitations.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';
import { authenticateEveryRoute } from '../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['instant-survey'];

/** The host's calls of §7 (everything but the participant's), for `instant_survey_admin` users. */
export const instantSurveyHostRoutes: FastifyPluginAsyncZod<{ publicUrl: string | undefined; instantSurveyUrl: string | undefined }> = async (app, options) => {
  authenticateEveryRoute(app);
  app.addHook('preHandler', async (request) => void requireInstantAdmin(request));
  // Invitation links open the participant page where the instant-survey tool is served.
  const instantBaseOf = (request: FastifyRequest) => instantSurveyBase(options.instantSurveyUrl, options.publicUrl, request);

  app.get('/instant-survey/surveys/', {
    schema: { tags, summary: 'Surveys of the organisation, newest first, paged', querystring: ZInstantSurveyListQuery, response: { 200: ZInstantSurveyList, ...errors } },
  }, async (request) => service.listSurveys(app.db, requireInstantAdmin(request), request.query.page, request.query.page_size));

  app.post('/instant-survey/surveys/', {
    schema: { tags, summary: 'Create a survey (pending)', body: ZInstantSurveyInput, response: { 201: ZInstantSurvey, ...errors } },
  }, async (request, reply) => {
    const row = await service.createSurvey(app, requireInstantAdmin(request), request.body);
    return reply.status(201).send(await service.describeForHost(app.db, row));
  });

  app.post('/instant-survey/surveys/start-survey/', {
    schema: { tags, summary: 'Save and start: create (201) or update (200) the survey, then start it', body: ZInstantSaveAndStart, response: { 200: ZInstantSurvey, 201: ZInstantSurvey, ...errors } },
  }, async (request, reply) => {
    const auth = requireInstantAdmin(request);
    const { id, ...input } = request.body;
    const existing = id === undefined ? undefined : await service.hostSurvey(app.db, auth, id);
    if (existing && existing.state !== 'pending') {
      throw existing.state === 'closed' ? conflict('survey_closed', 'instant.errors.survey_closed') : conflict('survey_already_started', 'instant.errors.survey_already_started');
    }
    const saved = existing ? await service.updateSurvey(app, auth, existing.id, input) : await service.createSurvey(app, auth, input);
    const started = await service.startSurvey(app, auth, saved.id);
    return reply.status(existing ? 200 : 201).send(await service.describeForHost(app.db, started));
  });

  app.put('/instant-survey/surveys/:id/', {
    schema: { tags, summary: 'Update a survey that is not closed', params: ZIdParams, body: ZInstantSurveyInput, response: { 200: ZInstantSurvey, ...errors } },
  }, async (request) => service.describeForHost(app.db, await service.updateSurvey(app, requireInstantAdmin(request), request.params.id, request.body)));

  app.delete('/instant-survey/surveys/:id/', {
    schema: { tags, summary: 'Delete a survey with its answers, permanently', params: ZIdParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await service.deleteSurvey(app, requireInstantAdmin(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/instant-survey/surveys/:id/start-survey/', {
    schema: { tags, summary: 'Start a pending survey (a closed one: 409)', params: ZIdParams, response: { 200: ZInstantSurvey, ...errors } },
  }, async (request) => service.describeForHost(app.db, await service.startSurvey(app, requireInstantAdmin(request), request.params.id)));

  app.post('/instant-survey/surveys/:id/close-survey/', {
    schema: { tags, summary: 'Close a started survey: no more answers', params: ZIdParams, response: { 200: ZInstantSurvey, ...errors } },
  }, async (request) => service.describeForHost(app.db, await service.closeSurvey(app, requireInstantAdmin(request), request.params.id)));

  app.post('/instant-survey/surveys/:id/send-invitation-emails/', {
    schema: { tags, summary: 'E-mail every participant who has an address a personal link', params: ZIdParams, response: { 200: ZInstantInvitationResult, ...errors } },
  }, async (request) => {
    const row = await service.hostSurvey(app.db, requireInstantAdmin(request), request.params.id);
    if (row.state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
    const sent = await sendInvitations(app, row, await repo.loadParticipantRows(app.db, row.id), request.locale, instantBaseOf(request));
    return { detail: translate(request.locale, 'instant.messages.invitation_sent'), sent };
  });

  app.post('/instant-survey/surveys/:id/send-single-invitation/', {
    schema: { tags, summary: 'E-mail one participant their personal link', params: ZIdParams, body: ZInstantSingleInvitation, response: { 200: ZInstantInvitationResult, ...errors } },
  }, async (request) => {
    const row = await service.hostSurvey(app.db, requireInstantAdmin(request), request.params.id);
    if (row.state === 'closed') throw conflict('survey_closed', 'instant.errors.survey_closed');
    const participant = await repo.findParticipant(app.db, row.id, request.body.participant_id);
    if (!participant) throw notFound();
    if (!participant.email) throw new ApiError(400, 'no_email', 'instant.errors.no_email', { participant_id: ['instant.errors.no_email'] });
    const sent = await sendInvitations(app, row, [participant], request.locale, instantBaseOf(request));
    return { detail: translate(request.locale, 'instant.messages.invitation_sent'), sent };
  });

  app.get('/instant-survey/surveys/:id/export/', {
    schema: { tags, summary: 'The answer table (source, target, mood, intensity, text answer) as .xlsx', params: ZIdParams, response: { 200: ZXlsxFile, ...errors } },
  }, async (request, reply) => {
    const row = await service.hostSurvey(app.db, requireInstantAdmin(request), request.params.id);
    const survey = await service.describeForHost(app.db, row);
    return sendWorkbook(reply, buildSurveyWorkbook(survey, request.locale), exportFileName(request.locale, 'instant_survey', survey.title, 'xlsx'));
  });
};
