import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@ona/contracts';
import { ApiError, forbidden } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { loadAnalysisInput } from '../analysis/analysis-input.ts';
import { loadEmployees, visibleEmployees, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { loadUnits } from '../engagements/repository.ts';
import { DISTANCE_MATRIX_MAX_EMPLOYEES, distanceMatrixWorkbook } from './distance-matrix.ts';
import { niceExcelWorkbook } from './nice-excel.ts';

/**
 * Admin exports of the raw survey (spec: admin actions). They hold every e-mail and who named whom,
 * so they are for engagement admins only, whatever their module levels.
 */
export const surveyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminScope = async (auth: AuthContext, engagementId: number): Promise<AnalyticsScope> => {
    const engagement = await getVisibleEngagement(app.db, auth, engagementId);
    if (!isEngagementAdmin(auth)) throw forbidden();
    const [employees, units] = await Promise.all([loadEmployees(app.db, engagement.id), loadUnits(app.db, engagement.id)]);
    return {
      engagement,
      level: 'all_access',
      ownEmployeeId: employees.find((e) => e.userId === auth.user.id)?.id ?? null,
      employees,
      employeeById: new Map(employees.map((e) => [e.id, e])),
      units,
      unitById: new Map(units.map((u) => [u.id, u])),
      visible: visibleEmployees('all_access', null, employees),
    };
  };

  app.get('/engagements/:id/survey/export-nice-excel/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['survey'],
      summary: 'The survey as a readable workbook: instructions, employees, units, questions and answers (engagement admins)',
      params: ZIdParams,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const scope = await adminScope(requireAuth(request), request.params.id);
    const workbook = await niceExcelWorkbook(app.db, scope, labeller(request.locale), request.locale);
    return sendWorkbook(reply, workbook, exportFileName(request.locale, 'survey', scope.engagement.name, 'xlsx'));
  });

  app.get('/engagements/:id/survey/export-distance-matrix/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['survey'],
      summary: 'All-pairs shortest-path distances on the work graph as an .xlsx file (engagement admins)',
      params: ZIdParams,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const scope = await adminScope(requireAuth(request), request.params.id);
    if (scope.employees.length > DISTANCE_MATRIX_MAX_EMPLOYEES) {
      throw new ApiError(409, 'distance_matrix_too_large', 'analytics.errors.distance_matrix_too_large', undefined, { count: scope.employees.length, max: DISTANCE_MATRIX_MAX_EMPLOYEES });
    }
    const input = await loadAnalysisInput(app.db, scope.engagement.id);
    return sendWorkbook(reply, distanceMatrixWorkbook(input, labeller(request.locale)), exportFileName(request.locale, 'distance_matrix', scope.engagement.name, 'xlsx'));
  });
};
