import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZComparableJourneys, ZIdParams, ZTieDiff, ZTieDiffQuery, ZWaveComparison, ZWaveComparisonExportQuery, ZWaveComparisonQuery } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { comparisonThreshold, resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { comparableJourneys } from './comparable-journeys.ts';
import { comparisonWorkbook } from './comparison-export.ts';
import { loadComparisonSides, seesAllOfBoth, sideIn } from './comparison-sides.ts';
import { addCalibrationSheets } from './calibration-export.ts';
import { calibrationReasons, directoryLeaverKeys, withDirectoryLeavers } from './directory-leavers.ts';
import { riskCalibrationView } from './risk-calibration-view.ts';
import { isEngagementAdmin } from '../engagements/service.ts';
import { waveComparison } from './comparison-view.ts';
import { tieDiffView } from './tie-diff-view.ts';

/**
 * Wave comparison (docs/wave-comparison.md). People, units and networks follow the retention
 * analytics module's level in each journey (the metrics the key people module's); the tie diff
 * follows the graph view's.
 */
export const waveComparisonRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/comparison/journeys/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'The earlier analysed journeys of the same organisation this journey can be compared with, newest first, and the one to suggest',
      params: ZIdParams,
      response: { 200: ZComparableJourneys, ...analyticsErrors },
    },
  }, async (request) => comparableJourneys(app.db, requireAuth(request), request.params.id, 'retention_analytics'));

  app.get('/engagements/:id/comparison/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'This journey compared with an earlier analysed one (`with`): each person’s metrics, roles and risk then and now, each unit’s figures, ties kept, added and lost per question',
      description:
        'People are matched by e-mail, units by their name paths, questions by key. Each journey is read with the caller’s level there; tie counts, isolates and bridges need all_access in both. Another organisation’s journey: 404; `with` not earlier: 400 `comparison_not_earlier`; a network either analysis lacks: 400 `unknown_network`.',
      params: ZIdParams,
      querystring: ZWaveComparisonQuery,
      response: { 200: ZWaveComparison, ...analyticsErrors },
    },
  }, async (request) => {
    const sides = await loadComparisonSides(app.db, requireAuth(request), request.params.id, request.query.with, 'retention_analytics', request.locale);
    const minGroupSize = comparisonThreshold(thresholdOf, sides);
    return waveComparison(sides, request.query, request.locale, minGroupSize, labeller(request.locale).explain);
  });

  app.get('/engagements/:id/comparison/ties/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'The graph diff of this journey and an earlier one: ties kept, added and lost (per question too), people who stayed, joined and left, with both layouts',
      description: 'graph_type or question (repeated keys) choose the questions; neither: every work question. A tie is listed only where the caller’s graph view of each journey draws that pair. An unknown question key: 400 `unknown_question`.',
      params: ZIdParams,
      querystring: ZTieDiffQuery,
      response: { 200: ZTieDiff, ...analyticsErrors },
    },
  }, async (request) => {
    const sides = await loadComparisonSides(app.db, requireAuth(request), request.params.id, request.query.with, 'graph_visualization', request.locale);
    return tieDiffView(sides, request.query);
  });

  app.get('/engagements/:id/comparison/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'The comparison as an .xlsx file (same network, filters and sort, every person): summary, people, units, networks, joiners and leavers, and the tie diff of every question when the caller’s graph access allows',
      params: ZIdParams,
      querystring: ZWaveComparisonExportQuery,
      response: { 200: ZXlsxFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const sides = await loadComparisonSides(app.db, requireAuth(request), request.params.id, request.query.with, 'retention_analytics', request.locale);
    const minGroupSize = comparisonThreshold(thresholdOf, sides);
    const label = labeller(request.locale);
    const comparison = waveComparison(sides, request.query, request.locale, minGroupSize, label.explain);
    const graphThen = sideIn(sides.then, 'graph_visualization');
    const graphNow = sideIn(sides.now, 'graph_visualization');
    const ties = graphThen && graphNow ? tieDiffView({ then: graphThen, now: graphNow }, 'every question') : null;
    const workbook = comparisonWorkbook(request.locale, label, comparison, ties);
    // Risk checked against turnover joins the workbook for those who may read it (calibration-routes.ts).
    const auth = requireAuth(request);
    if (isEngagementAdmin(auth) && seesAllOfBoth(sides)) addCalibrationSheets(workbook, request.locale, riskCalibrationView(withDirectoryLeavers(sides, await directoryLeaverKeys(app.db, auth.organizationId, sides)), await calibrationReasons(app.db, auth.organizationId), minGroupSize));
    return sendWorkbook(reply, workbook, exportFileName(request.locale, 'wave_comparison', sides.now.scope.engagement.name, 'xlsx'));
  });
};
