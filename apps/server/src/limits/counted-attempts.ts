import { sql, type Database } from '@ona/db';

/**
 * One counted limit: how many attempts of `key` are already in the window, and how to record one
 * (answering the new row's id so that a successful attempt can be forgotten again).
 */
export type TCountedLimit = {
  /** Names the counter across instances, e.g. `login:ann@example.com`; hashed into the lock key. */
  lockKey: string;
  limit: number;
  count: (tx: Database) => Promise<number>;
  record: (tx: Database) => Promise<number>;
  /** Optional tidy-up of attempts that left the window, done under the same lock. */
  prune?: (tx: Database) => Promise<void>;
};

export type TAttempt = { allowed: true; id: number } | { allowed: false };

/**
 * Counts the attempt BEFORE it is checked, atomically: a transaction-scoped advisory lock per key
 * serialises the count and the insert of every instance on the one database, so of 50 parallel
 * guesses exactly `limit` are recorded (and may be checked) and the rest are refused. Counting
 * after the check, or count-then-insert without the lock, lets parallel guesses through while
 * none of them has been recorded yet. A refused attempt records nothing, so a lock-out ends
 * `window` after the last checked attempt rather than being prolonged by the refused ones.
 */
export async function takeCountedAttempt(db: Database, counted: TCountedLimit): Promise<TAttempt> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${counted.lockKey}, 0))`);
    await counted.prune?.(tx);
    if ((await counted.count(tx)) >= counted.limit) return { allowed: false } as const;
    return { allowed: true, id: await counted.record(tx) } as const;
  });
}
