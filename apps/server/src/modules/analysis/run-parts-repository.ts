import { and, asc, eq, gt, inArray, isNotNull, sql, tables, type Database } from '@ona/db';
import { compressPartValue, partValue, type ResultPart } from './result-parts.ts';

const { analysisRunParts, analysisRuns } = tables;

/**
 * A statement carries at most this many bytes of parts (and MAX_PARTS rows): a few MB per round
 * trip keeps the embedded database's and the driver's buffers small whatever the run's size.
 */
const MAX_BYTES_PER_STATEMENT = 4 * 1024 * 1024;
const MAX_PARTS_PER_STATEMENT = 500;
/** Parts read at once by an erasure's rewrite, so that it holds a bounded share of a large run. */
const REWRITE_BATCH = 100;

/** The stored page of a whole value (a primary key column cannot be null). */
const WHOLE = -1;

/** Where each part sits, without its body: what a reader needs to pick the parts of its sections. */
export interface PartOutlineEntry {
  position: number;
  path: readonly string[];
  page: number | null;
}

/**
 * Stores parts of a run in the order given, at positions from `firstPosition` on, in statements of
 * a few MB (docs/analysis-result-parts.md).
 */
export async function insertRunParts(tx: Database, runId: number, parts: readonly ResultPart[], firstPosition = 0): Promise<void> {
  let chunk: (typeof analysisRunParts.$inferInsert)[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length > 0) await tx.insert(analysisRunParts).values(chunk);
    chunk = [];
    bytes = 0;
  };
  for (const [position, part] of parts.entries()) {
    if (chunk.length >= MAX_PARTS_PER_STATEMENT || (chunk.length > 0 && bytes + part.body.byteLength > MAX_BYTES_PER_STATEMENT)) await flush();
    chunk.push({ runId, position: firstPosition + position, path: [...part.path], page: part.page ?? WHOLE, body: part.body });
    bytes += part.body.byteLength;
  }
  await flush();
}

/** Drops every stored part of a run. */
export async function deleteRunParts(tx: Database, runId: number): Promise<void> {
  await tx.delete(analysisRunParts).where(eq(analysisRunParts.runId, runId));
}

/** The outline of a run stored in parts; empty for a run stored before them (its result is one jsonb value). */
export async function runPartOutline(db: Database, runId: number): Promise<PartOutlineEntry[]> {
  const rows = await db
    .select({ position: analysisRunParts.position, path: analysisRunParts.path, page: analysisRunParts.page })
    .from(analysisRunParts)
    .where(eq(analysisRunParts.runId, runId))
    .orderBy(asc(analysisRunParts.position));
  return rows.map((row) => ({ position: row.position, path: row.path, page: row.page === WHOLE ? null : row.page }));
}

/** The bodies of some parts of a run, by position. */
export async function runPartBodies(db: Database, runId: number, positions: readonly number[]): Promise<Map<number, Buffer>> {
  const bodies = new Map<number, Buffer>();
  for (let start = 0; start < positions.length; start += MAX_PARTS_PER_STATEMENT) {
    const rows = await db
      .select({ position: analysisRunParts.position, body: analysisRunParts.body })
      .from(analysisRunParts)
      .where(and(eq(analysisRunParts.runId, runId), inArray(analysisRunParts.position, positions.slice(start, start + MAX_PARTS_PER_STATEMENT))));
    for (const row of rows) bodies.set(row.position, row.body);
  }
  return bodies;
}

/** What a rewrite does to one stored value: the new value, and whether anything changed. */
export type StoredValueRewrite = (value: unknown) => { value: unknown; changed: boolean };

/**
 * Rewrites the stored results of the journeys' runs (an erasure or a retention anonymisation,
 * docs/privacy/data-subject-requests.md): a run stored before the parts as its one jsonb value,
 * a run in parts part by part, in batches, writing back only the parts that changed. A rewritten
 * run's row is written too, so that its version (xmin, run-repository.ts) moves and every
 * instance's parsed copy of it is retired. Returns the ids of the runs that changed.
 */
export async function rewriteStoredResults(tx: Database, engagementIds: readonly number[], rewrite: StoredValueRewrite): Promise<number[]> {
  if (engagementIds.length === 0) return [];
  const rewritten: number[] = [];
  const whole = await tx
    .select({ id: analysisRuns.id, result: analysisRuns.result })
    .from(analysisRuns)
    .where(and(inArray(analysisRuns.engagementId, [...engagementIds]), isNotNull(analysisRuns.result)));
  for (const run of whole) {
    const next = rewrite(run.result);
    if (!next.changed) continue;
    await tx.update(analysisRuns).set({ result: next.value }).where(eq(analysisRuns.id, run.id));
    rewritten.push(run.id);
  }
  const inParts = await tx
    .selectDistinct({ id: analysisRunParts.runId })
    .from(analysisRunParts)
    .innerJoin(analysisRuns, eq(analysisRuns.id, analysisRunParts.runId))
    .where(inArray(analysisRuns.engagementId, [...engagementIds]))
    .orderBy(asc(analysisRunParts.runId));
  for (const { id } of inParts) {
    let changed = false;
    for (let after = -1; ; ) {
      const batch = await tx
        .select({ position: analysisRunParts.position, body: analysisRunParts.body })
        .from(analysisRunParts)
        .where(and(eq(analysisRunParts.runId, id), gt(analysisRunParts.position, after)))
        .orderBy(asc(analysisRunParts.position))
        .limit(REWRITE_BATCH);
      for (const part of batch) {
        const next = rewrite(partValue(part.body));
        if (!next.changed) continue;
        changed = true;
        await tx
          .update(analysisRunParts)
          .set({ body: compressPartValue(next.value) })
          .where(and(eq(analysisRunParts.runId, id), eq(analysisRunParts.position, part.position)));
      }
      if (batch.length < REWRITE_BATCH) break;
      after = (batch[batch.length - 1] as { position: number }).position;
    }
    if (!changed) continue;
    // A new row version for the run: cached copies keyed by the old one are not read again.
    await tx.update(analysisRuns).set({ finishedAt: sql`${analysisRuns.finishedAt}` }).where(eq(analysisRuns.id, id));
    rewritten.push(id);
  }
  return rewritten;
}
