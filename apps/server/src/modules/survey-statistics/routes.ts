import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZSurveyStatistics } from '@ona/contracts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { resolveAccess } from '../analytics-shared/analytics-access.ts';
import { loadScope, resolveScope } from '../analytics-shared/analytics-scope.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { statisticsWorkbook } from './statistics-export.ts';
import { loadResponseFacts, responseFactsVersion } from './statistics-repository.ts';
import { surveyStatistics } from './statistics-service.ts';

export const surveyStatisticsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);
  const load = async (auth: AuthContext, engagementId: number) => {
    const scope = await resolveScope(app.db, auth, engagementId, 'statistics');
    return { scope, data: surveyStatistics(scope, await loadResponseFacts(app.db, scope.engagement.id), thresholdOf(scope.engagement)) };
  };

  app.get('/engagements/:id/survey-statistics/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['survey-statistics'],
      summary: 'Response rate overall, per unit and per day, computed live from the answers (works before any analysis)',
      params: ZIdParams,
      response: { 200: ZSurveyStatistics, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const access = await resolveAccess(app.db, requireAuth(request), request.params.id, 'statistics');
    const minGroupSize = thresholdOf(access.engagement);
    const facts = await responseFactsVersion(app.db, access.engagement.id);
    return sendKeptAnswer(app, request, reply, { answer: 'survey-statistics', access, runId: null, locale: request.locale, variant: [facts, minGroupSize] }, async () =>
      surveyStatistics(await loadScope(app.db, access), await loadResponseFacts(app.db, access.engagement.id), minGroupSize),
    );
  });

  app.get('/engagements/:id/survey-statistics/export/', {
    onRequest: app.authenticate,
    schema: { tags: ['survey-statistics'], summary: 'The survey statistics as an .xlsx file in the request’s language', params: ZIdParams, response: { 200: ZXlsxFile, ...analyticsErrors } },
  }, async (request, reply) => {
    const { scope, data } = await load(requireAuth(request), request.params.id);
    return sendWorkbook(reply, statisticsWorkbook(data, labeller(request.locale), thresholdOf(scope.engagement)), exportFileName(request.locale, 'survey_statistics', scope.engagement.name, 'xlsx'));
  });
};
