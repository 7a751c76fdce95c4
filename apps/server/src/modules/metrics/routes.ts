import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZMetricsExportQuery, ZMetricsPage, ZMetricsQuery } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedView } from '../analytics-shared/analysed-view.ts';
import { networkAccess } from '../analytics-shared/collaboration-access.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { loadGroupingSource } from './brokerage-groups.ts';
import { keepBrokerage, keptMetricsTable } from './kept-metrics.ts';
import { metricsWorkbook } from './metrics-export.ts';
import { metricsPage } from './metrics-service.ts';
import { metricsSections, runTies } from './metrics-sections.ts';

/**
 * Per-person network metrics of the latest analysis. Access follows the key people module
 * (`key_people_analytics`): the metrics are the figures behind the key and group roles.
 */
export const metricsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/metrics/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['metrics'],
      summary:
        'Per-person metrics of one network (work, kind:<kind>, category:<category> or collaboration: the last needs the individual reports right too) for the people the caller sees, with the network figures; paged, sortable, filtered by unit and name; brokerage with units or a filter attribute as groups (groups=unit or filter:<key>)',
      params: ZIdParams,
      querystring: ZMetricsQuery,
      response: { 200: ZMetricsPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await networkAccess(app.db, requireAuth(request), request.params.id, 'key_people_analytics', request.query.network === 'collaboration');
    const minGroupSize = thresholdOf(found.access.engagement);
    return sendKeptAnswer(app, request, reply, { answer: 'metrics', ...found, locale: request.locale, variant: [request.query, minGroupSize] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, metricsSections(request.query.network));
      const source = await loadGroupingSource(app.db, scope.engagement.id);
      const ties = runTies(app.db, found.access.engagement.id, found.runId, found.access.latestRunVersion);
      return metricsPage(scope, stored, request.query, request.locale, minGroupSize, source, ties, keepBrokerage(app, found, request.locale, request.query.network, request.query.groups, minGroupSize));
    });
  });

  app.get('/engagements/:id/metrics/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['metrics'],
      summary: 'The Metrics table (same network, brokerage groups, filters and sort, every row) as an .xlsx file with the network figures',
      params: ZIdParams,
      querystring: ZMetricsExportQuery,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await networkAccess(app.db, requireAuth(request), request.params.id, 'key_people_analytics', request.query.network === 'collaboration');
    const minGroupSize = thresholdOf(found.access.engagement);
    const table = await keptMetricsTable(app, found, request.query, request.locale, minGroupSize);
    const workbook = metricsWorkbook(request.locale, table.network, table.groups, table.metrics, table.rows);
    return sendWorkbook(reply, workbook, exportFileName(request.locale, 'metrics', found.access.engagement.name, 'xlsx'));
  });
};
