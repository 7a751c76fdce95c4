/** What PostgreSQL said of a failed statement: its SQLSTATE and, for a constraint, the constraint's name. */
export interface DatabaseErrorFacts {
  code: string;
  constraint: string | undefined;
}

/** A SQLSTATE: five digits or capital letters (a Node error's code, such as ECONNRESET, is not one). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error behind `err`, on both drivers: node-postgres throws it as it is, PGlite and
 * Drizzle nest it in `cause`. Undefined when no error in the chain carries a SQLSTATE.
 */
export function databaseErrorOf(err: unknown): DatabaseErrorFacts | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return undefined;
}
