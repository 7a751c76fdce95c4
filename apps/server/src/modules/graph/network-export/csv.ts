import { stringify } from 'csv-stringify/sync';
import { neutraliseFormulaText } from '../../analytics-shared/formula-cells.ts';
import type { NetworkTable, TValue } from './network-table.ts';

const cell = (value: TValue | undefined): string | number => (value === null || value === undefined ? '' : typeof value === 'boolean' ? String(value) : value);

/**
 * RFC 4180 CSV by csv-stringify: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, a header row of machine names, and a UTF-8 byte order mark so that
 * Excel reads the accents and Cyrillic right (R's and pandas' readers skip it).
 */
function csv(header: string[], rows: (string | number)[][]): string {
  // Texts that a spreadsheet would evaluate get a leading apostrophe (formula-cells.ts); numbers,
  // negative ones included, stay numbers.
  const safeRows = rows.map((row) => row.map((value) => (typeof value === 'string' ? neutraliseFormulaText(value) : value)));
  return stringify([header, ...safeRows], { bom: true, record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}

/** One row per person: id, name, position, colour, then every column of the table. */
export function nodesCsv(table: NetworkTable): string {
  return csv(
    ['id', 'label', 'x', 'y', 'color', ...table.nodeColumns.map((c) => c.name)],
    table.nodes.map((node) => [node.id, node.label, node.x, node.y, node.color, ...table.nodeColumns.map((c) => cell(node.values[c.name]))]),
  );
}

/** One row per directed tie: source and target ids (as in the node list), then the tie's columns. */
export function edgesCsv(table: NetworkTable): string {
  return csv(
    ['source', 'target', ...table.edgeColumns.map((c) => c.name)],
    table.edges.map((edge) => [edge.source, edge.target, ...table.edgeColumns.map((c) => cell(edge.values[c.name]))]),
  );
}
