import { gunzipSync, gzipSync } from 'node:zlib';
import type { AnalysisResult } from '@ona/analytics';

/**
 * One stored part of an analysis result (issue 34, item 3; design in docs/analysis-result-parts.md):
 * the value at `path` of the result, or page `page` of the array there, as gzip-compressed JSON.
 * Not yet written by the runs: they still store the result as one jsonb value (analysis_runs.result).
 */
export interface ResultPart {
  path: readonly string[];
  /** The page of a paged array (0, 1, …), null for a whole value. */
  page: number | null;
  body: Buffer;
}

/** Lists the pages read in people, reports and graph elements; each page is its own part. */
const PAGED_ARRAYS: readonly (readonly string[])[] = [
  ['employeeIds'],
  ['employees'],
  ['units'],
  ['groups'],
  ['leaderReports'],
  ['individualReports'],
  ['reports360'],
  ['brokerage', 'nodes'],
  ['graph', 'nodes'],
  ['graph', 'edges'],
  ['collaboration', 'ties'],
];
/** Objects whose every key is a part of its own: the metrics of one network are what a page of metrics needs. */
const KEYED_OBJECTS: readonly (readonly string[])[] = [
  ['metrics', 'byKind'],
  ['metrics', 'byCategory'],
];

export const DEFAULT_ITEMS_PER_PAGE = 1_000;

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((segment, i) => segment === b[i]);
const isPrefix = (prefix: readonly string[], of: readonly string[]) => prefix.length < of.length && prefix.every((segment, i) => segment === of[i]);
const compress = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value), 'utf8'));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The result in parts, in the order of its keys: each paged array in pages of `itemsPerPage`
 * items, each network's metrics apart, every other top-level section whole. Joining the parts in
 * this order gives the result back as its JSON (what one jsonb value holds today).
 */
export function splitResult(result: AnalysisResult, itemsPerPage = DEFAULT_ITEMS_PER_PAGE): ResultPart[] {
  if (!Number.isInteger(itemsPerPage) || itemsPerPage < 1) throw new Error(`itemsPerPage must be a whole number of at least 1, not ${itemsPerPage}`);
  const parts: ResultPart[] = [];
  const visit = (value: unknown, path: readonly string[]) => {
    if (PAGED_ARRAYS.some((paged) => samePath(paged, path)) && Array.isArray(value)) {
      // An empty list is one empty page, so that the key comes back.
      for (let start = 0, page = 0; page === 0 || start < value.length; start += itemsPerPage, page++) {
        parts.push({ path, page, body: compress(value.slice(start, start + itemsPerPage)) });
      }
      return;
    }
    const keyed = KEYED_OBJECTS.some((k) => samePath(k, path));
    const leadsFurther = [...PAGED_ARRAYS, ...KEYED_OBJECTS].some((p) => isPrefix(path, p));
    if ((keyed || leadsFurther || path.length === 0) && isRecord(value) && Object.keys(value).length > 0) {
      for (const [key, child] of Object.entries(value)) {
        // JSON leaves out undefined members, as the jsonb column does.
        if (child !== undefined) visit(child, [...path, key]);
      }
      return;
    }
    parts.push({ path, page: null, body: compress(value) });
  };
  visit(result, []);
  return parts;
}

/** The result from its parts, in the order splitResult gave them (or a subset: a page needs only some). */
export function joinResult(parts: readonly ResultPart[]): AnalysisResult {
  const root: Record<string, unknown> = {};
  for (const part of parts) {
    if (part.path.length === 0) throw new Error('a result part needs a path');
    let parent = root;
    for (const segment of part.path.slice(0, -1)) {
      const next = parent[segment];
      if (isRecord(next)) parent = next;
      else {
        const created: Record<string, unknown> = {};
        parent[segment] = created;
        parent = created;
      }
    }
    const key = part.path[part.path.length - 1] as string;
    const value: unknown = JSON.parse(gunzipSync(part.body).toString('utf8'));
    if (part.page === null) parent[key] = value;
    else {
      const list = parent[key];
      if (!Array.isArray(value)) throw new Error(`part ${part.path.join('.')} page ${part.page} is not a list`);
      if (part.page === 0) parent[key] = [...value];
      else if (Array.isArray(list)) list.push(...value);
      else throw new Error(`part ${part.path.join('.')} page ${part.page} came before its page 0`);
    }
  }
  return root as unknown as AnalysisResult;
}
