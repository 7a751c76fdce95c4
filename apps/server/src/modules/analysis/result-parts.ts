import { constants as zlibConstants, gunzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import type { AnalysisResult } from '@ona/analytics';
import { decodeNumberColumns, encodeNumberColumns, grownScratch, isNumberColumnsLayout } from './number-columns.ts';

/**
 * One stored part of an analysis result (issue 34, item 3; design in docs/analysis-result-parts.md):
 * the value at `path` of the result, or page `page` of the array there, as compressed JSON (Zstandard; gzip in runs stored before 2026-12-03).
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
// The fastest level: the whole result is compressed once per run inside the analysis's time
// budget (issue 34: 100,000 people in 90 s), and level 6 would take several times as long for a
// few tenths smaller parts.
const ZSTD_LEVEL_1 = { params: { [zlibConstants.ZSTD_c_compressionLevel]: 1 } };
export const compressPartValue = (value: unknown): Buffer => zstdCompressSync(Buffer.from(JSON.stringify(value), 'utf8'), ZSTD_LEVEL_1);

/**
 * `compressPartValue` for many parts in a row, their JSON's bytes written into one buffer that
 * grows to the largest part and is reused. A fresh buffer per part (tens of MB for a network's
 * metrics at 100,000 people, over 1 GB a run) was memory outside V8's heap that the analysis
 * thread's garbage collector answered with full collections of the whole heap: 10 s of its 35 s
 * of CPU (2026-12-03, profiled).
 */
function partCompressor(): (value: unknown, path: readonly string[]) => Buffer {
  let scratch = Buffer.allocUnsafeSlow(0);
  return (value, path) => {
    if (hasNumberColumns(path)) {
      const encoded = encodeNumberColumns(value, scratch);
      scratch = encoded.scratch;
      return zstdCompressSync(encoded.bytes, ZSTD_LEVEL_1);
    }
    const json = JSON.stringify(value);
    const bytes = Buffer.byteLength(json, 'utf8');
    scratch = grownScratch(scratch, bytes);
    scratch.write(json, 0, bytes, 'utf8');
    return zstdCompressSync(scratch.subarray(0, bytes), ZSTD_LEVEL_1);
  };
}

/**
 * The parts whose values are almost all numbers, written as number columns (number-columns.ts):
 * the metrics of each network. Every other part is JSON, which reads back faster where a value
 * is mostly objects and texts.
 */
const hasNumberColumns = (path: readonly string[]): boolean => path[0] === 'metrics';

/**
 * A part's bytes from its stored body: Zstandard since 2026-12-03 (half gzip's CPU at level 1, and
 * smaller), gzip before it; the format is told by the body's first bytes, so runs stored before
 * the change read as they did. The bytes are JSON text or, since 2026-12-04, number columns.
 */
export function decompressPart(body: Buffer): Buffer {
  return body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : zstdDecompressSync(body);
}

/** The value of a part's decompressed bytes, whichever of the two layouts they are in. */
export function decodePartBytes(bytes: Buffer): unknown {
  return isNumberColumnsLayout(bytes) ? decodeNumberColumns(bytes) : JSON.parse(bytes.toString('utf8'));
}
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part before compression, or after reading: the value itself. */
export interface ParsedPart {
  path: readonly string[];
  page: number | null;
  value: unknown;
}

/**
 * The result in parts, in the order of its keys: each paged array in pages of `itemsPerPage`
 * items, each network's metrics apart, every other top-level section whole. Joining the parts in
 * this order gives the result back as its JSON (what one jsonb value holds).
 */
export function partsOf(result: AnalysisResult, itemsPerPage = DEFAULT_ITEMS_PER_PAGE): ParsedPart[] {
  if (!Number.isInteger(itemsPerPage) || itemsPerPage < 1) throw new Error(`itemsPerPage must be a whole number of at least 1, not ${itemsPerPage}`);
  const parts: ParsedPart[] = [];
  const visit = (value: unknown, path: readonly string[]) => {
    if (PAGED_ARRAYS.some((paged) => samePath(paged, path)) && Array.isArray(value)) {
      // An empty list is one empty page, so that the key comes back.
      for (let start = 0, page = 0; page === 0 || start < value.length; start += itemsPerPage, page++) {
        parts.push({ path, page, value: value.slice(start, start + itemsPerPage) });
      }
      return;
    }
    const keyed = KEYED_OBJECTS.some((k) => samePath(k, path));
    const leadsFurther = [...PAGED_ARRAYS, ...KEYED_OBJECTS].some((p) => isPrefix(path, p));
    if ((keyed || leadsFurther) && isRecord(value) && Object.keys(value).length > 0) {
      for (const [key, child] of Object.entries(value)) {
        // JSON leaves out undefined members, as the jsonb column does.
        if (child !== undefined) visit(child, [...path, key]);
      }
      return;
    }
    parts.push({ path, page: null, value });
  };
  for (const [section, value] of Object.entries(result)) {
    // JSON leaves out undefined members, as the jsonb column does.
    if (value !== undefined) visit(value, [section]);
  }
  return parts;
}

/**
 * The parts of one top-level section, as `partsOf` cuts it: the parts of every section in the
 * result's key order are `partsOf(result)`. The analysis worker splits each section as the engine
 * hands it over (runAnalysisInSections) and drops it.
 */
export function partsOfSection(section: string, value: unknown, itemsPerPage = DEFAULT_ITEMS_PER_PAGE): ParsedPart[] {
  return value === undefined ? [] : partsOf({ [section]: value } as unknown as AnalysisResult, itemsPerPage);
}

/** The parts of partsOf, each as compressed JSON: what the analysis worker stores. */
export function splitResult(result: AnalysisResult, itemsPerPage = DEFAULT_ITEMS_PER_PAGE): ResultPart[] {
  return compressParts(partsOf(result, itemsPerPage));
}

/** One section's parts (partsOfSection), each as compressed JSON. */
export function splitSection(section: string, value: unknown, itemsPerPage = DEFAULT_ITEMS_PER_PAGE): ResultPart[] {
  return compressParts(partsOfSection(section, value, itemsPerPage));
}

function compressParts(parts: readonly ParsedPart[]): ResultPart[] {
  const compress = partCompressor();
  return parts.map((part) => ({ path: part.path, page: part.page, body: compress(part.value, part.path) }));
}

/** The value a stored part holds. */
export const partValue = (body: Buffer): unknown => decodePartBytes(decompressPart(body));

/**
 * The object the parts make, in the order given (the stored order, or a subset of it: a page needs
 * only some). A keyed object (`metrics.byKind`, `metrics.byCategory`) whose parent was read comes
 * back even when none of its keys were asked for, as an empty object: "which networks" is a
 * question of the run's outline, and the object reads as a record with only the keys asked for.
 */
export function joinParts(parts: readonly ParsedPart[]): Record<string, unknown> {
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
    const value = part.value;
    if (part.page === null) parent[key] = value;
    else {
      const list = parent[key];
      if (!Array.isArray(value)) throw new Error(`part ${part.path.join('.')} page ${part.page} is not a list`);
      if (part.page === 0) parent[key] = [...(value as unknown[])];
      else if (Array.isArray(list)) for (const item of value as unknown[]) list.push(item);
      else throw new Error(`part ${part.path.join('.')} page ${part.page} came before its page 0`);
    }
  }
  for (const keyed of KEYED_OBJECTS) {
    let parent: unknown = root;
    for (const segment of keyed.slice(0, -1)) parent = isRecord(parent) ? parent[segment] : undefined;
    const key = keyed[keyed.length - 1] as string;
    if (isRecord(parent) && parent[key] === undefined) parent[key] = {};
  }
  return root;
}

/** The result from its stored parts (all of them, or a subset as joinParts says). */
export function joinResult(parts: readonly ResultPart[]): AnalysisResult {
  return joinParts(parts.map((part) => ({ path: part.path, page: part.page, value: partValue(part.body) }))) as unknown as AnalysisResult;
}
