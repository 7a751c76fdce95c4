import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BROKERAGE_GROUPS_UNIT, GRAPH_EXPORT_CONTENT_TYPES, ZGraphExportQuery, ZIdParams, type TGraphExportFormat, type TLocale, type TMetricDefinition, type TMetricsRow } from '@ona/contracts';
import { ApiError } from '../../../errors/api-error.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import { requireAuth, type AuthContext } from '../../../plugins/auth.ts';
import type { AnalysisResult, NetworkKey, PersonMetricTable } from '@ona/analytics';
import { resolveScope, type AnalyticsScope } from '../../analytics-shared/analytics-scope.ts';
import { resolveMinGroupSize } from '../../analytics-shared/privacy.ts';
import { loadGroupingSource, resolveBrokerageGroups, type ResolvedGroups } from '../../metrics/brokerage-groups.ts';
import { attachment, exportFileName, type TExportFileKind } from '../../analytics-shared/export-reply.ts';
import { requireLatestAnalysis } from '../../analytics-shared/latest-result.ts';
import { analyticsErrors } from '../../analytics-shared/route-schemas.ts';
import { metricDefinitions, metricRows, networkLabel, resolveNetwork } from '../../metrics/metrics-service.ts';
import { graphLabels } from '../graph-labels.ts';
import { loadEngagementGraph } from '../graph-repository.ts';
import { buildGraphView } from '../graph-view.ts';
import { graphRequest, resolveGraphViewer } from '../graph-viewer.ts';
import { edgesCsv, nodesCsv } from './csv.ts';
import { toGexf } from './gexf.ts';
import { toGraphml } from './graphml.ts';
import { networkTable, type NetworkTableLabels } from './network-table.ts';

const ZNetworkFile = z.instanceof(Buffer).describe('The network in the format asked for, UTF-8: GEXF (application/gexf+xml), GraphML (application/graphml+xml) or CSV (text/csv)');

const FILE: Record<TGraphExportFormat, { kind: TExportFileKind; extension: string }> = {
  gexf: { kind: 'network', extension: 'gexf' },
  graphml: { kind: 'network', extension: 'graphml' },
  nodes_csv: { kind: 'network_nodes', extension: 'csv' },
  edges_csv: { kind: 'network_edges', extension: 'csv' },
};

/**
 * The metrics of a network for the people the caller may see, or none: the metrics follow the key
 * people module's level (as on the Metrics page), and a reader without it gets the network alone.
 */
async function metricsFor(app: Parameters<FastifyPluginAsyncZod>[0], auth: AuthContext, engagementId: number, networkKey: string, locale: TLocale): Promise<{ definitions: TMetricDefinition[]; rows: TMetricsRow[] }> {
  let scope;
  try {
    scope = await resolveScope(app.db, auth, engagementId, 'key_people_analytics');
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 403) return { definitions: [], rows: [] };
    throw err;
  }
  const stored = await requireLatestAnalysis(app.db, engagementId);
  let table;
  let key;
  try {
    ({ key, table } = resolveNetwork(stored.result, networkKey));
  } catch (err) {
    // A category the questionnaire does not ask has no network and so no metrics.
    if (err instanceof ApiError && err.code === 'unknown_network') return { definitions: [], rows: [] };
    throw err;
  }
  return { definitions: metricDefinitions(locale, scope.level), rows: metricRows(scope, stored.result, await unitBrokerage(app, scope, stored.result, key, table, locale), { network: networkKey, unit: [], q: '', sort: 'name', groups: BROKERAGE_GROUPS_UNIT }) };
}

/** The exports carry the Metrics page's default: brokerage with units as the groups. */
async function unitBrokerage(app: Parameters<FastifyPluginAsyncZod>[0], scope: AnalyticsScope, result: AnalysisResult, key: NetworkKey, table: PersonMetricTable, locale: TLocale): Promise<ResolvedGroups> {
  const source = await loadGroupingSource(app.db, scope.engagement.id);
  return resolveBrokerageGroups(scope, result, key, table, BROKERAGE_GROUPS_UNIT, source, locale, resolveMinGroupSize(undefined));
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
export const networkExportRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const { engagement, viewer } = await resolveGraphViewer(app.db, auth, request.params.id);
    const stored = await requireLatestAnalysis(app.db, engagement.id);
    const source = await loadEngagementGraph(app.db, engagement.id, stored.runId, locale);
    const labels = tableLabels(locale);
    const view = buildGraphView(source, graphRequest(query), viewer, labels);
    const networkKey = query.graph_type ? `category:${query.graph_type}` : 'work';
    const metrics = await metricsFor(app, auth, engagement.id, networkKey, locale);
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
    return Buffer.from(body, 'utf8');
  });
};
