import { LRUCache } from 'lru-cache';
import type { AnalysisResult, IndividualReport } from '@ona/analytics';
import type { Database } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { decodePartBytes, decompressPart, joinParts, partsOf, type ParsedPart } from '../analysis/result-parts.ts';
import { finishedRunResult, finishedRunRow, latestRunId } from '../analysis/run-repository.ts';
import { runPartBodies, runPartOutline, type PartOutlineEntry } from '../analysis/run-parts-repository.ts';

/** A top-level section of a result (`retention`, `metrics`, `graph`, …). */
export type ResultSection = keyof AnalysisResult;
/**
 * A section, or a part of one: `['metrics', 'byKind', 'advice']` is one network's metrics
 * (docs/analysis-result-parts.md lists the parts). A path deeper than a stored part reads that part.
 */
export type SectionPath<S extends ResultSection = ResultSection> = readonly [S, ...string[]];

/** What a page reads of a run: the sections it asked for, and always the people's ids. */
export type ResultOf<S extends ResultSection> = Pick<AnalysisResult, S | 'employeeIds'>;

export interface StoredAnalysis<R extends Partial<AnalysisResult> = AnalysisResult> {
  runId: number;
  /** The run row's version when it was read (run-repository.ts, runRowVersion). */
  version: string;
  finishedAt: Date | null;
  result: R;
  /** Engine ids are strings of database ids; these map them back once. */
  employeeIndex: ReadonlyMap<number, number>;
  /** The path of every stored part of the run: which sections and networks it has, without reading them. */
  outline: readonly (readonly string[])[];
}

/**
 * Parsed parts of recent runs, per database, bounded by the bytes of their JSON (parsed, they take
 * some two to three times that in the heap). A finished run's result changes only when an erasure
 * or retention rewrites the names in it (a new analysis is a new run): callers pass the run row's
 * version, which they read with "which run is the latest" (the one cheap query per request), and a
 * part of another version is read again. So an erasure made through any instance retires every
 * instance's parsed copy on its next use, without a message between them. Reading and parsing is
 * most of a report request's time otherwise; parts rather than whole runs, so a page that reads one
 * network's metrics keeps only those, and a large run does not push every other out.
 */
const CACHE_BYTES = 256 * 1024 * 1024;

/** A run's row and outline: what picks the parts of a section. */
interface RunOutline {
  runId: number;
  version: string;
  finishedAt: Date | null;
  /** A run stored before the parts: its parts are cut from the one jsonb value when read. */
  wholeResult: boolean;
  parts: readonly PartOutlineEntry[];
  employeeIndex: Map<number, number> | null;
}

type Cached = { kind: 'outline'; outline: RunOutline; bytes: number } | { kind: 'part'; value: unknown; bytes: number };

const caches = new WeakMap<Database, LRUCache<string, Cached>>();

function cacheOf(db: Database): LRUCache<string, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Cached>({ maxSize: CACHE_BYTES, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
    caches.set(db, cache);
  }
  return cache;
}

const outlineKey = (runId: number) => `outline:${runId}`;
const partKey = (runId: number, version: string, position: number) => `part:${runId}:${version}:${position}`;
const runOfKey = (key: string) => Number(key.split(':')[1]);

/**
 * Drops this instance's parsed copies of runs whose stored result was rewritten (an erasure,
 * docs/privacy/data-subject-requests.md) at once, to free their memory; other instances retire
 * theirs by the version check on their next read.
 */
export function forgetRuns(db: Database, runIds: readonly number[]): void {
  const cache = caches.get(db);
  if (!cache || runIds.length === 0) return;
  const forgotten = new Set(runIds);
  for (const key of [...cache.keys()]) if (forgotten.has(runOfKey(key))) cache.delete(key);
}

/** The latest finished analysis of the engagement (the sections asked for, all without); 409 analysis_not_ready before the first one. */
export async function requireLatestAnalysis<S extends ResultSection = ResultSection>(db: Database, engagementId: number, sections?: readonly SectionPath<S>[]): Promise<StoredAnalysis<ResultOf<S>>> {
  const latest = await latestRunId(db, engagementId);
  if (!latest) throw notReady();
  return analysisOfRun(db, engagementId, latest.id, latest.version, sections);
}

/** The latest finished run's id and version, none of it read; 409 analysis_not_ready before the first one. */
export async function requireFinishedRun(db: Database, engagementId: number): Promise<{ id: number; version: string }> {
  const latest = await latestRunId(db, engagementId);
  if (!latest) throw notReady();
  return latest;
}

/** The run id of an access that found one; 409 analysis_not_ready before the first analysis. */
export function requireAnalysedRun(access: { latestRunId: number | null }): number {
  if (access.latestRunId === null) throw notReady();
  return access.latestRunId;
}

/**
 * One finished run of the engagement: the sections asked for (every section without), each part
 * read and parsed once per instance and kept (see above); `version` (the run row's, read beside its
 * id) retires a copy of the run as it was before a rewrite.
 */
export async function analysisOfRun<S extends ResultSection = ResultSection>(
  db: Database,
  engagementId: number,
  runId: number,
  version: string | null,
  sections?: readonly SectionPath<S>[],
): Promise<StoredAnalysis<ResultOf<S>>> {
  const cache = cacheOf(db);
  const outline = await runOutline(db, cache, engagementId, runId, version);
  const wanted = outline.parts.filter((part) => part.path[0] === 'employeeIds' || !sections || sections.some((section) => overlaps(section, part.path)));
  const values = await partValues(db, cache, engagementId, outline, wanted);
  // Shared by every request from now on: frozen, so that no handler can change it for the next.
  const result = deepFreeze(joinParts(wanted.map((part, i) => ({ path: part.path, page: part.page, value: values[i] }))));
  const employeeIds = result.employeeIds;
  if (!Array.isArray(employeeIds)) throw notReady();
  outline.employeeIndex ??= new Map(employeeIds.map((id, index) => [Number(id), index]));
  return {
    runId: outline.runId,
    version: outline.version,
    finishedAt: outline.finishedAt,
    result: result as unknown as ResultOf<S>,
    employeeIndex: outline.employeeIndex,
    outline: outline.parts.map((part) => part.path),
  };
}

/**
 * One person's individual report, read from the one stored page that holds it rather than every
 * page of `individualReports` (100 pages at 100,000 people). The engine writes one report per
 * person in the order of `employeeIds`, and the split pages both lists alike, so the report of
 * the person at index i sits on the page of `employeeIds` that holds i (docs/analysis-result-parts.md,
 * "Reading"). Null when the run has no report for the person.
 */
export async function individualReportOfRun(db: Database, engagementId: number, runId: number, version: string | null, employeeId: number): Promise<IndividualReport | null> {
  const cache = cacheOf(db);
  const outline = await runOutline(db, cache, engagementId, runId, version);
  const idPages = outline.parts.filter((part) => part.path.length === 1 && part.path[0] === 'employeeIds');
  const idValues = await partValues(db, cache, engagementId, outline, idPages);
  const engineId = String(employeeId);
  const page = idPages.findIndex((_, i) => (idValues[i] as readonly string[]).includes(engineId));
  if (page < 0) return null;
  const reportPage = outline.parts.find((part) => part.path.length === 1 && part.path[0] === 'individualReports' && (part.page ?? 0) === idPages[page]?.page);
  if (!reportPage) return null;
  const [reports] = await partValues(db, cache, engagementId, outline, [reportPage]);
  return (reports as readonly IndividualReport[]).find((report) => report.employeeId === engineId) ?? null;
}

/**
 * Whether a paged list of the run (`reports360`, …) holds anything, read from its first stored
 * page alone: a list the engine writes for some runs only (the 360 reports need the survey's
 * leadership block) is then told apart without reading its pages.
 */
export async function storedListHasItems(db: Database, engagementId: number, runId: number, version: string | null, list: ResultSection): Promise<boolean> {
  const cache = cacheOf(db);
  const outline = await runOutline(db, cache, engagementId, runId, version);
  const first = outline.parts.find((part) => part.path.length === 1 && part.path[0] === list && (part.page ?? 0) === 0);
  if (!first) return false;
  const [items] = await partValues(db, cache, engagementId, outline, [first]);
  return Array.isArray(items) && items.length > 0;
}

/** Whether a part belongs to a section: one path leads to the other. */
const overlaps = (section: readonly string[], path: readonly string[]) => section.every((segment, i) => i >= path.length || path[i] === segment);

async function runOutline(db: Database, cache: LRUCache<string, Cached>, engagementId: number, runId: number, version: string | null): Promise<RunOutline> {
  const cached = cache.get(outlineKey(runId));
  if (cached?.kind === 'outline' && (version === null || cached.outline.version === version)) return cached.outline;
  const row = await finishedRunRow(db, engagementId, runId);
  if (!row) throw notReady();
  let parts: PartOutlineEntry[];
  if (row.wholeResult) {
    // A run stored before the parts: cut into the same parts as a new run's, and every part kept,
    // since the jsonb value is read whole anyway (such runs are of at most a few thousand people).
    const whole = await wholeParts(db, cache, engagementId, row.id, row.version);
    parts = whole.map((part, position) => ({ position, path: part.path, page: part.page }));
  } else {
    parts = await runPartOutline(db, row.id);
    if (!parts.some((part) => part.path[0] === 'employeeIds')) throw notReady();
  }
  const outline: RunOutline = { runId: row.id, version: row.version, finishedAt: row.finishedAt, wholeResult: row.wholeResult, parts, employeeIndex: null };
  cache.set(outlineKey(runId), { kind: 'outline', outline, bytes: 200 * parts.length });
  return outline;
}

/** The parsed values of the parts, from the cache or read (the missing ones in one go). */
async function partValues(db: Database, cache: LRUCache<string, Cached>, engagementId: number, outline: RunOutline, wanted: readonly PartOutlineEntry[]): Promise<unknown[]> {
  const values: unknown[] = [];
  const missing: number[] = [];
  wanted.forEach((part, i) => {
    const cached = cache.get(partKey(outline.runId, outline.version, part.position));
    if (cached?.kind === 'part') values[i] = cached.value;
    else missing.push(i);
  });
  if (missing.length === 0) return values;
  if (outline.wholeResult) {
    const whole = await wholeParts(db, cache, engagementId, outline.runId, outline.version);
    for (const i of missing) values[i] = whole[(wanted[i] as PartOutlineEntry).position]?.value;
    return values;
  }
  const bodies = await runPartBodies(db, outline.runId, missing.map((i) => (wanted[i] as PartOutlineEntry).position));
  for (const i of missing) {
    const part = wanted[i] as PartOutlineEntry;
    const body = bodies.get(part.position);
    // The parts of a done run are written with it and removed only with it.
    if (!body) throw notReady();
    const bytes = decompressPart(body);
    const value = deepFreeze(decodePartBytes(bytes));
    cache.set(partKey(outline.runId, outline.version, part.position), { kind: 'part', value, bytes: bytes.byteLength });
    values[i] = value;
  }
  return values;
}

/** A run stored before the parts, read whole and cut into parts, each kept. */
async function wholeParts(db: Database, cache: LRUCache<string, Cached>, engagementId: number, runId: number, version: string): Promise<ParsedPart[]> {
  const row = await finishedRunResult(db, engagementId, runId);
  if (!row || !looksLikeResult(row.result)) throw notReady();
  const parts = partsOf(row.result);
  parts.forEach((part, position) => {
    const value = deepFreeze(part.value);
    cache.set(partKey(runId, version, position), { kind: 'part', value, bytes: JSON.stringify(value).length });
  });
  return parts;
}

function looksLikeResult(value: unknown): value is AnalysisResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AnalysisResult>;
  return Array.isArray(candidate.employees) && Array.isArray(candidate.employeeIds) && typeof candidate.retention === 'object';
}

const notReady = () => conflict('analysis_not_ready', 'analytics.errors.analysis_not_ready');

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** Database id of an engine id (engine ids are the decimal database ids). */
export const dbId = (engineId: string): number => Number(engineId);
