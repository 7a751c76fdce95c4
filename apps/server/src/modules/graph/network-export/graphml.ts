import { Readable } from 'node:stream';
import type { NetworkColumn, NetworkTable, TValue, TValueType } from './network-table.ts';
import { StreamingXml } from './streaming-xml.ts';

const GRAPHML_NS = 'http://graphml.graphdrawing.org/xmlns';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const SCHEMA = `${GRAPHML_NS} ${GRAPHML_NS}/1.0/graphml.xsd`;

const ATTR_TYPES: Record<TValueType, string> = { string: 'string', integer: 'int', double: 'double', boolean: 'boolean' };

/** Name, position and colour, which GraphML has no built-in place for, as plain data keys. */
const BUILT_IN_KEYS: readonly { name: 'label' | 'x' | 'y' | 'color'; type: TValueType }[] = [
  { name: 'label', type: 'string' },
  { name: 'x', type: 'double' },
  { name: 'y', type: 'double' },
  { name: 'color', type: 'string' },
];

/**
 * GraphML (graphdrawing.org 1.0) written with xml-writer, the writer graphology-gexf uses
 * (graphology-graphml only parses; xmlbuilder2's callback builder made a document per element and
 * took 2.7 times as long as its DOM, docs/exports.md): one `<key>` per column with its machine name as `attr.name`, its type as
 * `attr.type` and its name and sentence in the reader's language as `<desc>`; an empty value is
 * left out (the key's absence). A stream: the text of one person or one tie is made when the reply
 * asks for more, so the file is never whole in memory (docs/exports.md, "Exports stream").
 */
export function toGraphml(table: NetworkTable, describe: (name: string) => { label: string; description: string }): Readable {
  return Readable.from(graphmlPieces(table, describe));
}

function* graphmlPieces(table: NetworkTable, describe: (name: string) => { label: string; description: string }): Generator<string> {
  const out = new StreamingXml();
  const { xml } = out;
  xml.startDocument('1.0', 'UTF-8');
  out.open('graphml', { xmlns: GRAPHML_NS, 'xmlns:xsi': XSI_NS, 'xsi:schemaLocation': SCHEMA });
  const nodeKeys: NetworkColumn[] = [...BUILT_IN_KEYS.map((key) => ({ ...key, ...describe(key.name) })), ...table.nodeColumns];
  const keyId = new Map<string, string>();
  const declare = (scope: 'node' | 'edge', columns: readonly NetworkColumn[]) => {
    for (const column of columns) {
      const id = `${scope === 'node' ? 'n' : 'e'}_${column.name}`;
      keyId.set(`${scope}:${column.name}`, id);
      out.open('key', { id, for: scope, 'attr.name': column.name, 'attr.type': ATTR_TYPES[column.type] });
      xml.writeElement('desc', column.label === column.description ? column.label : `${column.label}: ${column.description}`);
      out.close();
    }
  };
  declare('node', nodeKeys);
  declare('edge', table.edgeColumns);
  out.open('graph', { id: 'G', edgedefault: 'directed' });
  xml.writeElement('desc', table.title);
  const data = (scope: 'node' | 'edge', name: string, value: TValue) => {
    if (value === null || value === '') return;
    out.open('data', { key: keyId.get(`${scope}:${name}`)! });
    xml.text(String(value));
    out.close();
  };
  for (const node of table.nodes) {
    out.open('node', { id: node.id });
    data('node', 'label', node.label);
    data('node', 'x', node.x);
    data('node', 'y', node.y);
    data('node', 'color', node.color);
    for (const column of table.nodeColumns) data('node', column.name, node.values[column.name] ?? null);
    out.close();
    if (out.counted()) yield out.take();
  }
  let index = 0;
  for (const edge of table.edges) {
    out.open('edge', { id: `e${index++}`, source: edge.source, target: edge.target });
    for (const column of table.edgeColumns) data('edge', column.name, edge.values[column.name] ?? null);
    out.close();
    if (out.counted()) yield out.take();
  }
  yield out.finish();
}
