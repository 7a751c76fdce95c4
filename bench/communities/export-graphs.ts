/**
 * Writes the benchmark's work networks as undirected edge lists (first line: node count; then
 * "u v" per edge) for igraph_reference.py:
 *   npx tsx bench/communities/export-graphs.ts /tmp/community-graphs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkGraphs, undirectedPairs } from './benchmark-graphs.ts';

const dir = process.argv[2] ?? '/tmp/community-graphs';
mkdirSync(dir, { recursive: true });
for (const { name, work } of benchmarkGraphs()) {
  const pairs = undirectedPairs(work);
  writeFileSync(join(dir, `${name}.txt`), `${work.nodeCount}\n${pairs.map(([a, b]) => `${a} ${b}`).join('\n')}\n`);
  console.log(`${name}: ${work.nodeCount} people, ${pairs.length} undirected ties`);
}
