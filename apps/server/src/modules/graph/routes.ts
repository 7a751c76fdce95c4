import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESULTS_UPLOAD_FIELD,
  RESULTS_UPLOAD_MAX_BYTES,
  ZApiError,
  ZGraphOverview,
  ZGraphOverviewQuery,
  ZGraphVisualization,
  ZGraphVisualizationQuery,
  ZIdParams,
} from '@ona/contracts';
import { ApiError, forbidden } from '../../errors/api-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { runAnalysisInWorker } from '../analysis/run-in-worker.ts';
import { joinResult } from '../analysis/result-parts.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { networkAccess } from '../analytics-shared/collaboration-access.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { isEngagementAdmin } from '../engagements/service.ts';
import { loadEngagementGraph } from './graph-repository.ts';
import { graphSourceFrom, looksLikeGraphData, prepareGraph } from './graph-source.ts';
import { graphLabels } from './graph-labels.ts';
import { buildGraphView } from './graph-view.ts';
import { buildGraphOverview } from './graph-overview.ts';
import { graphOverviewRequest, graphRequest } from './graph-viewer.ts';
import { readWorkbookOffThread } from '../uploads/read-workbook.ts';
import { readSingleFile } from '../uploads/single-file-upload.ts';
import { registerUploads } from '../uploads/upload-connection.ts';
import { readResultsWorkbook, ResultsRowsError, rowErrorsOf } from './results-workbook.ts';

/** Spec section 7: the graph view of an engagement, and a graph from an uploaded results workbook. */
export const graphRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/engagements/:id/graph-visualization/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['graph'],
      summary: 'The network of an engagement for the graph view: people with stored layouts, ties of one category, filters and statistics',
      description:
        'graph_type: one of the nine categories (absent: all work questions), or collaboration (the run\'s collaboration network from mail, calendar and chat metadata; it needs the individual reports right too, the narrower scope applies). unit (repeated, with sub-units) and filter_{key} (repeated values) narrow the people; employee (repeated) selects people and their direct ties. edges: none, oneway, mutual or all. Below all_access nobody learns who named them: self_only callers see themselves and the people they named, subtree callers the ties among their subtree except those naming the caller; named_by counts who named the caller.',
      params: ZIdParams,
      querystring: ZGraphVisualizationQuery,
      response: { 200: ZGraphVisualization, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const { access, runId } = await networkAccess(app.db, requireAuth(request), request.params.id, 'graph_visualization', request.query.graph_type === 'collaboration');
    return sendKeptAnswer(app, request, reply, { answer: 'graph', access, runId, locale: request.locale, variant: [request.query] }, async () => {
      const source = await loadEngagementGraph(app.db, access.engagement.id, runId, access.latestRunVersion, request.locale);
      return buildGraphView(source, graphRequest(request.query), { level: access.level, ownEmployeeId: access.ownEmployeeId }, graphLabels(request.locale));
    });
  });

  app.get('/engagements/:id/graph-overview/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['graph'],
      summary: 'The graph view at scale: each unit one node sized by its people, ties summed between units; chosen units opened into their people. Columnar (typed arrays in base64)',
      description:
        'Same access rules and parameters as graph-visualization (graph_type, unit, filter_{key}, edges), plus open (repeated unit ids drawn as their people), open_no_unit (true: the people without a unit too) and rest (units: every other unit as one node, with the ties to it summed; none: only the opened people). Columns are little-endian typed arrays in base64: nodes kind (Uint8, 0 unit, 1 person), id and unit (Int32), people and internal_ties (Uint32), x and y (Float32, the regular layout; a unit at the centroid of its people); ties source and target (Uint32 node indexes), weight (Uint32, ties summed), mutual (Uint8). statistics are those of the whole view, as graph-visualization gives them.',
      params: ZIdParams,
      querystring: ZGraphOverviewQuery,
      response: { 200: ZGraphOverview, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const { access, runId } = await networkAccess(app.db, requireAuth(request), request.params.id, 'graph_visualization', request.query.graph_type === 'collaboration');
    return sendKeptAnswer(app, request, reply, { answer: 'graph-overview', access, runId, locale: request.locale, variant: [request.query] }, async () => {
      const source = await loadEngagementGraph(app.db, access.engagement.id, runId, access.latestRunVersion, request.locale);
      return buildGraphOverview(source, graphOverviewRequest(request.query), { level: access.level, ownEmployeeId: access.ownEmployeeId }, graphLabels(request.locale));
    });
  });

  // Multipart belongs to this upload only; registered here, encapsulated, unless a parent has it.
  await app.register(async (upload) => {
    await registerUploads(upload, { fileSize: RESULTS_UPLOAD_MAX_BYTES });
    upload.withTypeProvider<ZodTypeProvider>().post('/survey-result-to-graph/', {
      onRequest: upload.authenticate,
      schema: {
        tags: ['graph'],
        summary: 'The graph of an uploaded results workbook (the nice Excel of the survey export), for engagement admins',
        description: 'multipart/form-data with one .xlsx of at most 10 MB in the field "results"; the query takes the same parameters as graph-visualization. Not an .xlsx by content: 415 `unsupported_file_type`; over 10 MB or unpacking beyond the workbook limits: 413; more than one file: 400 `too_many_files`; too many uploads being read: 503 `uploads_busy`.',
        consumes: ['multipart/form-data'],
        uploadField: RESULTS_UPLOAD_FIELD,
        querystring: ZGraphVisualizationQuery,
        response: { 200: ZGraphVisualization, 400: ZApiError, 401: ZApiError, 403: ZApiError, 413: ZApiError, 415: ZApiError, 503: ZApiError },
      },
    }, async (request, reply) => {
      const auth = requireAuth(request);
      if (!isEngagementAdmin(auth)) throw forbidden();
      if (!request.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'errors.unsupported_media_type');
      const buffer = await readSingleFile(request, {
        field: RESULTS_UPLOAD_FIELD,
        maxBytes: RESULTS_UPLOAD_MAX_BYTES,
        missing: () => new ApiError(400, 'no_file', 'graph.errors.no_file', { [RESULTS_UPLOAD_FIELD]: ['graph.errors.no_file'] }),
      });
      // Checked by content (an .xlsx, whatever its name says), within the unpacking limits, off the event loop.
      const uploaded = await readWorkbookOffThread(buffer, { limits: app.workbookLimits, handOver: true });
      let workbook;
      try {
        workbook = readResultsWorkbook(uploaded);
      } catch (err) {
        if (!(err instanceof ResultsRowsError)) throw err;
        const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(request.locale, key, params);
        return reply.status(400).send({ detail: t('errors.validation_failed'), code: 'invalid_rows', errors: rowErrorsOf(err.problems, t) });
      }
      let graph: unknown;
      try {
        // Only the graph's parts are read back: the rest of the result is not shown here.
        graph = joinResult((await runAnalysisInWorker(workbook.input, () => undefined)).filter((part) => part.path[0] === 'graph')).graph;
      } catch (err) {
        request.log.info({ err }, 'uploaded results could not be analysed');
        throw new ApiError(400, 'results_not_analysable', 'graph.errors.analysis_failed');
      }
      if (!looksLikeGraphData(graph)) throw new ApiError(400, 'results_not_analysable', 'graph.errors.analysis_failed');
      const source = graphSourceFrom(prepareGraph(graph), workbook.people, workbook.units, workbook.questions);
      return buildGraphView(source, graphRequest(request.query), { level: 'all_access', ownEmployeeId: null }, graphLabels(request.locale));
    });
  });
};
