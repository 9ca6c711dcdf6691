import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled or triggered job (lib/jobs.ts). The unique (name, slot) is what
 * makes a scheduled run happen once across server processes: the process whose insert wins runs it.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** The scheduled time of the run (ISO), or `manual:<uuid>` for a run triggered by hand. */
    slot: text('slot').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_slot_idx').on(t.name, t.slot), index('job_runs_started_idx').on(t.startedAt)],
);
