import type { Database } from '@ona/db';

/** The database or an open transaction: repository functions run the same on both. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
