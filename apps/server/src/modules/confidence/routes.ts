import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConfidence, ZConfidenceQuery, ZEngagementReportParams, ZIdParams, ZPersonCoverage } from '@ona/contracts';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { analysisOfRun } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { storedNetworkKeys } from '../metrics/metrics-sections.ts';
import { confidenceAnswer, personCoverageAnswer } from './confidence-service.ts';

/**
 * Confidence on every figure (issue 21). Each report page asks with its own module, so the caller's
 * access to that report decides; the answers are built from the stored run once per key.
 */
export const confidenceRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/confidence/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['confidence'],
      summary: 'How far the latest analysis can be trusted: the response rate and its band, and per network the rank stability of each centrality when respondents are dropped at random',
      params: ZIdParams,
      querystring: ZConfidenceQuery,
      response: { 200: ZConfidence, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, request.query.module);
    // Whole-organisation aggregates naming nobody: one answer per run and language for every reader.
    return sendKeptAnswer(app, request, reply, { answer: 'confidence', ...found, locale: request.locale }, async () => {
      const stored = await analysisOfRun(app.db, found.access.engagement.id, found.runId, found.access.latestRunVersion, [['confidence']]);
      return confidenceAnswer(stored.result, storedNetworkKeys(stored.outline), request.locale);
    });
  });

  app.get('/engagements/:id/confidence/people/:reportId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['confidence'],
      summary: 'How many of the colleagues who could name one person (reportId is the employee id; unit, leader, direct reports) answered; withheld below the privacy minimum',
      params: ZEngagementReportParams,
      querystring: ZConfidenceQuery,
      response: { 200: ZPersonCoverage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, request.query.module);
    const minGroupSize = thresholdOf(found.access.engagement);
    const { reportId } = request.params;
    return sendKeptAnswer(app, request, reply, { answer: 'confidence-person', ...found, locale: request.locale, variant: [reportId, minGroupSize] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['confidence']]);
      const index = stored.employeeIndex.get(reportId);
      if (index === undefined || !scope.visible.has(reportId)) throw notFound();
      return personCoverageAnswer(stored.result, index, reportId, minGroupSize);
    });
  });
};
