import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { analysisRuns, employees, engagements } from './schema.ts';

/**
 * A journey's scheduled steps (docs/journeys.md, "Schedule"): `open` sends the invitations,
 * `reminder` reminds those who have not finished, `close` stops the answers and queues the
 * analysis, `digest` sends the administrators the day's response rate and queues the next day's. Each pending step has one job of the engine
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
    /** `open`, `reminder`, `close` or `digest` (the administrators' daily response-rate e-mail). */
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

/**
 * Who a reminder step has written to: a step reaches people in different time zones at their own
 * allowed hours, so it may take several runs of its job; each run writes only to those without a
 * row here (primary key: nobody twice), and the rows count towards the organisation's limit of
 * reminders per person. Written in the transaction that writes the e-mails.
 */
export const journeyReminderSends = pgTable(
  'journey_reminder_sends',
  {
    stepId: integer('step_id')
      .notNull()
      .references(() => journeyScheduleSteps.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.stepId, table.employeeId] }), index('journey_reminder_sends_employee_idx').on(table.employeeId)],
);
