import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEngagementReportParams, ZIdParams, ZIndividualReport, ZIndividualReportListPage, ZIndividualReportListQuery } from '@ona/contracts';
import { notFound } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { resolveScope } from '../analytics-shared/analytics-scope.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { dbId, individualReportOfRun, requireLatestAnalysis } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { individualReportsWorkbook } from './individual-report-export.ts';
import { INDIVIDUAL_REPORT_SECTIONS, individualReportDetail, individualReportList, questionLabels } from './individual-report-service.ts';

export const individualReportRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);
  const load = async (auth: AuthContext, engagementId: number) => {
    const scope = await resolveScope(app.db, auth, engagementId, 'individual_reports');
    const stored = await requireLatestAnalysis(app.db, scope.engagement.id, INDIVIDUAL_REPORT_SECTIONS);
    return { scope, stored };
  };

  app.get('/engagements/:id/individual-reports/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['individual-report'],
      summary: 'Individual reports of the employees the caller sees: paged, sorted (name, unit, answered), searched by name and unit',
      params: ZIdParams,
      querystring: ZIndividualReportListQuery,
      response: { 200: ZIndividualReportListPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'individual_reports');
    return sendKeptAnswer(app, request, reply, { answer: 'individual-reports', ...found, locale: request.locale, variant: [request.query] }, async () => {
      // The people only: every analysed person has a report (individualReportList).
      const { scope, stored } = await analysedView(app.db, found, [['employees']]);
      return individualReportList(scope, stored.result, request.query, request.locale);
    });
  });

  app.get('/engagements/:id/individual-reports/export/', {
    onRequest: app.authenticate,
    schema: { tags: ['individual-report'], summary: 'The visible individual reports as an .xlsx file in the request’s language', params: ZIdParams, response: { 200: ZXlsxFile, ...analyticsErrors } },
  }, async (request, reply) => {
    const { scope, stored } = await load(requireAuth(request), request.params.id);
    const minGroupSize = thresholdOf(scope.engagement);
    const questions = await questionLabels(app.db, scope.engagement.id, request.locale);
    const reports = stored.result.individualReports
      .filter((r) => scope.visible.has(dbId(r.employeeId)))
      .map((r) => individualReportDetail(scope, stored.result, r, questions, minGroupSize))
      .sort((a, b) => a.employee.name.localeCompare(b.employee.name) || a.id - b.id);
    return sendWorkbook(reply, individualReportsWorkbook(reports, labeller(request.locale)), exportFileName(request.locale, 'individual_reports', scope.engagement.name, 'xlsx'));
  });

  app.get('/engagements/:id/individual-reports/:reportId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['individual-report'],
      summary: 'One individual report (reportId is the employee id): mentions, turning to you, mutual ties, character types, relations by level, nominations',
      params: ZEngagementReportParams,
      response: { 200: ZIndividualReport, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'individual_reports');
    const minGroupSize = thresholdOf(found.access.engagement);
    const { reportId } = request.params;
    // A report the caller may not see is a 404 that is never kept: its key would not hold it.
    return sendKeptAnswer(app, request, reply, { answer: 'individual-report', ...found, locale: request.locale, variant: [reportId, minGroupSize] }, async () => {
      // The people, and of the reports only the stored page that holds this one.
      const [{ scope, stored }, report] = await Promise.all([
        analysedView(app.db, found, [['employees']]),
        individualReportOfRun(app.db, found.access.engagement.id, found.runId, found.access.latestRunVersion, reportId),
      ]);
      if (!report || !scope.visible.has(reportId)) throw notFound();
      return individualReportDetail(scope, stored.result, report, await questionLabels(app.db, scope.engagement.id, request.locale), minGroupSize);
    });
  });
};
