import type { AnalysisResult } from '@ona/analytics';
import type { Database } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { latestResult } from '../analysis/run-repository.ts';

export interface StoredAnalysis {
  runId: number;
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

/** The latest finished analysis of the engagement; 409 analysis_not_ready before the first one. */
export async function requireLatestAnalysis(db: Database, engagementId: number): Promise<StoredAnalysis> {
  const row = await latestResult(db, engagementId);
  if (!row || !looksLikeResult(row.result)) throw conflict('analysis_not_ready', 'analytics.errors.analysis_not_ready');
  const result = row.result;
  return {
    runId: row.id,
    finishedAt: row.finishedAt,
    result,
    employeeIndex: new Map(result.employeeIds.map((id, index) => [Number(id), index])),
  };
}

/** Database id of an engine id (engine ids are the decimal database ids). */
export const dbId = (engineId: string): number => Number(engineId);
