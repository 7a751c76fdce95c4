import type { TLocale } from '@ona/contracts';
import { LRUCache } from 'lru-cache';
import { asc, eq, tables, type Database } from '@ona/db';
import { analysisOfRun } from '../analytics-shared/latest-result.ts';
import { conflict } from '../../errors/api-error.ts';
import { collaborationTiesOf, graphSourceFrom, looksLikeGraphData, prepareGraph, type GraphSource, type PersonRecord, type PreparedGraph, type QuestionRecord } from './graph-source.ts';

const { employees, units, questions } = tables;

/**
 * Stored graphs per database by journey and run. A finished run never changes, so a copy in one
 * instance's memory can never be stale; it only spares reading and parsing the stored JSON on every
 * request. Kept per database (as analytics-access.ts keeps its own) so that run ids, which repeat
 * across databases, never meet, and keyed by the journey too, as the query below checks it.
 */
const storedGraphs = new WeakMap<Database, LRUCache<string, PreparedGraph>>();
const CACHED_RUNS = 4;

async function storedGraph(db: Database, engagementId: number, runId: number, version: string | null): Promise<PreparedGraph> {
  let kept = storedGraphs.get(db);
  if (!kept) {
    kept = new LRUCache({ max: CACHED_RUNS });
    storedGraphs.set(db, kept);
  }
  // By the run row's version too: an erasure rewrites the names in a run (latest-result.ts).
  const key = `${engagementId}:${runId}:${version ?? ''}`;
  const cached = kept.get(key);
  if (cached) return cached;
  // Only the graph's parts and the collaboration ties leave the database, not the whole (much
  // larger) result (docs/analysis-result-parts.md).
  const { result } = await analysisOfRun(db, engagementId, runId, version, [['graph'], ['collaboration', 'ties']]);
  if (!looksLikeGraphData(result.graph)) throw conflict('analysis_not_ready', 'analytics.errors.analysis_not_ready');
  const prepared = prepareGraph(result.graph, collaborationTiesOf(result.collaboration));
  kept.set(key, prepared);
  return prepared;
}

/** The engagement's graph: one finished analysis run joined with the current employee records. */
export async function loadEngagementGraph(db: Database, engagementId: number, runId: number, version: string | null, locale: TLocale): Promise<GraphSource> {
  const graph = await storedGraph(db, engagementId, runId, version);
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
