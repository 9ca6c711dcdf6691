import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { FirmAnalyticsDetail, SiteAnalytics } from '../../../domain/admin-analytics';
import { migrationsFolder } from '../../db/migrate';
import { activityLogs, analyticsHourlyCounts, pageViews } from '../../db/schema';
import { insertFirm } from '../../db/seed/factories';
import { addDays, dayStart, HOUR_MS, isoDay, rolledThroughAt, rollUpAnalytics } from './rollups';

// The days charted by hour are today and yesterday of the real clock: the rows are written at
// instants of those days up to now, and the expected figures computed here from the same rows.
const now = Date.now();
const today = isoDay(now);
const yesterday = addDays(today, -1);
const dayBefore = addDays(today, -2);
const ms = (day: string, hour: number, minute = 0, extra = 0) =>
  dayStart(day).getTime() + hour * HOUR_MS + minute * 60_000 + extra;

let ctx: TestContext;
let admin: TestUser;
let firm: { id: number; slug: string };
const views: (typeof pageViews.$inferInsert)[] = [];
const events: (typeof activityLogs.$inferInsert)[] = [];

const read = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ url, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const site = (day: string) => read<SiteAnalytics>(`/api/admin/analytics?from=${day}&to=${day}`);
const firmDetail = (day: string) =>
  read<FirmAnalyticsDetail>(`/api/admin/firm-analytics/${firm.id}?from=${day}&to=${day}`);

/** The hourly series of a day as counted from the raw rows this test wrote: every hour begun by now. */
function expectedSite(day: string) {
  const hours = Math.min(24, Math.floor((Date.now() - ms(day, 0)) / HOUR_MS) + 1);
  return Array.from({ length: hours }, (_, hour) => {
    const inHour = (at: Date | undefined) => {
      const t = at?.getTime() ?? 0;
      return t >= ms(day, hour) && t < ms(day, hour + 1);
    };
    const people = views.filter((v) => !v.isBot && inHour(v.createdAt));
    return {
      day,
      hour,
      pageViews: people.length,
      sessions: new Set(people.map((v) => v.sessionId)).size,
      outboundClicks: events.filter((e) => e.activityType.endsWith('_click') && inHour(e.createdAt)).length,
    };
  });
}
function expectedFirm(day: string) {
  return expectedSite(day).map(({ hour }) => {
    const inHour = (at: Date | undefined) => {
      const t = at?.getTime() ?? 0;
      return t >= ms(day, hour) && t < ms(day, hour + 1);
    };
    return {
      day,
      hour,
      pageViews: views.filter((v) => !v.isBot && v.path === `/firm/${firm.slug}` && inHour(v.createdAt))
        .length,
      outboundClicks: events.filter((e) => e.propFirmId === firm.id && inHour(e.createdAt)).length,
    };
  });
}
const figures = () =>
  Promise.all([site(yesterday), site(today), firmDetail(yesterday), firmDetail(today), site(dayBefore)]);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'houradmin' });
  firm = await insertFirm(ctx.db, { name: 'Hourly Capital', slug: 'hourly-capital' });
  const view = (
    sessionId: string,
    path: string,
    t: number,
    extra: Partial<typeof pageViews.$inferInsert> = {},
  ) =>
    views.push({ path, sessionId, device: 'desktop', browser: 'Chrome', createdAt: new Date(t), ...extra });
  const click = (t: number, propFirmId: number | null = firm.id) =>
    events.push({
      activityType: propFirmId ? 'firm_click' : 'link_click',
      propFirmId,
      createdAt: new Date(t),
    });
  // Range boundaries in UTC: the last instant of the day before, the first and last of yesterday.
  view('edge', '/', ms(dayBefore, 23, 59, 59_999));
  view('edge', '/', ms(yesterday, 0));
  view('late', '/firms', ms(yesterday, 23, 59, 59_999));
  // One session twice in an hour and again later; another in the same hour; a crawler apart.
  view('a', '/', ms(yesterday, 5, 10), { utmSource: 'google' });
  view('a', `/firm/${firm.slug}`, ms(yesterday, 5, 50));
  view('b', `/firm/${firm.slug}`, ms(yesterday, 5, 30));
  view('a', '/', ms(yesterday, 7, 0));
  view('bot', `/firm/${firm.slug}`, ms(yesterday, 5, 20), { isBot: true });
  click(ms(yesterday, 5, 51));
  click(ms(yesterday, 7, 1), null);
  click(ms(dayBefore, 23, 59));
  // Today: its first instant, and the last minute (read raw until its hour is over).
  view('c', `/firm/${firm.slug}`, ms(today, 0));
  view('c', '/', Math.max(ms(today, 0), now - 60_000));
  view('d', `/firm/${firm.slug}`, Math.max(ms(today, 0), now - 30_000));
  click(Math.max(ms(today, 0), now - 20_000));
  await ctx.db.insert(pageViews).values(views);
  await ctx.db.insert(activityLogs).values(events);
}, 120_000);
afterAll(() => ctx?.close());

describe('the dashboards of one day, by hour', () => {
  let raw: Awaited<ReturnType<typeof figures>>;

  it('answer by hour for today and yesterday, with every hour counted as the raw rows give', async () => {
    raw = await figures();
    const [y, t, fy, ft] = raw;
    expect(y.granularity).toBe('hour');
    expect(y.series).toEqual(expectedSite(yesterday));
    expect(y.series).toHaveLength(24);
    expect(y.series[0]).toMatchObject({ hour: 0, pageViews: 1, sessions: 1 });
    expect(y.series[5]).toEqual({ day: yesterday, hour: 5, pageViews: 3, sessions: 2, outboundClicks: 1 });
    expect(y.series[23]).toMatchObject({ hour: 23, pageViews: 1 });
    expect(y.totals.pageViews.value).toBe(y.series.reduce((sum, h) => sum + h.pageViews, 0));
    expect(y.botPageViews.value).toBe(1);
    expect(t.granularity).toBe('hour');
    expect(t.series).toEqual(expectedSite(today));
    // Today's hours up to the one under way, none after it.
    expect(t.series.at(-1)?.hour).toBe(new Date().getUTCHours());
    expect(fy.granularity).toBe('hour');
    expect(fy.series).toEqual(expectedFirm(yesterday));
    expect(fy.totals.pageViews).toEqual({ value: 2, previous: 0 });
    expect(ft.series).toEqual(expectedFirm(today));
  });

  it('answers by day for a single day older than yesterday, and for a range of two days', async () => {
    const older = raw[4];
    expect(older.granularity).toBe('day');
    expect(older.series).toEqual([
      { day: dayBefore, hour: null, pageViews: 1, sessions: 1, outboundClicks: 1 },
    ]);
    const two = await read<SiteAnalytics>(`/api/admin/analytics?from=${yesterday}&to=${today}`);
    expect(two.granularity).toBe('day');
    expect(two.series.map((d) => d.day)).toEqual([yesterday, today]);
  });

  it('gives the same figures once the job has rolled them up by hour, run once by two processes', async () => {
    const second = await createTestApp({}, { sharedWith: ctx });
    try {
      const slot = new Date(Math.floor(now / 300_000) * 300_000);
      const runs = await Promise.all([
        ctx.app.jobs.runScheduled('analytics-rollup', slot),
        second.app.jobs.runScheduled('analytics-rollup', slot),
      ]);
      expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    } finally {
      await second.app.close();
    }
    const stored = await ctx.db
      .select({ n: sql<number>`sum(n)::int` })
      .from(analyticsHourlyCounts)
      .where(
        and(
          sql`${analyticsHourlyCounts.kind} = 'views'`,
          gte(analyticsHourlyCounts.hour, dayStart(yesterday)),
          lt(analyticsHourlyCounts.hour, dayStart(today)),
        ),
      );
    // Yesterday is read from the hourly rows now, not from the raw ones.
    expect(stored[0].n).toBe(expectedSite(yesterday).reduce((sum, h) => sum + h.pageViews, 0));
    expect(await figures()).toEqual(raw);
  });

  it('does not count twice when the rollup runs twice, or twice at once', async () => {
    const through = rolledThroughAt(new Date());
    await rollUpAnalytics(ctx.db, yesterday, through);
    await Promise.all([
      rollUpAnalytics(ctx.db, dayBefore, through),
      rollUpAnalytics(ctx.db, yesterday, through),
    ]);
    expect(await figures()).toEqual(raw);
    expect((await ctx.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
    expect(await figures()).toEqual(raw);
  });

  it('gives the same figures from a rollup that ends within an hour', async () => {
    await rollUpAnalytics(ctx.db, yesterday, new Date(ms(yesterday, 5, 40)));
    expect(await figures()).toEqual(raw);
    expect((await ctx.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
    expect(await figures()).toEqual(raw);
  });

  it('deletes the hourly rows of days no longer charted by hour', async () => {
    const later = new Date(ms(addDays(today, 2), 1, 5));
    await rollUpAnalytics(ctx.db, today, rolledThroughAt(later), later);
    const left = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsHourlyCounts)
      .where(lt(analyticsHourlyCounts.hour, dayStart(addDays(today, 1))));
    expect(left[0].n).toBe(0);
  });
});

describe('the migration that adds the hourly rollups (0015)', () => {
  it('leaves a database rolled up before it with the same figures, by hour too, before and after the next run', async () => {
    const own = await createTestApp();
    try {
      const ownAdmin = await signUpUser(own, { verified: true, admin: true, prefix: 'hourmigr' });
      const get = async <T>(url: string): Promise<T> => {
        const res = await own.app.inject({ url, headers: { origin: TEST_ORIGIN, cookie: ownAdmin.cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as T;
      };
      const week = `/api/admin/analytics?from=${addDays(today, -6)}&to=${today}`;
      const site = (day: string) => get<SiteAnalytics>(`/api/admin/analytics?from=${day}&to=${day}`);
      const all = () => Promise.all([get<SiteAnalytics>(week), site(yesterday), site(today)]);
      const view = (sessionId: string, t: number) => ({
        path: '/',
        sessionId,
        device: 'desktop',
        browser: 'Chrome',
        createdAt: new Date(t),
      });
      // 'back' was seen three days ago and again yesterday: counted once in the week.
      await own.db
        .insert(pageViews)
        .values([
          view('back', ms(addDays(today, -3), 10)),
          view('back', ms(yesterday, 10, 5)),
          view('new', ms(yesterday, 11, 30)),
          view('new', ms(today, 0, 1)),
        ]);
      const raw = await all();
      expect(raw[0].totals.sessions.value).toBe(2);
      expect(raw[1].series[11].pageViews).toBe(1);
      expect((await own.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
      // The state of a database rolled up before the hourly table existed, then the migration's statements.
      await own.db.delete(analyticsHourlyCounts);
      const statements = readFileSync(path.join(migrationsFolder, '0015_analytics_hourly.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .filter((s) => /^\s*(--[^\n]*\n\s*)*DELETE/.test(s));
      expect(statements).toHaveLength(3);
      for (const statement of statements) await own.db.execute(sql.raw(statement));
      expect(await all()).toEqual(raw);
      expect((await own.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
      expect(await own.db.$count(analyticsHourlyCounts)).toBeGreaterThan(0);
      expect(await all()).toEqual(raw);
    } finally {
      await own.close();
    }
  });
});
