import { readFileSync } from 'node:fs';
import type { KrackhardtCsvTexts } from './krackhardt-organisation.ts';

/** The four CSV files of the Krackhardt data set, copied beside this file from shared/datasets. */
export function readKrackhardtCsv(): KrackhardtCsvTexts {
  const read = (name: string): string => readFileSync(new URL(`./krackhardt/${name}`, import.meta.url), 'utf8');
  return {
    nodes: read('nodes.csv'),
    advice: read('advice.csv'),
    friendship: read('friendship.csv'),
    reportsTo: read('reports_to.csv'),
  };
}
