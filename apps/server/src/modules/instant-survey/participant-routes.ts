import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isDbIdText,
  ZApiError,
  ZInstantCodeLogin,
  ZInstantCodeLoginResponse,
  ZInstantCreateUser,
  ZInstantCreateUserResponse,
  ZInstantFillInfo,
  ZInstantFinish,
  ZInstantFinishResponse,
  ZInstantParticipantSurvey,
  ZInstantSaveAnswer,
  ZInstantSaveAnswerResponse,
  ZInstantSurvey,
  ZInstantSurveyCodeQuery,
  ZInstantSurveyPathParams,
} from '@ona/contracts';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../errors/api-error.ts';
import { authorizationKind, participantOrAddressKey, requireInstantAdmin, requireKeptParticipant, requireParticipant } from './instant-auth.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 429: ZApiError };
const tags = ['instant-survey'];
// OpenAPI security: the host's login token, the participant's instant token, or (GET of a survey) neither.
const PARTICIPANT = [{ instantToken: [] }];
const HOST_OR_PARTICIPANT = [{ token: [] }, ...PARTICIPANT];

/**
 * Rate limits of the participant calls (they replace the global 600 per minute and address).
 * A room of a few hundred phones often shares one address (one Wi-Fi, one NAT), so:
 * - calls with a valid instant token count per participant: each phone has its own 300 a minute;
 * - calls without one (code entry, join page, create-user) count per address, but generously:
 *   what must stay slow is guessing codes, and wrong codes are counted separately in the
 *   database (20 per address in 15 minutes, on every instance).
 */
const PER_PARTICIPANT_PER_MINUTE = 300;
const PER_ADDRESS_PER_MINUTE = 1500;

/**
 * A host's `Token` addresses the survey by its numeric id (host routes are tenancy-checked); anything
 * else is not found (digits beyond a database id never get here: the path schema answers 400).
 */
function hostSurveyId(id: string): number {
  if (!isDbIdText(id)) throw notFound();
  return Number(id);
}

/** The survey of a participant-facing (public) id, or 404. */
async function surveyOfPublicId(app: Parameters<FastifyPluginAsyncZod>[0], publicId: string) {
  const row = await repo.findSurveyByPublicId(app.db, publicId);
  if (!row) throw notFound();
  return row;
}

/**
 * Calls a participant makes without signing in (DECISIONS.md): join by code, create-user, answer.
 * Their paths carry the survey's random public id, never the sequential one. GET surveys/{id}/
 * and fill-info serve both: a host's `Token` with the numeric id gets everything, a participant's
 * `InstantToken` (public id) their own view, no header with `?code=` the title and state.
 */
export const instantSurveyParticipantRoutes: FastifyPluginAsyncZod = async (app) => {
  const participantLimit = {
    rateLimit: {
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => participantOrAddressKey(app, request),
      max: (_request: FastifyRequest, key: string) => (key.startsWith('instant-participant:') ? PER_PARTICIPANT_PER_MINUTE : PER_ADDRESS_PER_MINUTE),
    },
  };
  const addressLimit = { rateLimit: { max: PER_ADDRESS_PER_MINUTE, timeWindow: '1 minute' } };

  app.post('/instant-survey/surveys/login-with-survey-code/', {
    config: addressLimit,
    schema: { tags, summary: 'Find the open survey of a code (case-insensitive; 20 wrong codes per address in 15 minutes: 429)', body: ZInstantCodeLogin, response: { 200: ZInstantCodeLoginResponse, ...errors } },
  }, async (request) => service.loginWithCode(app.db, request.body.survey_code, request.ip));

  app.get('/instant-survey/surveys/:id/', {
    config: participantLimit,
    schema: { tags, security: [...HOST_OR_PARTICIPANT, {}], summary: 'One survey: a host (Token, numeric id) sees everything, a participant (InstantToken, public id) their view, anyone else with the public id and ?code= the title and state (without the code: 404)', params: ZInstantSurveyPathParams, querystring: ZInstantSurveyCodeQuery, response: { 200: z.union([ZInstantSurvey, ZInstantParticipantSurvey]), ...errors } },
  }, async (request, reply) => {
    const kind = authorizationKind(request);
    if (kind === 'token') {
      await app.authenticate(request, reply);
      return service.describeForHost(app.db, await service.hostSurvey(app.db, requireInstantAdmin(request), hostSurveyId(request.params.id)));
    }
    if (kind !== 'instant') return service.describeForCodeHolder(app.db, request.params.id, request.query.code, request.ip);
    const row = await surveyOfPublicId(app, request.params.id);
    const participant = await requireParticipant(app, request, row.publicId);
    await service.markJoinedAndAnnounce(app, participant);
    return service.describeForParticipant(app.db, row, participant);
  });

  app.get('/instant-survey/surveys/:id/fill-info/', {
    config: participantLimit,
    schema: { tags, security: HOST_OR_PARTICIPANT, summary: 'How far the survey is: participants, joined, finished, answers per question', params: ZInstantSurveyPathParams, response: { 200: ZInstantFillInfo, ...errors } },
  }, async (request, reply) => {
    if (authorizationKind(request) === 'token') {
      await app.authenticate(request, reply);
      return service.fillInfo(app.db, await service.hostSurvey(app.db, requireInstantAdmin(request), hostSurveyId(request.params.id)));
    }
    const row = await surveyOfPublicId(app, request.params.id);
    await requireParticipant(app, request, row.publicId);
    return service.fillInfo(app.db, row);
  });

  app.post('/instant-survey/surveys/:id/create-user/', {
    config: addressLimit,
    schema: { tags, summary: 'A participant joins with a name (and an optional e-mail) and the survey code or an invitation token (without either, or wrong: 404); answers the instant token', params: ZInstantSurveyPathParams, body: ZInstantCreateUser, response: { 201: ZInstantCreateUserResponse, ...errors } },
  }, async (request, reply) => {
    const { name, email, survey_code: code, invitation_token: invitationToken } = request.body;
    const created = await service.joinSurvey(app, request.params.id, { name, email: email ?? null, code, invitationToken }, request.ip);
    return reply.status(201).send(created);
  });

  app.post('/instant-survey/surveys/:id/save-answer/', {
    config: participantLimit,
    schema: { tags, security: PARTICIPANT, summary: 'Save (or replace) the participant’s answer to one question of a started survey', params: ZInstantSurveyPathParams, body: ZInstantSaveAnswer, response: { 200: ZInstantSaveAnswerResponse, ...errors } },
  }, async (request) => {
    // Who they are, from the instant participant cache: a save reads no progress of theirs.
    const participant = await requireKeptParticipant(app, request, request.params.id);
    return service.saveAnswer(app, participant, request.body);
  });

  app.post('/instant-survey/surveys/:id/finish/', {
    config: participantLimit,
    schema: { tags, security: PARTICIPANT, summary: 'The participant finished (also when the last question was left unanswered)', params: ZInstantSurveyPathParams, body: ZInstantFinish, response: { 200: ZInstantFinishResponse, ...errors } },
  }, async (request) => {
    const participant = await requireParticipant(app, request, request.params.id);
    return service.finishSurvey(app, participant, request.body.current_question_index);
  });
};
