import { Cron } from 'croner';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

export interface JobContext<P> {
  db: Db;
  log: FastifyBaseLogger;
  payload: P;
  /** The run's scheduled time, or when it was triggered by hand. */
  scheduledAt: Date;
}

export interface JobDefinition<P = undefined> {
  /** Unique across the app; names the run in job_runs and in the logs. */
  name: string;
  /** A cron expression in UTC (croner syntax); a job without one runs only when triggered. */
  schedule?: string;
  /** Checks a triggered run's payload; scheduled runs get undefined. */
  payload?: z.ZodType<P>;
  /** Further attempts after a failure, each after twice the wait of the one before (default 2). */
  retries?: number;
  handler: (ctx: JobContext<P>) => Promise<void>;
}

/** Declares a job; registering it with `app.jobs.register` schedules it (jobs.ts). */
export function defineJob<P = undefined>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export type JobRunStatus = 'succeeded' | 'failed' | 'skipped';

export interface JobRunResult {
  status: JobRunStatus;
  attempts: number;
  error?: string;
}

export interface JobsOptions {
  /** The wait before the first retry; the next ones double it. */
  backoffMs?: number;
  /** How long job_runs rows are kept. */
  keepRunsDays?: number;
}

/**
 * The registry of named jobs. Every process schedules every job; a scheduled run happens once in
 * the cluster because each run first claims its (name, slot) row in job_runs, and only the
 * process whose insert wins runs it. Runs are logged there with their attempts and last error.
 * Handlers must be safe to run again for the same data (a crash between two writes, a manual
 * trigger next to a scheduled run): lock or claim the rows they work on.
 */
export class Jobs {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly crons: Cron[] = [];
  private readonly backoffMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobsOptions = {},
  ) {
    this.backoffMs = options.backoffMs ?? 1000;
    const keepDays = options.keepRunsDays ?? 30;
    this.register(
      defineJob({
        name: 'job-runs-cleanup',
        schedule: '17 3 * * *',
        handler: async ({ db, scheduledAt }) => {
          const before = new Date(scheduledAt.getTime() - keepDays * 86_400_000);
          await db.delete(jobRuns).where(lt(jobRuns.startedAt, before));
        },
      }),
    );
  }

  register<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /** Starts the schedules of every registered job (not in tests, which trigger runs with `run`). */
  start(): void {
    for (const definition of this.definitions.values()) {
      if (!definition.schedule) continue;
      const cron = new Cron(
        definition.schedule,
        { name: definition.name, timezone: 'UTC', protect: true },
        async (self) => {
          // The slot is the scheduled time, not the firing time, so every process names it alike.
          const now = new Date();
          const [slot] = self.previousRuns(1, new Date(now.getTime() + 1));
          await this.runSlot(definition, slot ?? now, undefined);
        },
      );
      this.crons.push(cron);
    }
  }

  private readonly running = new Set<Promise<JobRunResult>>();

  stop(): void {
    for (const cron of this.crons.splice(0)) cron.stop();
  }

  /** Runs a job now, with its payload checked by the job's schema; resolves when the run ends. */
  async run(name: string, payload?: unknown): Promise<JobRunResult> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    const parsed = definition.payload ? definition.payload.parse(payload) : undefined;
    return this.runSlot(definition, new Date(), parsed, `manual:${crypto.randomUUID()}`);
  }

  /** Runs the scheduled slot `at` of a job, if no process has claimed it (tests call it to play two processes). */
  async runScheduled(name: string, at: Date): Promise<JobRunResult> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    return this.runSlot(definition, at, undefined);
  }

  /** Resolves once every run this process started has ended (a route may start one and answer 202). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private runSlot(
    definition: JobDefinition<unknown>,
    scheduledAt: Date,
    payload: unknown,
    slot?: string,
  ): Promise<JobRunResult> {
    const run = this.runSlotNow(definition, scheduledAt, payload, slot);
    this.running.add(run);
    run.then(
      () => this.running.delete(run),
      () => this.running.delete(run),
    );
    return run;
  }

  private async runSlotNow(
    definition: JobDefinition<unknown>,
    scheduledAt: Date,
    payload: unknown,
    slot = scheduledAt.toISOString(),
  ): Promise<JobRunResult> {
    const { name } = definition;
    let runId: number | undefined;
    try {
      const [claimed] = await this.db
        .insert(jobRuns)
        .values({ name, slot, status: 'running', payload: payload ?? null })
        .onConflictDoNothing({ target: [jobRuns.name, jobRuns.slot] })
        .returning({ id: jobRuns.id });
      runId = claimed?.id;
    } catch (err) {
      this.log.error({ err, job: name }, 'job not run: could not claim its slot');
      return { status: 'failed', attempts: 0, error: String(err) };
    }
    if (runId === undefined) {
      this.log.info({ job: name, slot }, 'job skipped: run by another process');
      return { status: 'skipped', attempts: 0 };
    }
    const retries = definition.retries ?? 2;
    let error: unknown;
    let attempts = 0;
    while (attempts <= retries) {
      if (attempts > 0) await new Promise((r) => setTimeout(r, this.backoffMs * 2 ** (attempts - 1)));
      attempts++;
      try {
        await definition.handler({ db: this.db, log: this.log, payload, scheduledAt });
        error = undefined;
        break;
      } catch (err) {
        error = err;
        this.log.warn({ err, job: name, attempt: attempts }, 'job attempt failed');
      }
    }
    const status = error === undefined ? 'succeeded' : 'failed';
    const message = error === undefined ? null : error instanceof Error ? error.message : String(error);
    await this.db
      .update(jobRuns)
      .set({ status, attempts, error: message, finishedAt: new Date() })
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.name, name)))
      .catch((err: unknown) => this.log.error({ err, job: name }, 'job run not recorded'));
    if (status === 'failed') this.log.error({ job: name, attempts, error: message }, 'job failed');
    else this.log.info({ job: name, attempts }, 'job finished');
    return message === null ? { status, attempts } : { status, attempts, error: message };
  }
}
