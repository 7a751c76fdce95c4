import pg from 'pg';

/**
 * Connection trouble rather than a failing statement: the server ended the connection (restart,
 * failover, pg_terminate_backend), refuses new ones while it starts, or cannot be reached.
 * Walks the `cause` chain, because Drizzle wraps the driver's error in its own.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // SQLSTATE class 08 (connection exception), admin/crash shutdown, cannot connect now.
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    }
    if (typeof message === 'string' && /connection terminated|not queryable|timeout exceeded when trying to connect|connection error/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The client refused the statement without sending it: repeating it cannot do anything twice. */
function neverSent(error: unknown): boolean {
  return error instanceof Error && /not queryable/i.test(error.message);
}

/** A plain SELECT changes nothing, so it may run again after its connection died under it. */
function readOnly(text: string): boolean {
  return /^\s*select\b/i.test(text);
}

type QueryConfig = { text: string; values?: unknown[] } & Record<string, unknown>;
type Query = (config: QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * How long to wait before the one retry: the server's goodbye to the pool's other idle connections
 * arrives meanwhile, so the retry does not pick another dead one, and a restarting server gets a
 * moment. Not a guarantee (a failover can take longer): then the request answers 503.
 */
const RETRY_PAUSE_MS = 150;
const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));

/** Retries once what is safe to retry after a connection error, and passes everything else on. */
async function onceMore<T>(work: () => Promise<T>, safe: (error: unknown) => boolean): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConnectionError(error) || !safe(error)) throw error;
    await pause();
    return work();
  }
}

/**
 * A transaction's client whose first statement (BEGIN) moves to a fresh connection when the one
 * handed out turns out dead. Later statements are not retried: part of the transaction is gone
 * with the connection, and the request answers 503.
 */
export class FirstStatementRetryingClient {
  private started = false;
  constructor(
    private current: pg.PoolClient,
    private readonly acquire: () => Promise<pg.PoolClient>,
  ) {}

  /**
   * The connection itself, for what must run on it directly (a COPY stream, copy-rows.ts); from
   * then on nothing is retried, as after a first statement.
   */
  connection(): pg.PoolClient {
    this.started = true;
    return this.current;
  }

  async query(config: QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    const run = () => (this.current.query as Query)(config, values);
    if (this.started) return run();
    this.started = true;
    try {
      return await run();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      // Drizzle releases a client only after BEGIN went through: give the dead one back here.
      this.current.release(error instanceof Error ? error : true);
      await pause();
      this.current = await this.acquire();
      try {
        return await run();
      } catch (again) {
        if (isConnectionError(again)) {
          this.current.release(again instanceof Error ? again : true);
          this.current = deadClient;
        }
        throw again;
      }
    }
  }

  release(error?: Error | boolean): void {
    this.current.release(error);
  }
}

/** Stands in for a client already given back, so that Drizzle's own release changes nothing. */
const deadClient = { release: () => undefined, query: () => Promise.reject(new Error('Client was closed and is not queryable')) } as unknown as pg.PoolClient;

/** Marks a failure of the statement itself, as opposed to one of acquiring its connection. */
class StatementError extends Error {
  constructor(override readonly cause: unknown) {
    super('statement failed');
  }
}

/**
 * Makes the pool ride out a dropped connection (failover, restart): acquiring a connection is
 * retried once; a statement on a connection that died is retried once when that cannot apply it
 * twice (a SELECT, a statement the driver never sent, a transaction's BEGIN). Anything else fails
 * with the connection error, which the server answers with 503 `database_unavailable`.
 */
export function makeResilient(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const watched = new WeakSet<pg.PoolClient>();
  const acquire = async () => {
    const client = await onceMore(connect, () => true);
    // A checked-out client whose connection ends between two statements emits 'error'; unheard,
    // that would end the process. The next statement on it fails and says so instead.
    if (!watched.has(client)) {
      watched.add(client);
      client.on('error', () => undefined);
    }
    return client;
  };
  const patched = pool as unknown as { query: Query; connect: () => Promise<pg.PoolClient> };
  patched.query = async (config, values) => {
    const text = typeof config === 'string' ? config : config.text;
    const run = async () => {
      const client = await acquire();
      try {
        const result = await (client.query as Query)(config, values);
        client.release();
        return result;
      } catch (error) {
        // A client whose connection died is dropped from the pool rather than handed out again.
        client.release(isConnectionError(error) ? (error instanceof Error ? error : true) : undefined);
        throw new StatementError(error);
      }
    };
    try {
      return await run();
    } catch (error) {
      // Only the statement's own failure may be retried here; acquiring has had its retry.
      if (!(error instanceof StatementError)) throw error;
      if (!isConnectionError(error.cause) || !(readOnly(text) || neverSent(error.cause))) throw error.cause;
      await pause();
      try {
        return await run();
      } catch (again) {
        throw again instanceof StatementError ? again.cause : again;
      }
    }
  };
  patched.connect = async () => new FirstStatementRetryingClient(await acquire(), acquire) as unknown as pg.PoolClient;
  return pool;
}
