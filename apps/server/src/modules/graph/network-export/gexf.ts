import Graph from 'graphology';
import { write } from 'graphology-gexf';
import type { TGexfVersion } from '@ona/contracts';
import type { NetworkTable, TValue } from './network-table.ts';

/** Viz size of a person: what the page draws at zoom 1 (node size 0.15 × 40 px). */
const NODE_SIZE = 6;

/**
 * graphology-gexf (0.13) writes both versions but declares the 1.2draft viz namespace as
 * `http:///www.gexf.net/1.1draft/viz` (three slashes, the 1.1 draft): a namespace-aware reader
 * such as NetworkX finds no `viz:` element under the namespace of 1.2draft and silently drops
 * every colour, position and size. The declaration is replaced by the one of the 1.2draft schema.
 */
const WRONG_VIZ_12 = 'xmlns:viz="http:///www.gexf.net/1.1draft/viz"';
const VIZ_12 = 'xmlns:viz="http://www.gexf.net/1.2draft/viz"';

/**
 * `#rrggbb` as `rgb(r, g, b)`: graphology-gexf then writes r, g and b attributes in both versions.
 * GEXF 1.3 also allows `hex`, which graphology-gexf writes for a `#` colour, but NetworkX's reader
 * (3.6) takes only r, g and b and fails on a hex colour.
 */
function rgb(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? `rgb(${parseInt(match[1]!, 16)}, ${parseInt(match[2]!, 16)}, ${parseInt(match[3]!, 16)})` : hex;
}

const present = (values: Record<string, TValue>): Record<string, string | number | boolean> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== ''));

/**
 * GEXF (Gephi's format) by graphology-gexf: every column a node or edge attribute (types inferred
 * from the values: integer, double, string, boolean), the chosen layout, colours and the
 * triangle of people who gave no answers as viz data.
 */
export function toGexf(table: NetworkTable, version: TGexfVersion): string {
  const graph = new Graph({ type: 'directed', multi: false, allowSelfLoops: false });
  graph.setAttribute('creator', 'ONA platform');
  graph.setAttribute('description', table.title);
  for (const node of table.nodes) graph.addNode(node.id, node);
  for (const edge of table.edges) graph.addDirectedEdgeWithKey(`${edge.source}->${edge.target}`, edge.source, edge.target, edge.values);
  const nodeById = new Map(table.nodes.map((node) => [node.id, node] as const));
  const text = write(graph, {
    version: version === '1.3' ? '1.3' : '1.2',
    formatNode: (key) => {
      const node = nodeById.get(key)!;
      return {
        label: node.label,
        attributes: present(node.values),
        viz: { color: rgb(node.color), x: node.x, y: node.y, z: 0, size: NODE_SIZE, shape: node.zeroAnswers ? 'triangle' : 'disc' },
      };
    },
    formatEdge: (_key, attributes) => ({
      attributes: present(attributes as Record<string, TValue>),
      weight: Number((attributes as Record<string, TValue>).question_count ?? 1),
    }),
  });
  return version === '1.3' ? text : text.replace(WRONG_VIZ_12, VIZ_12);
}
