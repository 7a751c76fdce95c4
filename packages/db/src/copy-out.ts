import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './create-db.ts';
import { driverClientOf } from './copy-rows.ts';
import { FirstStatementRetryingClient } from './resilient-pool.ts';

/**
 * Runs `COPY (query) TO STDOUT` in PostgreSQL's text format and hands its bytes to `onBytes` in
 * order, a piece at a time: on PostgreSQL as they stream in (pg-copy-streams, on the caller's
 * connection: inside its transaction when given one), on the embedded database as the one blob
 * PGlite answers `COPY … TO '/dev/blob'` with. The rows are never objects: the analysis input's
 * 4.2 million answer rows at 100,000 people were 12–14 s of the reading thread's CPU parsed by the
 * driver into a row object each. `query` is SQL text (COPY takes no parameters): the caller builds
 * it from values it has checked, never from what a user typed.
 */
export async function copyOut(db: Database, query: string, onBytes: (bytes: Uint8Array) => void): Promise<void> {
  const statement = `COPY (${query}) TO STDOUT`;
  const client = driverClientOf(db);
  // PGlite and its transaction object (which alone has rollback()) answer a blob; the rest is node-postgres.
  if (!(client instanceof PGlite) && !('rollback' in client)) {
    const pool = client instanceof pg.Pool ? client : undefined;
    const held = pool ? await pool.connect() : (client as pg.PoolClient | FirstStatementRetryingClient);
    const connection = held instanceof FirstStatementRetryingClient ? held.connection() : held;
    let failure: Error | undefined;
    try {
      for await (const piece of connection.query(copyTo(statement))) onBytes(piece as Buffer);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      // A connection left in the middle of a COPY (onBytes threw) is closed, not handed out again.
      if (pool) (held as pg.PoolClient).release(failure);
    }
    return;
  }
  const embedded = client as { query: PGlite['query'] };
  const result = await embedded.query(`COPY (${query}) TO '/dev/blob'`);
  if (result.blob) onBytes(new Uint8Array(await result.blob.arrayBuffer()));
}
