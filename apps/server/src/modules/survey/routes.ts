import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAcceptTerms, ZApiError, ZEmployeeSurvey, ZIdParams, ZSaveAnswer, ZSurveyAnswer, ZSurveyAnswerParams, ZSurveyProgress } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { acceptTerms, finishSurvey, getAnswer, getEmployeeSurvey, resolveSurveyTaker, saveAnswer } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['survey'];

/**
 * The employee survey of the signed-in user. The employee always comes from the token: no call
 * takes an employee id, so nobody can answer for someone else.
 */
export const employeeSurveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/engagements/:id/survey/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The caller’s survey: questions in the request’s language, colleagues to choose from, answers so far',
      params: ZIdParams,
      response: { 200: ZEmployeeSurvey, ...errors },
    },
  }, async (request) => {
    const taker = await resolveSurveyTaker(app.db, requireAuth(request), request.params.id);
    return getEmployeeSurvey(app.db, taker, request.locale);
  });

  app.post('/engagements/:id/survey/accept-terms/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Accept the terms and the privacy policy (needed before answering)',
      description: 'While the organisation has a privacy notice, `privacy_notice_version` names the version shown (the acceptance is recorded with it); missing: 400, an older version: 409 `privacy_notice_changed`.',
      params: ZIdParams,
      body: ZAcceptTerms.nullish(),
      response: { 200: ZSurveyProgress, ...errors },
    },
  }, async (request) => acceptTerms(app.db, await resolveSurveyTaker(app.db, requireAuth(request), request.params.id), request.body ?? {}));

  app.get('/engagements/:id/survey/answers/:questionId/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The caller’s answer to one question', params: ZSurveyAnswerParams, response: { 200: ZSurveyAnswer, ...errors } },
  }, async (request) => {
    const taker = await resolveSurveyTaker(app.db, requireAuth(request), request.params.id);
    return getAnswer(app.db, taker, request.params.questionId);
  });

  app.put('/engagements/:id/survey/answers/:questionId/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Save the whole list of colleagues named on one question (an empty list means nobody)',
      description:
        '400 when a colleague is not an employee of the engagement or is the caller; 404 for a question of another engagement; 409 `terms_not_accepted` before accepting the terms, 409 `survey_closed` outside access_from..access_till. With `sequence`: a save whose sequence is not above the stored answer\'s is acknowledged (200) and ignored; the answer returned is the stored one.',
      params: ZSurveyAnswerParams,
      body: ZSaveAnswer,
      response: { 200: ZSurveyAnswer, ...errors },
    },
  }, async (request) => {
    const taker = await resolveSurveyTaker(app.db, requireAuth(request), request.params.id);
    return saveAnswer(app.db, taker, request.params.questionId, request.body.selected_users, request.locale, request.body.sequence);
  });

  app.post('/engagements/:id/survey/finish-survey/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Mark the caller’s survey finished (answers can still be changed while it is open)', params: ZIdParams, response: { 200: ZSurveyProgress, ...errors } },
  }, async (request) => finishSurvey(app.db, await resolveSurveyTaker(app.db, requireAuth(request), request.params.id)));
};
