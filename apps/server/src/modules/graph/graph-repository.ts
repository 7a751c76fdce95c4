import type { TLocale } from '@ona/contracts';
import { and, asc, eq, sql, tables, type Database } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { graphSourceFrom, looksLikeGraphData, prepareGraph, type GraphSource, type PersonRecord, type PreparedGraph, type QuestionRecord } from './graph-source.ts';

const { analysisRuns, employees, units, questions } = tables;

/**
 * Stored graphs by run id. A finished run never changes, so a copy in one instance's memory can
 * never be stale; it only spares reading and parsing the stored JSON on every request.
 */
const storedGraphs = new Map<number, PreparedGraph>();
const CACHED_RUNS = 4;

async function storedGraph(db: Database, engagementId: number, runId: number): Promise<PreparedGraph> {
  const cached = storedGraphs.get(runId);
  if (cached) return cached;
  // Only the graph member leaves the database, not the whole (much larger) result.
  const [row] = await db
    .select({ graph: sql<unknown>`${analysisRuns.result} -> 'graph'` })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.id, runId), eq(analysisRuns.engagementId, engagementId), eq(analysisRuns.status, 'done')));
  const graph = typeof row?.graph === 'string' ? (JSON.parse(row.graph) as unknown) : row?.graph;
  if (!looksLikeGraphData(graph)) throw conflict('analysis_not_ready', 'analytics.errors.analysis_not_ready');
  const prepared = prepareGraph(graph);
  storedGraphs.set(runId, prepared);
  while (storedGraphs.size > CACHED_RUNS) storedGraphs.delete(storedGraphs.keys().next().value as number);
  return prepared;
}

/** The engagement's graph: one finished analysis run joined with the current employee records. */
export async function loadEngagementGraph(db: Database, engagementId: number, runId: number, locale: TLocale): Promise<GraphSource> {
  const graph = await storedGraph(db, engagementId, runId);
  const [personRows, unitRows, questionRows] = await Promise.all([
    db
      .select({ id: employees.id, name: employees.name, unitId: employees.unitId, leaderId: employees.leaderId, gender: employees.gender, generation: employees.generation, attributes: employees.attributes })
      .from(employees)
      .where(eq(employees.engagementId, engagementId))
      .orderBy(asc(employees.id)),
    db.select({ id: units.id, name: units.name, parentId: units.parentId }).from(units).where(eq(units.engagementId, engagementId)).orderBy(asc(units.position), asc(units.id)),
    db.select().from(questions).where(eq(questions.engagementId, engagementId)).orderBy(asc(questions.position)),
  ]);
  const records: PersonRecord[] = personRows.map((p) => ({ ...p, attributes: p.attributes ?? {} }));
  const questionRecords: QuestionRecord[] = questionRows.map((q) => ({ id: q.id, label: q.texts[locale] ?? q.texts.en ?? q.key, category: q.category, kind: q.kind }));
  return graphSourceFrom(graph, records, unitRows, questionRecords);
}
