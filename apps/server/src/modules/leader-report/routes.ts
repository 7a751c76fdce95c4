import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEngagementReportParams, ZIdParams, ZLeaderReport, ZLeaderReportListPage, ZLeaderReportListQuery, ZLeaderReportQuery, ZApiError } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { ApiError, badRequest, forbidden, notFound } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { isEngagementAdmin } from '../engagements/service.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { employeeRef, resolveScope } from '../analytics-shared/analytics-scope.ts';
import { listOrder } from '../analytics-shared/list-order.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { dbId, requireLatestAnalysis } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { codeMatches, forgetCodeAttempt, leaderCodes, takeCodeAttempt } from './code-repository.ts';
import { leaderReportsWorkbook } from './leader-report-export.ts';
import { LEADER_REPORT_SECTIONS, leaderReportDetail, leaderReportList } from './leader-report-service.ts';

export const leaderReportRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  const load = async (auth: AuthContext, engagementId: number) => {
    const scope = await resolveScope(app.db, auth, engagementId, 'leader_reports');
    const stored = await requireLatestAnalysis(app.db, scope.engagement.id, LEADER_REPORT_SECTIONS);
    return { scope, stored };
  };
  const organizationLogo = async (organizationId: number) =>
    (await app.db.select({ logo: tables.organizations.logoUrl }).from(tables.organizations).where(eq(tables.organizations.id, organizationId)))[0]?.logo ?? null;
  /** Only admins who see the whole engagement see the codes (they hand them to leaders). */
  const seesCodes = (auth: AuthContext, level: string) => isEngagementAdmin(auth) && level === 'all_access';

  app.get('/engagements/:id/leader-reports/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['leader-report'],
      summary: 'Leader reports the caller may open (each opens with its authorization code), paged, sorted (name, unit, team_size, respondents) and searched by name and unit; admins with all_access see the codes',
      params: ZIdParams,
      querystring: ZLeaderReportListQuery,
      response: { 200: ZLeaderReportListPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const found = await analysedAccess(app.db, auth, request.params.id, 'leader_reports');
    const withCodes = seesCodes(auth, found.access.level);
    // The codes are leader_report_codes rows: a new code changes the engagement's data version.
    return sendKeptAnswer(app, request, reply, { answer: 'leader-reports', ...found, locale: request.locale, variant: [withCodes, request.query] }, async () => {
      // The people only: a leader's report and its team follow from the direct reports (leaderReportList).
      const { scope, stored } = await analysedView(app.db, found, [['employees']]);
      return leaderReportList(scope, stored.result, withCodes ? await leaderCodes(app.db, scope.engagement.id) : null, request.query, request.locale);
    });
  });

  app.get('/engagements/:id/leader-reports/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['leader-report'],
      summary: 'Scores of every leader report as an .xlsx file (all_access only: it bypasses the per-report codes)',
      params: ZIdParams,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const { scope, stored } = await load(auth, request.params.id);
    if (scope.level !== 'all_access') throw forbidden();
    const minGroupSize = thresholdOf(scope.engagement);
    const logo = await organizationLogo(scope.engagement.organizationId);
    // Every report the reader sees, by name as the list first shows them.
    const visible = stored.result.leaderReports.filter((report) => scope.visible.has(dbId(report.leaderId)));
    const ids = visible.map((report) => dbId(report.leaderId));
    const order = listOrder(ids, ids.map((id) => employeeRef(scope, id).name), { by: 'name' }, false, request.locale);
    const reports = Array.from(order, (at) => leaderReportDetail(scope, stored.result, visible[at] as (typeof visible)[number], logo, minGroupSize));
    return sendWorkbook(reply, leaderReportsWorkbook(reports, labeller(request.locale), minGroupSize), exportFileName(request.locale, 'leader_reports', scope.engagement.name, 'xlsx'));
  });

  app.get('/engagements/:id/leader-reports/:reportId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['leader-report'],
      summary: 'One leader report (reportId is the leader’s employee id); opens only with its authorization code',
      params: ZEngagementReportParams,
      querystring: ZLeaderReportQuery,
      // Without a code the report answers 400 invalid_authorization_code, like a wrong one.
      requiredQuery: ['authorization_code'],
      response: { 200: ZLeaderReport, ...analyticsErrors, 429: ZApiError },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    // Read in full each time: the report must exist and be visible before a code attempt is taken.
    const { scope, stored } = await load(auth, request.params.id);
    const leaderId = request.params.reportId;
    const report = stored.result.leaderReports.find((r) => dbId(r.leaderId) === leaderId);
    if (!report || !scope.visible.has(leaderId)) throw notFound();
    const minGroupSize = thresholdOf(scope.engagement);
    const now = new Date();
    // Counted before the check, so parallel guesses cannot outrun the limit.
    const attempt = await takeCodeAttempt(app.db, auth.user.id, now);
    if (!attempt.allowed) throw new ApiError(429, 'too_many_requests', 'analytics.errors.too_many_codes');
    const expected = (await leaderCodes(app.db, scope.engagement.id)).get(leaderId);
    if (!codeMatches(expected, request.query.authorization_code)) throw badRequest('invalid_authorization_code', 'analytics.errors.invalid_authorization_code');
    await forgetCodeAttempt(app.db, attempt.id);
    const logo = await organizationLogo(scope.engagement.organizationId);
    const access = { engagement: scope.engagement, level: scope.level, ownEmployeeId: scope.ownEmployeeId, latestRunId: stored.runId, latestRunVersion: stored.version };
    return sendKeptAnswer(app, request, reply, { answer: 'leader-report', access, runId: stored.runId, locale: request.locale, variant: [leaderId, logo, minGroupSize] }, () =>
      leaderReportDetail(scope, stored.result, report, logo, minGroupSize),
    );
  });
};
