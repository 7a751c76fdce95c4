import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One statement the application sent to the database: one round trip on PostgreSQL (a query of
 * the pool or of a transaction's connection, BEGIN, COMMIT and ROLLBACK included), one call into
 * the embedded database on PGlite (its BEGIN, COMMIT and ROLLBACK too, which PGlite sends itself).
 * A multi-statement string sent at once (a migration file) is one. The connection layer's own
 * retry after a dropped connection (resilient-pool.ts) is not counted again.
 */
export interface ObservedStatement {
  text: string;
}

export type StatementListener = (statement: ObservedStatement) => void;

type QueryConfig = { text: string } & Record<string, unknown>;
type AnyQuery = (config: QueryConfig | string, ...rest: unknown[]) => Promise<unknown>;

const textOf = (config: QueryConfig | string): string => (typeof config === 'string' ? config : config.text);

/** Reports every call of `target.query` before passing it on unchanged. */
function observeQuery(target: { query: unknown }, listener: StatementListener): void {
  const query = (target.query as AnyQuery).bind(target);
  target.query = (config: QueryConfig | string, ...rest: unknown[]) => {
    listener({ text: textOf(config) });
    return query(config, ...rest);
  };
}

/** Statements of the pool itself and of every connection it hands out (transactions). */
export function observePgPool(pool: pg.Pool, listener: StatementListener): void {
  observeQuery(pool, listener);
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    observeQuery(client, listener);
    return client;
  };
}

type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/**
 * Statements of the embedded database: its query and exec calls, and in a transaction the BEGIN
 * and the COMMIT or ROLLBACK it sends on its own besides the transaction's statements.
 */
export function observePglite(client: PGlite, listener: StatementListener): void {
  observeQuery(client, listener);
  const exec = client.exec.bind(client);
  client.exec = (text, options) => {
    listener({ text });
    return exec(text, options);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = async <T>(work: (tx: PgliteTransaction) => Promise<T>) => {
    listener({ text: 'BEGIN' });
    let rolledBack = false;
    try {
      const result = await transaction(async (tx) => {
        observeQuery(tx, listener);
        const txExec = tx.exec.bind(tx);
        tx.exec = (text, options) => {
          listener({ text });
          return txExec(text, options);
        };
        const rollback = tx.rollback.bind(tx);
        tx.rollback = async () => {
          rolledBack = true;
          listener({ text: 'ROLLBACK' });
          await rollback();
        };
        return work(tx);
      });
      if (!rolledBack) listener({ text: 'COMMIT' });
      return result;
    } catch (error) {
      if (!rolledBack) listener({ text: 'ROLLBACK' });
      throw error;
    }
  };
}
