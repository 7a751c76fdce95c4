import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { analysisRuns } from './schema.ts';

/**
 * bytea as a Node Buffer on both drivers: node-postgres hands back a Buffer, PGlite a Uint8Array
 * (Buffer.from over the same bytes copies nothing when it already is one).
 */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * A finished run's result in parts (docs/analysis-result-parts.md): the value at `path`, or page
 * `page` of the list there, as gzip-compressed JSON. `position` keeps the result's key order, so
 * that the parts joined in it give the same JSON as the whole; -1 as `page` is a whole value.
 */
export const analysisRunParts = pgTable(
  'analysis_run_parts',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    path: text('path').array().notNull(),
    page: integer('page').notNull(),
    body: bytes('body').notNull(),
  },
  // A run is read by its id (its parts are a few thousand rows at most at 100,000 people), so the
  // primary key is the only index.
  (t) => [primaryKey({ columns: [t.runId, t.position] })],
);
