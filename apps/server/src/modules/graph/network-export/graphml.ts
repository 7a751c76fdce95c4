import { create } from 'xmlbuilder2';
import type { NetworkColumn, NetworkTable, TValue, TValueType } from './network-table.ts';

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
 * GraphML (graphdrawing.org 1.0) built with xmlbuilder2: graphology-graphml only parses. One
 * `<key>` per column with its machine name as `attr.name`, its type as `attr.type` and its name
 * and sentence in the reader's language as `<desc>`; an empty value is left out (the key's absence).
 */
export function toGraphml(table: NetworkTable, describe: (name: string) => { label: string; description: string }): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(GRAPHML_NS, 'graphml').att(XSI_NS, 'xsi:schemaLocation', SCHEMA);
  const nodeKeys: NetworkColumn[] = [...BUILT_IN_KEYS.map((key) => ({ ...key, ...describe(key.name) })), ...table.nodeColumns];
  const keyId = new Map<string, string>();
  const declare = (scope: 'node' | 'edge', columns: readonly NetworkColumn[]) => {
    for (const column of columns) {
      const id = `${scope === 'node' ? 'n' : 'e'}_${column.name}`;
      keyId.set(`${scope}:${column.name}`, id);
      const key = root.ele('key', { id, for: scope, 'attr.name': column.name, 'attr.type': ATTR_TYPES[column.type] });
      key.ele('desc').txt(column.label === column.description ? column.label : `${column.label}: ${column.description}`);
    }
  };
  declare('node', nodeKeys);
  declare('edge', table.edgeColumns);
  const graph = root.ele('graph', { id: 'G', edgedefault: 'directed' });
  graph.ele('desc').txt(table.title);
  const data = (element: ReturnType<typeof root.ele>, scope: 'node' | 'edge', name: string, value: TValue) => {
    if (value === null || value === '') return;
    element.ele('data', { key: keyId.get(`${scope}:${name}`)! }).txt(String(value));
  };
  for (const node of table.nodes) {
    const element = graph.ele('node', { id: node.id });
    data(element, 'node', 'label', node.label);
    data(element, 'node', 'x', node.x);
    data(element, 'node', 'y', node.y);
    data(element, 'node', 'color', node.color);
    for (const column of table.nodeColumns) data(element, 'node', column.name, node.values[column.name] ?? null);
  }
  table.edges.forEach((edge, i) => {
    const element = graph.ele('edge', { id: `e${i}`, source: edge.source, target: edge.target });
    for (const column of table.edgeColumns) data(element, 'edge', column.name, edge.values[column.name] ?? null);
  });
  return root.end({ prettyPrint: true });
}
