import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEngagementReportParams, ZIdParams, ZReport360, ZReport360ListItem } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { report360Detail, report360List } from './report-360-service.ts';

export const analytics360Routes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/analytics-360/', {
    onRequest: app.authenticate,
    schema: { tags: ['analytics-360'], summary: '360 reports of the leaders the caller sees', params: ZIdParams, response: { 200: z.array(ZReport360ListItem), ...analyticsErrors } },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'analytics360_reports');
    return sendKeptAnswer(app, request, reply, { answer: 'reports-360', ...found, locale: request.locale }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['reports360']]);
      return report360List(scope, stored.result);
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
