import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutraliseFormulaText } from '../../analytics-shared/formula-cells.ts';
import type { NetworkTable, TValue } from './network-table.ts';

const cell = (value: TValue | undefined): string | number => (value === null || value === undefined ? '' : typeof value === 'boolean' ? String(value) : value);

/**
 * RFC 4180 CSV by csv-stringify: comma-separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break, a header row of machine names, and a UTF-8 byte order mark so that
 * Excel reads the accents and Cyrillic right (R's and pandas' readers skip it). Written as a
 * stream: a row is made when the reply can take it, so a file of 100,000 people or a million
 * ties is never one string in memory (docs/exports.md, "Exports stream").
 */
function csv(header: string[], rows: Iterable<(string | number)[]>): Readable {
  function* safeRows(): Generator<(string | number)[]> {
    yield header;
    // Texts that a spreadsheet would evaluate get a leading apostrophe (formula-cells.ts); numbers,
    // negative ones included, stay numbers.
    for (const row of rows) yield row.map((value) => (typeof value === 'string' ? neutraliseFormulaText(value) : value));
  }
  return Readable.from(safeRows()).pipe(stringify({ bom: true, record_delimiter: 'windows', quoted_match: /^\s|\s$/ }));
}

/** One row per person: id, name, position, colour, then every column of the table. */
export function nodesCsv(table: NetworkTable): Readable {
  return csv(
    ['id', 'label', 'x', 'y', 'color', ...table.nodeColumns.map((c) => c.name)],
    (function* () {
      for (const node of table.nodes) yield [node.id, node.label, node.x, node.y, node.color, ...table.nodeColumns.map((c) => cell(node.values[c.name]))];
    })(),
  );
}

/** One row per directed tie: source and target ids (as in the node list), then the tie's columns. */
export function edgesCsv(table: NetworkTable): Readable {
  return csv(
    ['source', 'target', ...table.edgeColumns.map((c) => c.name)],
    (function* () {
      for (const edge of table.edges) yield [edge.source, edge.target, ...table.edgeColumns.map((c) => cell(edge.values[c.name]))];
    })(),
  );
}
