import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZRetentionAnalytics, ZRetentionAnalyticsQuery, ZRetentionEmployeeListPage, ZRetentionEmployeeListQuery, ZRetentionOrgChart, ZRetentionOrgChartQuery, type TLocale } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { resolveScope } from '../analytics-shared/analytics-scope.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { explainer } from '../analytics-shared/explanations.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { requireLatestAnalysis } from '../analytics-shared/latest-result.ts';
import { RETENTION_SECTIONS } from './retention-sections.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { retentionWorkbook } from './retention-export.ts';
import { retentionAnalytics, retentionExport } from './retention-service.ts';
import { retentionEmployeePage } from './retention-employee-list.ts';
import { retentionOrgChart } from './retention-org-chart.ts';

export const retentionRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  const load = async (auth: ReturnType<typeof requireAuth>, engagementId: number, locale: TLocale) => {
    const scope = await resolveScope(app.db, auth, engagementId, 'retention_analytics');
    const stored = await requireLatestAnalysis(app.db, scope.engagement.id, RETENTION_SECTIONS);
    return { scope, data: retentionExport(scope, stored, thresholdOf(scope.engagement), explainer(locale)) };
  };

  app.get('/engagements/:id/retention-analytics-results/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['retention-analytics'],
      summary: 'Exit risk of the employees the caller sees, with the retention pages and group tables; each code with its explanation in the request’s language',
      params: ZIdParams,
      querystring: ZRetentionAnalyticsQuery,
      response: { 200: ZRetentionAnalytics, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'retention_analytics');
    const minGroupSize = thresholdOf(found.access.engagement);
    const withPeople = request.query.people === 'true';
    return sendKeptAnswer(app, request, reply, { answer: 'retention', ...found, locale: request.locale, variant: [minGroupSize, withPeople] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, RETENTION_SECTIONS);
      return retentionAnalytics(scope, stored, minGroupSize, explainer(request.locale), withPeople);
    });
  });

  app.get('/engagements/:id/retention-analytics-results/employees/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['retention-analytics'],
      summary: 'The employees datasheet a page at a time: the people the caller sees with their risk, filtered (unit with sub-units, generation, key_role, group_role, answered, age, risk_level, name, id) and sorted on the server',
      params: ZIdParams,
      querystring: ZRetentionEmployeeListQuery,
      response: { 200: ZRetentionEmployeeListPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'retention_analytics');
    const today = new Date();
    // The tenure filter reads today's date: an answer kept past midnight would bucket by yesterday's.
    const day = today.toISOString().slice(0, 10);
    return sendKeptAnswer(app, request, reply, { answer: 'retention-employees', ...found, locale: request.locale, variant: [request.query, request.query.age.length > 0 ? day : null] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['employees']]);
      return retentionEmployeePage(scope, stored.result, request.query, explainer(request.locale), request.locale, today);
    });
  });

  app.get('/engagements/:id/retention-analytics-results/org-chart/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['retention-analytics'],
      summary: 'The leader tree of the people the caller sees, a branch at a time: the tops, or the direct reports of each leader (repeated), each with the size of their branch and its highest risk level',
      params: ZIdParams,
      querystring: ZRetentionOrgChartQuery,
      response: { 200: ZRetentionOrgChart, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'retention_analytics');
    return sendKeptAnswer(app, request, reply, { answer: 'retention-org-chart', ...found, locale: request.locale, variant: [request.query.leader] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['employees']]);
      return retentionOrgChart(scope, stored.result, request.query, request.locale);
    });
  });

  app.get('/engagements/:id/retention-analytics-results/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['retention-analytics'],
      summary: 'The employee datasheet and the retention pages as an .xlsx file in the request’s language',
      params: ZIdParams,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const { scope, data } = await load(requireAuth(request), request.params.id, request.locale);
    return sendWorkbook(reply, retentionWorkbook(data, labeller(request.locale), thresholdOf(scope.engagement)), exportFileName(request.locale, 'retention_analytics', scope.engagement.name, 'xlsx'));
  });
};
