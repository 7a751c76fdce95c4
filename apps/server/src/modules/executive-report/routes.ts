import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { labeller } from '../analytics-shared/labels.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors, ZPdfFile } from '../analytics-shared/route-schemas.ts';
import { attachment, exportFileName, PDF_CONTENT_TYPE } from '../analytics-shared/export-reply.ts';
import { graphLabels } from '../graph/graph-labels.ts';
import { loadEngagementGraph } from '../graph/graph-repository.ts';
import { buildGraphView, OPENING_GRAPH_REQUEST } from '../graph/graph-view.ts';
import { EXECUTIVE_SECTIONS, executiveFigures } from './executive-figures.ts';
import { executiveReportPdf } from './executive-pdf.ts';
import { whatChangedFor } from '../wave-comparison/what-changed.ts';

export const executiveReportRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/executive-report/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['executive-report'],
      summary: 'The executive report as a PDF: key figures, charts and a picture of the network, in the request’s language; with an earlier analysed wave, a page of what changed since',
      params: ZIdParams,
      response: { 200: ZPdfFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const found = await analysedAccess(app.db, auth, request.params.id, 'executive_reports');
    const minGroupSize = thresholdOf(found.access.engagement);
    const { scope, stored } = await analysedView(app.db, found, EXECUTIVE_SECTIONS);
    const label = labeller(request.locale);
    const whatChanged = await whatChangedFor(app, auth, found, request.locale, minGroupSize);
    // The network part is the graph page's opening view for the reader's level: same people, ties and share.
    const source = await loadEngagementGraph(app.db, scope.engagement.id, stored.runId, stored.version, request.locale);
    const view = buildGraphView(source, OPENING_GRAPH_REQUEST, { level: scope.level, ownEmployeeId: scope.ownEmployeeId }, graphLabels(request.locale));
    const figures = executiveFigures(scope, stored.result, view, stored.finishedAt, minGroupSize, label.explain);
    const pdf = await executiveReportPdf(figures, label, request.locale, minGroupSize, whatChanged);
    attachment(reply, exportFileName(request.locale, 'executive_report', scope.engagement.name, 'pdf'), PDF_CONTENT_TYPE);
    return pdf;
  });
};
