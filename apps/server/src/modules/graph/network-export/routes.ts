import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BROKERAGE_GROUPS_UNIT, GRAPH_EXPORT_CONTENT_TYPES, ZGraphExportQuery, ZIdParams, type TGraphExportFormat, type TLocale, type TMetricDefinition, type TMetricsExportQuery, type TMetricsRow } from '@ona/contracts';
import { ApiError } from '../../../errors/api-error.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import { requireAuth, type AuthContext } from '../../../plugins/auth.ts';
import { resolveAccess } from '../../analytics-shared/analytics-access.ts';
import type { AnalysedAccess } from '../../analytics-shared/analysed-view.ts';
import { networkAccess } from '../../analytics-shared/collaboration-access.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../../analytics-shared/privacy.ts';
import { keptMetricsTable } from '../../metrics/kept-metrics.ts';
import { attachment, exportFileName, type TExportFileKind } from '../../analytics-shared/export-reply.ts';
import { analyticsErrors } from '../../analytics-shared/route-schemas.ts';
import { networkLabel } from '../../metrics/metrics-service.ts';
import { graphLabels } from '../graph-labels.ts';
import { loadEngagementGraph } from '../graph-repository.ts';
import { buildGraphView } from '../graph-view.ts';
import { graphRequest } from '../graph-viewer.ts';
import { edgesCsv, nodesCsv } from './csv.ts';
import { toGexf } from './gexf.ts';
import { toGraphml } from './graphml.ts';
import { networkTable, type NetworkTableLabels } from './network-table.ts';

// Every format leaves as a stream, written while it is sent (docs/exports.md, "Exports stream").
const ZNetworkFile = z.instanceof(Readable).describe('The network in the format asked for, UTF-8: GEXF (application/gexf+xml), GraphML (application/graphml+xml) or CSV (text/csv)');

const FILE: Record<TGraphExportFormat, { kind: TExportFileKind; extension: string }> = {
  gexf: { kind: 'network', extension: 'gexf' },
  graphml: { kind: 'network', extension: 'graphml' },
  nodes_csv: { kind: 'network_nodes', extension: 'csv' },
  edges_csv: { kind: 'network_edges', extension: 'csv' },
};

/**
 * The metrics of a network for the people the caller may see, or none: the metrics follow the key
 * people module's level (as on the Metrics page), and a reader without it gets the network alone.
 * Read from the graph's run (one run for the whole file) with the Metrics page's default groups
 * (units), through the kept Metrics table: the Metrics export of the same network shares it.
 */
async function metricsFor(app: FastifyInstance, auth: AuthContext, graph: AnalysedAccess, networkKey: string, locale: TLocale, minGroupSize: number): Promise<{ definitions: TMetricDefinition[]; rows: TMetricsRow[] }> {
  let access;
  try {
    // The collaboration network's figures also need the individual reports right (the narrower scope).
    access = networkKey === 'collaboration' ? (await networkAccess(app.db, auth, graph.access.engagement.id, 'key_people_analytics', true)).access : await resolveAccess(app.db, auth, graph.access.engagement.id, 'key_people_analytics');
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 403) return { definitions: [], rows: [] };
    throw err;
  }
  const query: TMetricsExportQuery = { network: networkKey, groups: BROKERAGE_GROUPS_UNIT, sort: 'name', unit: [], q: '' };
  try {
    const table = await keptMetricsTable(app, { access, runId: graph.runId }, query, locale, minGroupSize);
    return { definitions: table.metrics, rows: table.rows };
  } catch (err) {
    // A category the questionnaire does not ask has no network and so no metrics.
    if (err instanceof ApiError && err.code === 'unknown_network') return { definitions: [], rows: [] };
    throw err;
  }
}

function tableLabels(locale: TLocale): NetworkTableLabels {
  const t = (key: string) => translate(locale, key as MessageKey);
  return {
    ...graphLabels(locale),
    noUnit: t('exports.network.no_unit'),
    column: (name) => ({ label: t(`exports.network.columns.${name}.label`), description: t(`exports.network.columns.${name}.description`) }),
  };
}

/** The graph page's view in an exchange format for Gephi, yEd, R, Python or Excel, with every metric. */
export const networkExportRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);
  app.get('/engagements/:id/graph-visualization/export/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['graph'],
      summary: 'The graph view as GEXF (1.3 or 1.2draft), GraphML, or a CSV node or edge list, each person with every metric of that network',
      description:
        'Takes the parameters of graph-visualization (graph_type, unit, filter_{key}, employee, edges) with the same access rules, plus format (gexf, graphml, nodes_csv, edges_csv), gexf_version (1.3 or 1.2draft), layout (regular, circular, orgchart, logo) and color_by (unit or key_person). The metrics are those of the whole network (work, or the category of graph_type) as on the Metrics page; they follow the key people module level and are left out without it.',
      params: ZIdParams,
      querystring: ZGraphExportQuery,
      response: { 200: ZNetworkFile, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const { locale, query } = request;
    // Access and run as the graph page resolves them: the file shows what the page shows.
    const graph = await networkAccess(app.db, auth, request.params.id, 'graph_visualization', query.graph_type === 'collaboration');
    const minGroupSize = thresholdOf(graph.access.engagement);
    const { engagement, level, ownEmployeeId } = graph.access;
    const source = await loadEngagementGraph(app.db, engagement.id, graph.runId, graph.access.latestRunVersion, locale);
    const labels = tableLabels(locale);
    const view = buildGraphView(source, graphRequest(query), { level, ownEmployeeId }, labels);
    const networkKey = query.graph_type === 'collaboration' ? 'collaboration' : query.graph_type ? `category:${query.graph_type}` : 'work';
    const metrics = await metricsFor(app, auth, graph, networkKey, locale, minGroupSize);
    const table = networkTable(
      view,
      { title: `${engagement.name} – ${networkLabel(locale, networkKey as Parameters<typeof networkLabel>[1])}`, layout: query.layout, colorBy: query.color_by, metrics: metrics.definitions, metricRows: metrics.rows },
      labels,
    );
    const body =
      query.format === 'gexf' ? toGexf(table, query.gexf_version)
      : query.format === 'graphml' ? toGraphml(table, labels.column)
      : query.format === 'nodes_csv' ? nodesCsv(table)
      : edgesCsv(table);
    const file = FILE[query.format];
    attachment(reply, exportFileName(locale, file.kind, engagement.name, file.extension), GRAPH_EXPORT_CONTENT_TYPES[query.format]);
    return body;
  });
};
