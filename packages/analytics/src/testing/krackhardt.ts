import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Digraph } from '../graph/digraph.ts';
import { buildDigraph } from '../graph/digraph.ts';

// Test support only: the engine itself never touches the file system.
const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/krackhardt-hightech/', import.meta.url));

export type KrackhardtRelation = 'advice' | 'friendship' | 'reports_to';

export function readCsv(relativePath: string): Record<string, string>[] {
  const text = readFileSync(FIXTURE_DIR + relativePath, 'utf8').trim();
  const [header, ...lines] = text.split(/\r?\n/);
  const columns = splitCsvLine(header!);
  return lines.map((line) => {
    const cells = splitCsvLine(line);
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
  });
}

function splitCsvLine(line: string): string[] {
  return line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
}

export interface KrackhardtNode {
  id: string;
  level: number;
  dept: string;
  manager: string;
}

export function krackhardtNodes(): KrackhardtNode[] {
  return readCsv('nodes.csv').map((row) => ({ id: row.id!, level: Number(row.level), dept: row.dept!, manager: row.manager! }));
}

export function krackhardtTies(relation: KrackhardtRelation): { source: string; target: string }[] {
  return readCsv(`${relation}.csv`).map((row) => ({ source: row.source!, target: row.target! }));
}

export function krackhardtDigraph(relation: KrackhardtRelation): { graph: Digraph; ids: string[] } {
  const ids = krackhardtNodes().map((node) => node.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const ties = krackhardtTies(relation);
  const graph = buildDigraph(
    ids.length,
    ties.map((tie) => index.get(tie.source)!),
    ties.map((tie) => index.get(tie.target)!),
  );
  return { graph, ids };
}

/** Reference value or null for an empty cell (sna and NetworkX leave undefined values empty). */
export function referenceNumber(row: Record<string, string>, column: string): number | null {
  const cell = row[column];
  if (cell === undefined) throw new Error(`reference column ${column} missing`);
  if (cell === '' || cell === 'NA' || cell === 'NaN') return null;
  return Number(cell);
}
