import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** A stable 64-bit lock id per job name, as PostgreSQL advisory locks take a bigint. */
export function lockIdFor(name: string): bigint {
  return createHash('sha256').update(`pfc-job:${name}`).digest().readBigInt64BE(0);
}

/**
 * Runs `task` only if no other node holds the job's advisory lock. The transaction-scoped lock
 * (pg_try_advisory_xact_lock) is released however the transaction ends, so a crashed run never
 * leaves the job locked. The task gets the transaction's handle and must query through it: on
 * embedded PGlite the open transaction holds the only connection. Returns false when another node
 * is running it.
 */
export async function runExclusive(db: Db, name: string, task: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${lockIdFor(name).toString()}::bigint) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return false;
    await task(tx as unknown as Db);
    return true;
  });
}

export interface JobRunner {
  stop(): void;
}

/** Schedules jobs in-process with croner; every run is guarded by its advisory lock. */
export function startJobs(
  db: Db,
  log: FastifyBaseLogger,
  jobs: { name: string; schedule: string; task: (db: Db) => Promise<void> }[],
): JobRunner {
  const crons = jobs.map(
    (job) =>
      new Cron(job.schedule, { name: job.name, timezone: 'UTC', protect: true }, async () => {
        try {
          const ran = await runExclusive(db, job.name, job.task);
          log.info({ job: job.name, ran }, ran ? 'job finished' : 'job skipped: running on another node');
        } catch (err) {
          log.error({ err, job: job.name }, 'job failed');
        }
      }),
  );
  return {
    stop: () => {
      for (const c of crons) c.stop();
    },
  };
}
