import { Readable } from 'node:stream';
import type { TGexfVersion } from '@ona/contracts';
import type { NetworkColumn, NetworkTable, TValue } from './network-table.ts';
import { StreamingXml } from './streaming-xml.ts';

/** Viz size of a person: what the page draws at zoom 1 (node size 0.15 × 40 px). */
const NODE_SIZE = 6;

/**
 * The namespaces of each version. 1.2draft's viz namespace is the one of its schema
 * (`http://www.gexf.net/1.2draft/viz`): graphology-gexf (0.13), which wrote these files before,
 * declared `http:///www.gexf.net/1.1draft/viz`, under which a namespace-aware reader such as
 * NetworkX finds no `viz:` element and drops every colour, position and size.
 */
const NAMESPACES: Record<TGexfVersion, { gexf: string; viz: string; schema?: string; version: string }> = {
  '1.3': { gexf: 'http://gexf.net/1.3', viz: 'http://gexf.net/1.3/viz', schema: 'http://gexf.net/1.3 http://gexf.net/1.3/gexf.xsd', version: '1.3' },
  '1.2draft': { gexf: 'http://www.gexf.net/1.2draft', viz: 'http://www.gexf.net/1.2draft/viz', version: '1.2' },
};

/**
 * `#rrggbb` as r, g and b attributes in both versions. GEXF 1.3 also allows `hex`, but NetworkX's
 * reader (3.6) takes only r, g and b and fails on a hex colour.
 */
function rgb(hex: string): Record<'r' | 'g' | 'b', string> | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? { r: String(parseInt(match[1]!, 16)), g: String(parseInt(match[2]!, 16)), b: String(parseInt(match[3]!, 16)) } : null;
}

/**
 * GEXF (Gephi's format), the layout Gephi and graphology-gexf read: every column a node or edge
 * attribute of its declared type (integer, double, string, boolean), the chosen layout, colours
 * and the triangle of people who gave no answers as viz data, the number of questions of a tie as
 * its weight. Written with xml-writer (the writer graphology-gexf itself uses) as a stream, 500 people or ties a piece,
 * so the file is never whole in memory (docs/exports.md, "Exports stream"); graphology-gexf, which
 * wrote it before, builds one string.
 */
export function toGexf(table: NetworkTable, version: TGexfVersion): Readable {
  return Readable.from(gexfPieces(table, version));
}

function* gexfPieces(table: NetworkTable, version: TGexfVersion): Generator<string> {
  const ns = NAMESPACES[version];
  const out = new StreamingXml();
  const { xml } = out;
  xml.startDocument('1.0', 'UTF-8');
  out.open('gexf', { version: ns.version, xmlns: ns.gexf, 'xmlns:viz': ns.viz, ...(ns.schema ? { 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation': ns.schema } : {}) });
  out.open('meta');
  xml.writeElement('creator', 'ONA platform');
  xml.writeElement('description', table.title);
  out.close();
  out.open('graph', { defaultedgetype: 'directed' });
  const declare = (scope: 'node' | 'edge', columns: readonly NetworkColumn[]) => {
    if (columns.length === 0) return;
    out.open('attributes', { class: scope });
    for (const column of columns) out.empty('attribute', { id: column.name, title: column.name, type: column.type });
    out.close();
  };
  declare('node', table.nodeColumns);
  declare('edge', table.edgeColumns);
  const attvalues = (columns: readonly NetworkColumn[], values: Record<string, TValue>) => {
    if (columns.length === 0) return;
    out.open('attvalues');
    // An empty value is left out, as graphology-gexf did: the attribute's absence.
    for (const column of columns) {
      const value = values[column.name];
      if (value !== null && value !== undefined && value !== '') out.empty('attvalue', { for: column.name, value: String(value) });
    }
    out.close();
  };
  out.open('nodes');
  for (const node of table.nodes) {
    out.open('node', { id: node.id, label: node.label });
    attvalues(table.nodeColumns, node.values);
    const color = rgb(node.color);
    if (color) out.empty('viz:color', color);
    out.empty('viz:size', { value: String(NODE_SIZE) });
    out.empty('viz:position', { x: String(node.x), y: String(node.y), z: '0' });
    out.empty('viz:shape', { value: node.zeroAnswers ? 'triangle' : 'disc' });
    out.close();
    if (out.counted()) yield out.take();
  }
  out.close();
  out.open('edges');
  for (const edge of table.edges) {
    out.open('edge', { id: `${edge.source}->${edge.target}`, source: edge.source, target: edge.target, weight: String(Number(edge.values.question_count ?? 1)) });
    attvalues(table.edgeColumns, edge.values);
    out.close();
    if (out.counted()) yield out.take();
  }
  yield out.finish();
}
