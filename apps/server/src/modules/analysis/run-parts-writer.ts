import { RESULT_SECTIONS, type ResultSection } from '@ona/analytics';
import { tables, type Database } from '@ona/db';
import { isAttempt } from './run-repository.ts';
import { insertRunParts } from './run-parts-repository.ts';
import type { ResultPart } from './result-parts.ts';

/**
 * Positions a section's parts may take: section i's parts are stored from i × this on. The
 * sections reach the store in the order the engine finishes them (the metrics first, the graph
 * last), not in the result's key order; positions spaced by section keep that order all the same,
 * since a reader joins the parts in the order of their positions (run-parts-repository.ts). 2^20
 * parts a section (100,000 people make about 3,000 in all) times the 18 sections stays far inside
 * the integer column.
 */
export const PARTS_PER_SECTION = 2 ** 20;

/** Thrown when another instance has claimed the run since this attempt did (the stale-run rule). */
export class RunTakenOverError extends Error {
  constructor(runId: number) {
    super(`analysis run ${runId} was claimed by another attempt; this one stops`);
    this.name = 'RunTakenOverError';
  }
}

/**
 * Stores a running run's result section by section as the analysis thread hands them over, one
 * section's statements after another, while the engine goes on: at 100,000 people the parts are
 * 240 MB, whose rows took 3.8–5.1 s after the engine finished when they were stored at the run's
 * completion (docs/benchmarks.md). Readers see none of them until the run is done (completeRun).
 * Each section goes in a transaction that first checks, with a shared lock on the run's row, that
 * this attempt still works the run: a claim by another instance (which drops the parts stored so
 * far, claimRun) waits for it or comes before it, so an attempt never adds parts to another's run.
 * The first failure stops the writing; `finish` answers it.
 */
export function runPartsWriter(db: Database, runId: number, attempt: Date) {
  let written: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  const store = async (section: ResultSection, parts: readonly ResultPart[]) => {
    const index = RESULT_SECTIONS.indexOf(section);
    // The section's name comes by message from the analysis thread, where no type holds it; a name
    // outside the list would take negative positions, before every other part.
    if (index < 0) throw new Error(`the analysis gave a section the result does not have: ${section}`);
    if (parts.length > PARTS_PER_SECTION) throw new Error(`the analysis' ${section} section has ${parts.length} parts, more than the ${PARTS_PER_SECTION} a section may have`);
    await db.transaction(async (tx) => {
      const still = await tx.select({ id: tables.analysisRuns.id }).from(tables.analysisRuns).where(isAttempt(runId, attempt)).for('share');
      if (still.length === 0) throw new RunTakenOverError(runId);
      await insertRunParts(tx, runId, parts, index * PARTS_PER_SECTION);
    });
  };
  return {
    /** Queues a section's parts for storing; returns at once. */
    add(section: ResultSection, parts: readonly ResultPart[]): void {
      written = written.then(async () => {
        if (failure === null) await store(section, parts).catch((error: unknown) => (failure = error));
      });
    },
    /** Waits for every queued section to be stored; throws the first failure. */
    async finish(): Promise<void> {
      await written;
      if (failure !== null) throw failure;
    },
  };
}
