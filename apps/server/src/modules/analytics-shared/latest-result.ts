import type { AnalysisResult } from '@ona/analytics';
import type { Database } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { finishedRunResult, latestRunId } from '../analysis/run-repository.ts';

export interface StoredAnalysis {
  runId: number;
  /** The run row's version when it was read (run-repository.ts, runRowVersion). */
  version: string;
  finishedAt: Date | null;
  result: AnalysisResult;
  /** Engine ids are strings of database ids; these map them back once. */
  employeeIndex: ReadonlyMap<number, number>;
}

function looksLikeResult(value: unknown): value is AnalysisResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AnalysisResult>;
  return Array.isArray(candidate.employees) && Array.isArray(candidate.employeeIds) && typeof candidate.retention === 'object';
}

/**
 * Parsed results of recent runs, per database. A finished run's result changes only when an
 * erasure or retention rewrites the names in it (a new analysis is a new run): callers pass the
 * run row's version, which they read with "which run is the latest" (the one cheap query per
 * request), and a copy of another version is read again. So an erasure made through any instance
 * retires every instance's parsed copy on its next use, without a message between them. Reading and parsing a large result (tens of MB of jsonb at 5,000
 * employees) is most of a report request's time otherwise. A few runs per database: enough for
 * the engagements being looked at, bounded so memory stays flat.
 */
const CACHED_RUNS_PER_DATABASE = 4;
const cache = new WeakMap<Database, Map<number, StoredAnalysis>>();

function remember(db: Database, stored: StoredAnalysis): void {
  let runs = cache.get(db);
  if (!runs) {
    runs = new Map();
    cache.set(db, runs);
  }
  runs.delete(stored.runId);
  runs.set(stored.runId, stored);
  while (runs.size > CACHED_RUNS_PER_DATABASE) runs.delete(runs.keys().next().value as number);
}

/**
 * Drops this instance's parsed copies of runs whose stored result was rewritten (an erasure,
 * docs/privacy/data-subject-requests.md) at once, to free their memory; other instances retire
 * theirs by the version check on their next read.
 */
export function forgetRuns(db: Database, runIds: readonly number[]): void {
  const runs = cache.get(db);
  for (const id of runIds) runs?.delete(id);
}

/** The latest finished analysis of the engagement; 409 analysis_not_ready before the first one. */
export async function requireLatestAnalysis(db: Database, engagementId: number): Promise<StoredAnalysis> {
  const latest = await latestRunId(db, engagementId);
  if (!latest) throw notReady();
  return analysisOfRun(db, engagementId, latest.id, latest.version);
}

/** The run id of an access that found one; 409 analysis_not_ready before the first analysis. */
export function requireAnalysedRun(access: { latestRunId: number | null }): number {
  if (access.latestRunId === null) throw notReady();
  return access.latestRunId;
}

/**
 * One finished run of the engagement, parsed once per instance and kept (see above); `version`
 * (the run row's, read beside its id) retires a copy of the run as it was before a rewrite.
 */
export async function analysisOfRun(db: Database, engagementId: number, runId: number, version: string | null): Promise<StoredAnalysis> {
  const cached = cache.get(db)?.get(runId);
  if (cached && (version === null || cached.version === version)) {
    remember(db, cached);
    return cached;
  }
  const row = await finishedRunResult(db, engagementId, runId);
  if (!row || !looksLikeResult(row.result)) throw notReady();
  // Shared by every request from now on: frozen, so that no handler can change it for the next.
  const result = deepFreeze(row.result);
  const stored: StoredAnalysis = {
    runId: row.id,
    version: row.version,
    finishedAt: row.finishedAt,
    result,
    employeeIndex: new Map(result.employeeIds.map((id, index) => [Number(id), index])),
  };
  remember(db, stored);
  return stored;
}

const notReady = () => conflict('analysis_not_ready', 'analytics.errors.analysis_not_ready');

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** Database id of an engine id (engine ids are the decimal database ids). */
export const dbId = (engineId: string): number => Number(engineId);
