import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { FirmAnalyticsDetail, SiteAnalytics } from '../../../domain/admin-analytics';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';
import { insertFirm } from '../../db/seed/factories';
import { selectRows } from '../../db/select-rows';
import {
  addDays,
  dayStart,
  HOUR_MS,
  isoDay,
  rollUpAnalytics,
  rollUpPendingAnalytics,
  SETTLED_AFTER_MS,
} from './rollups';

// The rollup job adds the raw rows after its watermark to the stored rollups (decision 0061). The
// rows are written at instants of yesterday and today of the real clock (the days charted by hour),
// and the job is run at instants the test chooses; every figure must stay what the raw rows give.
const today = isoDay(Date.now());
const yesterday = addDays(today, -1);
const at = (day: string, hour: number, minute = 0) =>
  new Date(dayStart(day).getTime() + hour * HOUR_MS + minute * 60_000);
/** A run of the job that rolls up through `through` (a whole minute). */
const runThrough = (db: Db, through: Date) =>
  rollUpPendingAnalytics(db, new Date(through.getTime() + SETTLED_AFTER_MS));

let ctx: TestContext;
let admin: TestUser;
let firm: { id: number; slug: string };
const written: { sessionId: string; path: string; createdAt: Date }[] = [];

async function view(sessionId: string, path: string, createdAt: Date) {
  const row = { sessionId, path, createdAt };
  written.push(row);
  await ctx.db.insert(pageViews).values({ ...row, device: 'desktop', browser: 'Chrome' });
}

const read = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ url, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const week = `from=${addDays(today, -6)}&to=${today}`;
const figures = () =>
  Promise.all([
    read<SiteAnalytics>(`/api/admin/analytics?from=${yesterday}&to=${yesterday}`),
    read<SiteAnalytics>(`/api/admin/analytics?from=${today}&to=${today}`),
    read<SiteAnalytics>(`/api/admin/analytics?${week}`),
    read<FirmAnalyticsDetail>(`/api/admin/firm-analytics/${firm.id}?from=${yesterday}&to=${yesterday}`),
    read<FirmAnalyticsDetail>(`/api/admin/firm-analytics/${firm.id}?${week}`),
    read(`/api/admin/firm-analytics?${week}`),
  ]);

/** The views and distinct sessions of one hour of yesterday, and of a range of days, from the rows written. */
function expectedHour(day: string, hour: number) {
  const rows = written.filter((r) => r.createdAt >= at(day, hour) && r.createdAt < at(day, hour + 1));
  return { pageViews: rows.length, sessions: new Set(rows.map((r) => r.sessionId)).size };
}
function expectedDays(from: string, to: string) {
  const rows = written.filter((r) => r.createdAt >= dayStart(from) && r.createdAt < dayStart(addDays(to, 1)));
  return { pageViews: rows.length, sessions: new Set(rows.map((r) => r.sessionId)).size };
}

async function expectFiguresOfRows() {
  const [y, t, w] = await figures();
  for (const hour of [10, 11, 23])
    expect(y.series[hour]).toMatchObject({ hour, ...expectedHour(yesterday, hour) });
  expect(t.series[0]).toMatchObject({ hour: 0, ...expectedHour(today, 0) });
  expect(y.totals.pageViews.value).toBe(expectedDays(yesterday, yesterday).pageViews);
  expect(y.totals.sessions.value).toBe(expectedDays(yesterday, yesterday).sessions);
  expect(t.totals.sessions.value).toBe(expectedDays(today, today).sessions);
  expect(w.totals.pageViews.value).toBe(expectedDays(addDays(today, -6), today).pageViews);
  expect(w.totals.sessions.value).toBe(expectedDays(addDays(today, -6), today).sessions);
}

/** Rollup rows stored twice for one period and keys (the job adds to the row there is). */
async function duplicateRollupRows() {
  const [row] = await selectRows<{ daily: number; hourly: number }>(
    ctx.db,
    sql`select
      (select count(*) - count(distinct (day, kind, key, key2, key3)) from analytics_daily_counts)::int as daily,
      (select count(*) - count(distinct (hour, kind, key, key2, key3)) from analytics_hourly_counts)::int as hourly`,
  );
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'incradmin' });
  firm = await insertFirm(ctx.db, { name: 'Increment Capital', slug: 'increment-capital' });
}, 120_000);
afterAll(() => ctx?.close());

describe('the rollup job adding the rows after its watermark', () => {
  it('adds the rows that arrive between runs, a session seen before and after a run in one hour counted once', async () => {
    await view('a', '/', at(yesterday, 10, 5));
    await view('b', `/firm/${firm.slug}`, at(yesterday, 10, 20));
    expect(await runThrough(ctx.db, at(yesterday, 10, 30))).toMatchObject({ incremental: false });
    // After the first pass: 'a' again in the same hour (on a new page), 'c', and 'a' the next hour.
    await view('a', '/firms', at(yesterday, 10, 40));
    await view('c', '/', at(yesterday, 10, 50));
    await view('a', '/', at(yesterday, 11, 10));
    await expectFiguresOfRows();
    expect(await runThrough(ctx.db, at(yesterday, 10, 45))).toMatchObject({ incremental: true });
    await expectFiguresOfRows();
    // This run adds 10:45-11:20, across the hour.
    expect(await runThrough(ctx.db, at(yesterday, 11, 20))).toMatchObject({ incremental: true });
    await expectFiguresOfRows();
    const [y] = await figures();
    expect(y.series[10]).toMatchObject({ pageViews: 4, sessions: 3 });
    expect(y.series[11]).toMatchObject({ pageViews: 1, sessions: 1 });
    expect(y.topPages).toContainEqual({ path: '/', views: 3, sessions: 2 });
    expect(y.totals.sessions.value).toBe(3);
    expect(await duplicateRollupRows()).toEqual({ daily: 0, hourly: 0 });
  });

  it('rolls up a run that crosses an hour and a day, a session of both days counted once in both', async () => {
    await view('a', '/', at(yesterday, 23, 40));
    expect(await runThrough(ctx.db, at(yesterday, 23, 45))).toMatchObject({ incremental: true });
    await view('d', `/firm/${firm.slug}`, at(yesterday, 23, 50));
    await view('a', '/firms', at(yesterday, 23, 55));
    await view('d', '/', at(today, 0, 3));
    await view('e', '/', at(today, 0, 4));
    await expectFiguresOfRows();
    // 23:45 yesterday to 00:10 today: yesterday becomes final, today is rolled up from its start.
    expect(await runThrough(ctx.db, at(today, 0, 10))).toMatchObject({ from: yesterday, incremental: true });
    await expectFiguresOfRows();
    const [y, t, w] = await figures();
    expect(y.series[23]).toMatchObject({ pageViews: 3, sessions: 2 });
    expect(t.totals.sessions.value).toBe(2);
    expect(w.totals.sessions.value).toBe(5);
    expect(w.series.find((d) => d.day === today)?.sessions).toBe(2);
    expect(await duplicateRollupRows()).toEqual({ daily: 0, hourly: 0 });
  });

  it('counts nothing twice when a run is repeated, or retried after it failed', async () => {
    await view('f', '/', at(today, 0, 15));
    await view('d', '/firms', at(today, 0, 16));
    const before = await figures();
    // A run whose transaction fails after its work: nothing of it stays.
    await expect(
      ctx.db.transaction(async (tx) => {
        await runThrough(tx, at(today, 0, 20));
        throw new Error('the process died');
      }),
    ).rejects.toThrow('the process died');
    expect(await figures()).toEqual(before);
    expect(await runThrough(ctx.db, at(today, 0, 20))).toMatchObject({ incremental: true });
    expect(await runThrough(ctx.db, at(today, 0, 20))).toBeNull();
    expect(await runThrough(ctx.db, at(today, 0, 15))).toBeNull();
    expect(await figures()).toEqual(before);
    await expectFiguresOfRows();
  });

  it('adds each row once when two processes run it at once', async () => {
    await view('g', '/', at(today, 0, 22));
    await view('a', '/', at(today, 0, 23));
    const before = await figures();
    const second = await createTestApp({}, { sharedWith: ctx });
    try {
      const runs = await Promise.all([
        runThrough(ctx.db, at(today, 0, 25)),
        runThrough(second.db, at(today, 0, 25)),
        runThrough(second.db, at(today, 0, 24)),
      ]);
      expect(runs.filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    } finally {
      await second.app.close();
    }
    expect(await figures()).toEqual(before);
    await expectFiguresOfRows();
    expect(await duplicateRollupRows()).toEqual({ daily: 0, hourly: 0 });
  });

  it('gives the figures of the raw rows alone, and of a rollup from scratch', async () => {
    const incremental = await figures();
    await rollUpAnalytics(ctx.db, yesterday, at(today, 0, 25));
    expect(await figures()).toEqual(incremental);
    await ctx.db.execute(
      sql`truncate analytics_daily_counts, analytics_hourly_counts, analytics_session_days, analytics_rolled_days`,
    );
    expect(await figures()).toEqual(incremental);
  });
});
