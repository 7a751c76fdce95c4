import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZIdParams,
  ZInstantCodeLogin,
  ZInstantCodeLoginResponse,
  ZInstantCreateUser,
  ZInstantCreateUserResponse,
  ZInstantFillInfo,
  ZInstantParticipantSurvey,
  ZInstantSaveAnswer,
  ZInstantSaveAnswerResponse,
  ZInstantSurvey,
} from '@ona/contracts';
import { notFound } from '../../errors/api-error.ts';
import { authorizationKind, requireInstantAdmin, requireParticipant } from './instant-auth.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };
const tags = ['instant-survey'];

/**
 * Calls a participant makes without signing in (DECISIONS.md): join by code, create-user, answer.
 * GET surveys/{id}/ and fill-info serve both: a host's `Token` gets everything, a participant's
 * `InstantToken` their own view, no header the title and state.
 */
export const instantSurveyParticipantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/instant-survey/surveys/login-with-survey-code/', {
    schema: { tags, summary: 'Find the open survey of a code (case-insensitive; 20 wrong codes per address in 15 minutes: 429)', body: ZInstantCodeLogin, response: { 200: ZInstantCodeLoginResponse, ...errors } },
  }, async (request) => service.loginWithCode(app.db, request.body.survey_code, request.ip));

  app.get('/instant-survey/surveys/:id/', {
    schema: { tags, summary: 'One survey: a host sees everything, a participant (instant token) their view', params: ZIdParams, response: { 200: z.union([ZInstantSurvey, ZInstantParticipantSurvey]), ...errors } },
  }, async (request, reply) => {
    const kind = authorizationKind(request);
    if (kind === 'token') {
      await app.authenticate(request, reply);
      return service.describeForHost(app.db, await service.hostSurvey(app.db, requireInstantAdmin(request), request.params.id));
    }
    const row = await repo.findSurveyById(app.db, request.params.id);
    if (!row) throw notFound();
    const participant = kind === 'instant' ? await requireParticipant(app, request, row.id) : null;
    if (participant && participant.joinedAt === null) await repo.markJoined(app.db, participant.id);
    return service.describeForParticipant(app.db, row, participant);
  });

  app.get('/instant-survey/surveys/:id/fill-info/', {
    schema: { tags, summary: 'How far the survey is: participants, joined, finished, answers per question', params: ZIdParams, response: { 200: ZInstantFillInfo, ...errors } },
  }, async (request, reply) => {
    if (authorizationKind(request) === 'token') {
      await app.authenticate(request, reply);
      return service.fillInfo(app.db, await service.hostSurvey(app.db, requireInstantAdmin(request), request.params.id));
    }
    const row = await repo.findSurveyById(app.db, request.params.id);
    if (!row) throw notFound();
    await requireParticipant(app, request, row.id);
    return service.fillInfo(app.db, row);
  });

  app.post('/instant-survey/surveys/:id/create-user/', {
    config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    schema: { tags, summary: 'A participant joins with a name (and an optional e-mail); answers the instant token', params: ZIdParams, body: ZInstantCreateUser, response: { 201: ZInstantCreateUserResponse, ...errors } },
  }, async (request, reply) => {
    const created = await service.joinSurvey(app, request.params.id, request.body.name, request.body.email ?? null);
    return reply.status(201).send(created);
  });

  app.post('/instant-survey/surveys/:id/save-answer/', {
    // Per participant rather than per address: a room behind one NAT shares an address.
    config: { rateLimit: { max: 300, timeWindow: '1 minute', keyGenerator: (request) => request.headers.authorization ?? request.ip } },
    schema: { tags, summary: 'Save (or replace) the participant’s answer to one question of a started survey', params: ZIdParams, body: ZInstantSaveAnswer, response: { 200: ZInstantSaveAnswerResponse, ...errors } },
  }, async (request) => {
    const participant = await requireParticipant(app, request, request.params.id);
    return service.saveAnswer(app, participant, request.body);
  });
};
