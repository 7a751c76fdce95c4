import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEngagementReportParams, ZIdParams, ZReport360, ZReport360ListItem } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { resolveScope } from '../analytics-shared/analytics-scope.ts';
import { dbId, requireLatestAnalysis } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { report360Detail, report360List } from './report-360-service.ts';

export const analytics360Routes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const minGroupSize = resolveMinGroupSize(options);
  const load = async (auth: AuthContext, engagementId: number) => {
    const scope = await resolveScope(app.db, auth, engagementId, 'analytics360_reports');
    return { scope, stored: await requireLatestAnalysis(app.db, scope.engagement.id) };
  };

  app.get('/engagements/:id/analytics-360/', {
    onRequest: app.authenticate,
    schema: { tags: ['analytics-360'], summary: '360 reports of the leaders the caller sees', params: ZIdParams, response: { 200: z.array(ZReport360ListItem), ...analyticsErrors } },
  }, async (request) => {
    const { scope, stored } = await load(requireAuth(request), request.params.id);
    return report360List(scope, stored.result);
  });

  app.get('/engagements/:id/analytics-360/:reportId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['analytics-360'],
      summary: 'One 360 report: own selection and survey result per item of the seven dimensions',
      params: ZEngagementReportParams,
      response: { 200: ZReport360, ...analyticsErrors },
    },
  }, async (request) => {
    const { scope, stored } = await load(requireAuth(request), request.params.id);
    const report = stored.result.reports360.find((r) => dbId(r.id) === request.params.reportId);
    if (!report || !scope.visible.has(request.params.reportId)) throw notFound();
    // The analysis keeps item ids only; the wording is read now, in the reader's language.
    const items = await app.db
      .select({ id: tables.leadershipItems.id, texts: tables.leadershipItems.texts })
      .from(tables.leadershipItems)
      .where(eq(tables.leadershipItems.engagementId, scope.engagement.id));
    const texts = new Map(items.map((item) => [String(item.id), item.texts] as const));
    return report360Detail(scope, stored.result, report, minGroupSize, texts, request.locale);
  });
};
