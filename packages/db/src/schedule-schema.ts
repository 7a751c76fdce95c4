import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { analysisRuns, engagements } from './schema.ts';

/**
 * A journey's scheduled steps (docs/journeys.md, "Schedule"): `open` sends the invitations,
 * `reminder` reminds those who have not finished, `close` stops the answers and queues the
 * analysis. Each pending step has one job of the engine
 * (queue `journey-step`, due at `due_at`); the row is what the timeline shows and what makes the
 * job's effect happen once: a job whose step is no longer pending does nothing.
 */
export const journeyScheduleSteps = pgTable(
  'journey_schedule_steps',
  {
    id: serial('id').primaryKey(),
    engagementId: integer('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    /** `open`, `reminder` or `close`. */
    kind: text('kind').notNull(),
    /** The local date-time the administrator chose (`YYYY-MM-DDTHH:mm`), in `time_zone`. */
    localTime: text('local_time').notNull(),
    timeZone: text('time_zone').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** `pending`, `done`, `cancelled` (closed by hand, schedule replaced) or `failed`. */
    status: text('status').notNull().default('pending'),
    /** The engine's job that carries it out (pgboss.job id). */
    jobId: text('job_id'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** Why it was cancelled or failed (a stable code). */
    reason: text('reason'),
    /** The close step's analysis run: its completion sends the "reports ready" e-mail. */
    analysisRunId: integer('analysis_run_id').references(() => analysisRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('journey_schedule_steps_engagement_idx').on(table.engagementId)],
);
