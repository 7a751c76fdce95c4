import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEngagementReportParams, ZIdParams, ZReport360, ZReport360ListPage, ZReport360ListQuery } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { dbId, storedListHasItems } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { report360Detail, report360List } from './report-360-service.ts';

export const analytics360Routes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/analytics-360/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['analytics-360'],
      summary: '360 reports of the leaders the caller sees: paged, sorted (name, level), searched by name and unit',
      params: ZIdParams,
      querystring: ZReport360ListQuery,
      response: { 200: ZReport360ListPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'analytics360_reports');
    return sendKeptAnswer(app, request, reply, { answer: 'reports-360', ...found, locale: request.locale, variant: [request.query] }, async () => {
      // The people, and of the reports only their first page: whether the run has any (report360List).
      const [{ scope, stored }, hasReports] = await Promise.all([
        analysedView(app.db, found, [['employees']]),
        storedListHasItems(app.db, found.access.engagement.id, found.runId, found.access.latestRunVersion, 'reports360'),
      ]);
      return report360List(scope, stored.result, hasReports, request.query, request.locale);
    });
  });

  app.get('/engagements/:id/analytics-360/:reportId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['analytics-360'],
      summary: 'One 360 report: own selection and survey result per item of the seven dimensions',
      params: ZEngagementReportParams,
      response: { 200: ZReport360, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'analytics360_reports');
    const minGroupSize = thresholdOf(found.access.engagement);
    const { reportId } = request.params;
    return sendKeptAnswer(app, request, reply, { answer: 'report-360', ...found, locale: request.locale, variant: [reportId, minGroupSize] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['employees'], ['reports360']]);
      const report = stored.result.reports360.find((r) => dbId(r.id) === reportId);
      if (!report || !scope.visible.has(reportId)) throw notFound();
      // The analysis keeps item ids only; the wording is read now, in the reader's language (a
      // change of it changes the engagement's data version, so a kept answer never goes stale).
      const items = await app.db
        .select({ id: tables.leadershipItems.id, texts: tables.leadershipItems.texts })
        .from(tables.leadershipItems)
        .where(eq(tables.leadershipItems.engagementId, scope.engagement.id));
      const texts = new Map(items.map((item) => [String(item.id), item.texts] as const));
      return report360Detail(scope, stored.result, report, minGroupSize, texts, request.locale);
    });
  });
};
