import { z } from 'zod';
import { ZGraphLayout, ZGraphVisualizationQuery } from './graph.ts';

/**
 * The network exchange formats of the graph page's export dialog: GEXF (Gephi; 1.3, or 1.2draft
 * for readers such as NetworkX 2.x that know no 1.3), GraphML (yEd, igraph, NetworkX, Cytoscape)
 * and CSV node and edge lists (R, Python, Excel).
 */
export const GRAPH_EXPORT_FORMATS = ['gexf', 'graphml', 'nodes_csv', 'edges_csv'] as const;
export const ZGraphExportFormat = z.enum(GRAPH_EXPORT_FORMATS);
export type TGraphExportFormat = z.infer<typeof ZGraphExportFormat>;

export const GEXF_VERSIONS = ['1.3', '1.2draft'] as const;
export const ZGexfVersion = z.enum(GEXF_VERSIONS);
export type TGexfVersion = z.infer<typeof ZGexfVersion>;

/** Node colours of the export: as the page colours them, by unit or by key role. */
export const GRAPH_COLOR_MODES = ['unit', 'key_person'] as const;
export const ZGraphColorMode = z.enum(GRAPH_COLOR_MODES);
export type TGraphColorMode = z.infer<typeof ZGraphColorMode>;

/**
 * GET /engagements/{id}/graph-visualization/export/: the view of the same query (category, units,
 * filters, selection, edges) in one format, each person with every metric of that network.
 */
export const ZGraphExportQuery = ZGraphVisualizationQuery.extend({
  format: ZGraphExportFormat,
  gexf_version: ZGexfVersion.default('1.3'),
  layout: ZGraphLayout.default('regular'),
  color_by: ZGraphColorMode.default('unit'),
});
export type TGraphExportQuery = z.infer<typeof ZGraphExportQuery>;

export const GRAPH_EXPORT_CONTENT_TYPES: Record<TGraphExportFormat, string> = {
  gexf: 'application/gexf+xml; charset=utf-8',
  graphml: 'application/graphml+xml; charset=utf-8',
  nodes_csv: 'text/csv; charset=utf-8; header=present',
  edges_csv: 'text/csv; charset=utf-8; header=present',
};
