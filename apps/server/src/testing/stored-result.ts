import type { AnalysisResult } from '@ona/analytics';
import { asc, eq, tables, type Database } from '@ona/db';
import { joinResult } from '../modules/analysis/result-parts.ts';

/**
 * The whole stored result of a run, as the tests look at it: joined from its parts, or the one
 * jsonb value of a run stored before them (docs/analysis-result-parts.md). Null for a run without one.
 */
export async function storedResultOf(db: Database, runId: number): Promise<AnalysisResult | null> {
  const [run] = await db.select({ result: tables.analysisRuns.result }).from(tables.analysisRuns).where(eq(tables.analysisRuns.id, runId));
  if (run?.result) return run.result as AnalysisResult;
  const parts = await db.select().from(tables.analysisRunParts).where(eq(tables.analysisRunParts.runId, runId)).orderBy(asc(tables.analysisRunParts.position));
  if (parts.length === 0) return null;
  return joinResult(parts.map((part) => ({ path: part.path, page: part.page === -1 ? null : part.page, body: part.body })));
}
