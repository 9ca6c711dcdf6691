import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { jobRuns } from '../db/schema';
import { defineJob, Jobs } from './jobs';

const log = pino({ level: 'silent' });

describe('jobs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close());

  const runsOf = (name: string) => ctx.db.select().from(jobRuns).where(eq(jobRuns.name, name));

  it('runs a job when triggered, checks its payload and logs the run', async () => {
    const jobs = new Jobs(ctx.db, log);
    const seen: number[] = [];
    jobs.register(
      defineJob({
        name: 'add-up',
        payload: z.object({ n: z.number().int() }),
        handler: async ({ payload }) => {
          seen.push(payload.n);
        },
      }),
    );
    expect(await jobs.run('add-up', { n: 4 })).toEqual({ status: 'succeeded', attempts: 1 });
    expect(seen).toEqual([4]);
    await expect(jobs.run('add-up', { n: 'four' })).rejects.toThrow();
    await expect(jobs.run('no-such-job')).rejects.toThrow(/no job named/);
    const [run] = await runsOf('add-up');
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, payload: { n: 4 }, error: null });
    expect(run.finishedAt).toBeInstanceOf(Date);
    expect(() => jobs.register(defineJob({ name: 'add-up', handler: async () => {} }))).toThrow(/twice/);
  });

  it('retries a failing job with a growing wait, and records the last error', async () => {
    const jobs = new Jobs(ctx.db, log, { backoffMs: 20 });
    const times: number[] = [];
    jobs.register(
      defineJob({
        name: 'flaky',
        retries: 2,
        handler: async () => {
          times.push(Date.now());
          if (times.length < 3) throw new Error(`attempt ${times.length} failed`);
        },
      }),
    );
    expect(await jobs.run('flaky')).toEqual({ status: 'succeeded', attempts: 3 });
    // Waits of 20 then 40 ms. Timers never fire early but may fire late on a busy machine, so only
    // lower bounds are checked (a millisecond or two of clock rounding aside).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(18);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(38);

    jobs.register(
      defineJob({
        name: 'broken',
        retries: 1,
        handler: async () => {
          throw new Error('the mail server said no');
        },
      }),
    );
    expect(await jobs.run('broken')).toEqual({
      status: 'failed',
      attempts: 2,
      error: 'the mail server said no',
    });
    expect((await runsOf('broken'))[0]).toMatchObject({ status: 'failed', error: 'the mail server said no' });
  });

  it('runs a scheduled slot once, however many processes reach it', async () => {
    let runs = 0;
    const definition = defineJob({
      name: 'nightly',
      schedule: '0 0 * * *',
      handler: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const processes = Array.from({ length: 4 }, () => new Jobs(ctx.db, log));
    for (const jobs of processes) jobs.register(definition);
    const slot = new Date('2026-11-25T00:00:00Z');
    const results = await Promise.all(processes.map((jobs) => jobs.runScheduled('nightly', slot)));
    expect(results.map((r) => r.status).sort()).toEqual(['skipped', 'skipped', 'skipped', 'succeeded']);
    expect(runs).toBe(1);
    // The next slot is a new run.
    await processes[1].runScheduled('nightly', new Date('2026-11-26T00:00:00Z'));
    expect(runs).toBe(2);
    expect(await runsOf('nightly')).toHaveLength(2);
  });

  it('deletes run records older than the kept period', async () => {
    const jobs = new Jobs(ctx.db, log, { keepRunsDays: 30 });
    await ctx.db.insert(jobRuns).values([
      { name: 'old', slot: 'a', status: 'succeeded', startedAt: new Date(Date.now() - 40 * 86_400_000) },
      { name: 'recent', slot: 'b', status: 'succeeded', startedAt: new Date(Date.now() - 86_400_000) },
    ]);
    await jobs.run('job-runs-cleanup');
    expect(await runsOf('old')).toHaveLength(0);
    expect(await runsOf('recent')).toHaveLength(1);
  });

  it("every module's jobs are registered on the app", () => {
    expect(ctx.app.jobs.names().sort()).toEqual([
      'analytics-prune',
      'analytics-rollup',
      'close-due-giveaways',
      'coupon-prices',
      'job-runs-cleanup',
      'payout-records',
      'publish-due-posts',
      'rule-change-emails',
      'saved-search-alerts',
      'weekly-deals-email',
      'weekly-review-awards',
    ]);
  });
});
