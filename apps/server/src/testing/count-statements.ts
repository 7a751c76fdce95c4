import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The statements (round trips) the app sends to the database while `work` runs, in order:
 * BEGIN, COMMIT and ROLLBACK count like any other (packages/db/src/statement-observer.ts says
 * exactly what counts). Everything sent meanwhile counts, so nothing else may run in the test
 * at the same time (the app of a test does not poll its job queue).
 */
export async function countStatements<T>(db: TestDatabase, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = db.watchStatements(({ text }) => void statements.push(text));
  try {
    return { result: await work(), statements };
  } finally {
    stop();
  }
}

/** One request through `app.inject` and the statements it sent. */
export async function countRequestStatements(
  context: { app: App; db: TestDatabase },
  request: InjectOptions,
): Promise<{ response: LightMyRequestResponse; statements: string[] }> {
  const { result, statements } = await countStatements(context.db, () => context.app.inject(request));
  return { response: result, statements };
}
