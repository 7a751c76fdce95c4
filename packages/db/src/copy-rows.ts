import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './create-db.ts';
import { FirstStatementRetryingClient } from './resilient-pool.ts';

/** A value of one column of a copied row, as the loaders have it. */
export type CopyValue = string | number | boolean | Date | null | undefined | readonly number[] | Readonly<Record<string, string>>;

/**
 * Rows per piece of COPY text: the rows are encoded and sent a piece at a time, so memory holds
 * one piece (a few MB), not the table; on the embedded database each piece is one `COPY` of a blob.
 */
export const COPY_ROWS_PER_PIECE = 20_000;

/** PostgreSQL's COPY text format: tab between columns, `\N` for null, backslash escapes. */
const escapeText = (text: string): string => text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

function encodeValue(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  // An integer array literal; the ids are numbers, so no element needs quoting.
  if (Array.isArray(value)) return `{${value.join(',')}}`;
  return escapeText(JSON.stringify(value));
}

export function encodeCopyRow(row: readonly CopyValue[]): string {
  return `${row.map(encodeValue).join('\t')}\n`;
}

function* copyPieces(rows: Iterable<readonly CopyValue[]>, rowsPerPiece: number): Generator<string> {
  let piece: string[] = [];
  for (const row of rows) {
    piece.push(encodeCopyRow(row));
    if (piece.length >= rowsPerPiece) {
      yield piece.join('');
      piece = [];
    }
  }
  if (piece.length > 0) yield piece.join('');
}

export type DriverClient = PGlite | { query: PGlite['query']; rollback(): Promise<void> } | pg.Pool | pg.PoolClient | FirstStatementRetryingClient;

/**
 * The driver connection under a Drizzle database or transaction. Drizzle keeps it in the
 * session and does not expose it on a transaction, yet COPY must run on the transaction's own
 * connection (the rows belong to its commit), so it is read from there.
 */
export function driverClientOf(db: Database): DriverClient {
  const session: unknown = Reflect.get(db, 'session');
  const client: unknown = session && typeof session === 'object' ? Reflect.get(session, 'client') : undefined;
  if (!client || typeof client !== 'object' || !('query' in client)) throw new Error('copyRows: no driver connection under this database');
  return client as DriverClient;
}

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes many rows into one table with `COPY … FROM STDIN` (docs/benchmarks.md, "The loader at
 * 100,000 people"): on PostgreSQL through pg-copy-streams on the caller's connection (inside its
 * transaction when given one), on the embedded database as a `COPY … FROM '/dev/blob'` per piece,
 * which PGlite reads from the blob passed with the query. Columns are the table's SQL names; every
 * row has one value per column in that order. Answers how many rows were written.
 */
export async function copyRows(db: Database, table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>, rowsPerPiece = COPY_ROWS_PER_PIECE): Promise<number> {
  const target = `${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')})`;
  let written = 0;
  const counted = function* (): Generator<readonly CopyValue[]> {
    for (const row of rows) {
      if (row.length !== columns.length) throw new Error(`copyRows: a row of ${table} has ${row.length} values for ${columns.length} columns`);
      written += 1;
      yield row;
    }
  };
  const client = driverClientOf(db);
  // PGlite and its transaction object (which alone has rollback()) take a blob; the rest is node-postgres.
  if (!(client instanceof PGlite) && !('rollback' in client)) {
    const pool = client instanceof pg.Pool ? client : undefined;
    const held = pool ? await pool.connect() : (client as pg.PoolClient | FirstStatementRetryingClient);
    // The resilient pool hands out a wrapper that retries a first statement; COPY needs the connection.
    const connection = held instanceof FirstStatementRetryingClient ? held.connection() : held;
    try {
      await pipeline(Readable.from(copyPieces(counted(), rowsPerPiece)), connection.query(copyFrom(`COPY ${target} FROM STDIN`)));
    } finally {
      if (pool) (held as pg.PoolClient).release();
    }
    return written;
  }
  const embedded = client as { query: PGlite['query'] };
  for (const piece of copyPieces(counted(), rowsPerPiece)) {
    await embedded.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([piece]) });
  }
  return written;
}
