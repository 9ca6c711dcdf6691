import { desc, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { FirmAnalytics, FirmAnalyticsDetail, SiteAnalytics } from '../../../domain/admin-analytics';
import { activityLogs, analyticsRolledDays, couponUses, pageViews, reviews } from '../../db/schema';
import { insertCoupon, insertFirm, insertUser } from '../../db/seed/factories';
import { pruneAnalyticsRaw, rollUpAnalyticsDays, rollUpPendingAnalytics, SETTLED_AFTER_MS } from './rollups';

// The dashboards read a fixed past week, so rows the test writes at known instants give known figures.
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const RANGE = 'from=2026-03-08&to=2026-03-14';

let ctx: TestContext;
let admin: TestUser;
let firm: { id: number; slug: string };

const get = (url: string, who: TestUser | null = admin) =>
  ctx.app.inject({ url, headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) } });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'dashadmin' });
  firm = await insertFirm(ctx.db, { name: 'Dashboard Capital', slug: 'dashboard-capital' });
  const other = await insertFirm(ctx.db, { name: 'Quiet Funding', slug: 'quiet-funding' });
  const view = (
    path: string,
    sessionId: string,
    day: string,
    extra: Partial<typeof pageViews.$inferInsert> = {},
  ) => ({
    path,
    sessionId,
    device: 'desktop',
    browser: 'Chrome',
    createdAt: at(day),
    ...extra,
  });
  await ctx.db.insert(pageViews).values([
    // In the range (8-14 March): 6 views, 3 sessions.
    view('/', 's1', '2026-03-08', {
      loadTime: 100,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'weekly',
    }),
    view(`/firm/${firm.slug}`, 's1', '2026-03-08', { loadTime: 200 }),
    view(`/firm/${firm.slug}`, 's2', '2026-03-10', { device: 'mobile', browser: 'Safari', loadTime: 300 }),
    view(`/firm/${firm.slug}`, 's3', '2026-03-14', { device: 'mobile', browser: 'Safari', loadTime: 400 }),
    view('/firms', 's2', '2026-03-10'),
    view('/firms', 's3', '2026-03-14'),
    // The period before (1-7 March): 2 views, 1 session.
    view('/', 'p1', '2026-03-01'),
    view('/firms', 'p1', '2026-03-07'),
    // After the range: not counted.
    view('/', 'late', '2026-03-15', { createdAt: at('2026-03-15', 0) }),
  ]);
  const activity = (
    activityType: string,
    day: string,
    extra: Partial<typeof activityLogs.$inferInsert> = {},
  ) => ({
    activityType,
    createdAt: at(day),
    ...extra,
  });
  await ctx.db.insert(activityLogs).values([
    activity('firm_click', '2026-03-08', { propFirmId: firm.id }),
    activity('coupon_click', '2026-03-10', { propFirmId: firm.id }),
    activity('link_click', '2026-03-10'),
    activity('firm_click', '2026-03-03', { propFirmId: other.id }),
    activity('search', '2026-03-09', { metadata: { searchQuery: 'FTMO ', resultsCount: 0 } }),
    activity('search', '2026-03-09', { metadata: { searchQuery: 'ftmo', resultsCount: 0 } }),
    activity('search', '2026-03-11', { metadata: { searchQuery: 'dashboard', resultsCount: 1 } }),
    activity('filter', '2026-03-12', {
      metadata: { filterType: 'assetClass', filterValue: 'futures', resultsCount: 4 },
    }),
  ]);
  const coupon = await insertCoupon(ctx.db, { propFirmId: firm.id, code: 'DASH10' });
  await ctx.db.insert(couponUses).values([
    { couponId: coupon.id, visitorKey: 'v1', day: '2026-03-09', createdAt: at('2026-03-09') },
    { couponId: coupon.id, visitorKey: 'v2', day: '2026-03-09', createdAt: at('2026-03-09') },
  ]);
  const author = await insertUser(ctx.db, { createdAt: at('2026-03-09') });
  await ctx.db.insert(reviews).values([
    {
      propFirmId: firm.id,
      userId: author.id,
      rating: 4,
      title: 'Good',
      comment: 'Fine firm overall.',
      createdAt: at('2026-03-12'),
    },
    {
      propFirmId: firm.id,
      rating: 2,
      title: 'Meh',
      comment: 'Slow support.',
      isManual: true,
      createdAt: at('2026-03-13'),
    },
  ]);
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/admin/analytics', () => {
  it('is for admins only', async () => {
    expect((await get(`/api/admin/analytics?${RANGE}`, null)).statusCode).toBe(401);
    const user = await signUpUser(ctx, { verified: true, prefix: 'dashuser' });
    expect((await get(`/api/admin/analytics?${RANGE}`, user)).statusCode).toBe(403);
  });

  it('computes every figure of the range from the stored rows, against the period before', async () => {
    const res = await get(`/api/admin/analytics?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const a = res.json() as SiteAnalytics;
    expect(a.range).toEqual({
      from: '2026-03-08',
      to: '2026-03-14',
      previousFrom: '2026-03-01',
      previousTo: '2026-03-07',
    });
    expect(a.totals.pageViews).toEqual({ value: 6, previous: 2 });
    expect(a.totals.sessions).toEqual({ value: 3, previous: 1 });
    expect(a.totals.outboundClicks).toEqual({ value: 3, previous: 1 });
    expect(a.totals.couponCopies).toEqual({ value: 2, previous: 0 });
    expect(a.totals.reviews).toEqual({ value: 2, previous: 0 });
    expect(a.totals.signUps.value).toBeGreaterThanOrEqual(1);
    expect(a.granularity).toBe('day');
    expect(a.series).toHaveLength(7);
    expect(a.series[0]).toEqual({
      day: '2026-03-08',
      hour: null,
      pageViews: 2,
      sessions: 1,
      outboundClicks: 1,
    });
    expect(a.series[1]).toEqual({
      day: '2026-03-09',
      hour: null,
      pageViews: 0,
      sessions: 0,
      outboundClicks: 0,
    });
    expect(a.series[2]).toEqual({
      day: '2026-03-10',
      hour: null,
      pageViews: 2,
      sessions: 1,
      outboundClicks: 2,
    });
    expect(a.topPages[0]).toEqual({ path: `/firm/${firm.slug}`, views: 3, sessions: 3 });
    expect(a.sources).toEqual([
      { source: '(direct)', views: 5, sessions: 3 },
      { source: 'newsletter', views: 1, sessions: 1 },
    ]);
    expect(a.campaigns).toEqual([{ campaign: 'weekly', source: 'newsletter', medium: 'email', views: 1 }]);
    expect(a.devices).toEqual([
      { device: 'desktop', views: 4 },
      { device: 'mobile', views: 2 },
    ]);
    expect(a.loadTime).toEqual({ median: 250, p75: 325, samples: 4 });
    expect(a.topSearches[0]).toEqual({ query: 'ftmo', searches: 2, averageResults: 0 });
    expect(a.zeroResultSearches).toEqual([{ query: 'ftmo', searches: 2 }]);
    expect(a.filters).toEqual([{ filterType: 'assetClass', filterValue: 'futures', uses: 1 }]);
  });

  it.each([
    ['from=2026-03-14&to=2026-03-08', 'The end must not be before the start'],
    ['from=2025-01-01&to=2026-03-08', 'A range is at most 366 days'],
    ['from=2026-3-1&to=2026-03-08', 'Use the date format YYYY-MM-DD'],
    ['to=2026-03-08', ''],
  ])('refuses a bad range (%s) with a 400', async (query, message) => {
    const res = await get(`/api/admin/analytics?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/admin/firm-analytics', () => {
  it('gives every listed firm its figures, busiest first', async () => {
    const res = await get(`/api/admin/firm-analytics?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const { firms } = res.json() as FirmAnalytics;
    expect(firms[0]).toEqual({
      firmId: firm.id,
      name: 'Dashboard Capital',
      slug: 'dashboard-capital',
      pageViews: 3,
      outboundClicks: 2,
      clickThroughRate: 0.667,
      couponCopies: 2,
      newReviews: 2,
      averageRating: 3,
      giveawayEntries: 0,
    });
    expect(firms.find((f) => f.slug === 'quiet-funding')).toMatchObject({
      pageViews: 0,
      outboundClicks: 0,
      clickThroughRate: null,
    });
  });
});

describe('GET /api/admin/firm-analytics/:id', () => {
  it("gives one firm's figures against the period before, by day, with its page's sources", async () => {
    const res = await get(`/api/admin/firm-analytics/${firm.id}?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const d = res.json() as FirmAnalyticsDetail;
    expect(d.firm).toEqual({ id: firm.id, name: 'Dashboard Capital', slug: firm.slug, listed: true });
    expect(d.totals).toEqual({
      pageViews: { value: 3, previous: 0 },
      outboundClicks: { value: 2, previous: 0 },
      couponCopies: { value: 2, previous: 0 },
      newReviews: { value: 2, previous: 0 },
      giveawayEntries: { value: 0, previous: 0 },
    });
    expect(d.clickThroughRate).toBe(0.667);
    expect(d.averageRating).toBe(3);
    expect(d.granularity).toBe('day');
    expect(d.series).toHaveLength(7);
    expect(d.series[2]).toEqual({ day: '2026-03-10', hour: null, pageViews: 1, outboundClicks: 1 });
    expect(d.sources).toEqual([{ source: '(direct)', views: 3 }]);
  });

  it('answers 404 for a firm that does not exist and 400 for an id that is not one', async () => {
    expect((await get(`/api/admin/firm-analytics/999999?${RANGE}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/firm-analytics/abc?${RANGE}`)).statusCode).toBe(400);
    expect((await get(`/api/admin/firm-analytics/${firm.id}?from=2026-03-14&to=2026-03-01`)).statusCode).toBe(
      400,
    );
  });
});

describe('rollups', () => {
  // April: sessions that come back on later days (in the range and from the period before), bots,
  // searches, filters and clicks, so the rolled-up figures meet every case of the raw ones.
  const APRIL = 'from=2026-04-08&to=2026-04-14';
  const read = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const figures = () =>
    Promise.all([
      read(`/api/admin/analytics?${APRIL}`),
      read(`/api/admin/analytics?${RANGE}`),
      read(`/api/admin/analytics?from=2026-03-01&to=2026-04-30`),
      read(`/api/admin/firm-analytics?${APRIL}`),
      read(`/api/admin/firm-analytics/${firm.id}?${APRIL}`),
    ]);

  beforeAll(async () => {
    const rows: (typeof pageViews.$inferInsert)[] = [];
    const view = (path: string, sessionId: string, day: string, hour: number, extra = {}) =>
      rows.push({
        path,
        sessionId,
        device: 'desktop',
        browser: 'Firefox',
        createdAt: at(day, hour),
        ...extra,
      });
    // 'back' visits before the range and three times in it; 'twice' on two days of the range.
    view('/', 'back', '2026-04-03', 9, { utmSource: 'x' });
    view(`/firm/${firm.slug}`, 'back', '2026-04-08', 9, { utmSource: 'x', loadTime: 900 });
    view(`/firm/${firm.slug}`, 'back', '2026-04-10', 9, { loadTime: 901 });
    view('/', 'back', '2026-04-14', 23, { loadTime: 17 });
    view('/', 'twice', '2026-04-09', 0, { device: 'mobile', utmSource: 'google', utmCampaign: 'spring' });
    view('/', 'twice', '2026-04-09', 1, { device: 'mobile' });
    view(`/firm/${firm.slug}`, 'twice', '2026-04-12', 1, { device: 'tablet', loadTime: 55 });
    view('/firms', 'once', '2026-04-11', 5, { browser: 'Edge', utmSource: 'google', utmMedium: 'cpc' });
    view('/', 'crawler', '2026-04-11', 6, { isBot: true });
    view(`/firm/${firm.slug}`, 'crawler', '2026-04-12', 6, { isBot: true });
    view('/', 'crawler', '2026-04-02', 6, { isBot: true });
    await ctx.db.insert(pageViews).values(rows);
    const activity = (
      activityType: string,
      day: string,
      extra: Partial<typeof activityLogs.$inferInsert> = {},
    ) => ({
      activityType,
      createdAt: at(day),
      ...extra,
    });
    await ctx.db
      .insert(activityLogs)
      .values([
        activity('firm_click', '2026-04-08', { propFirmId: firm.id }),
        activity('link_click', '2026-04-12', { propFirmId: firm.id }),
        activity('firm_click', '2026-04-05', { propFirmId: firm.id }),
        activity('search', '2026-04-09', { metadata: { searchQuery: 'Apex', resultsCount: 2 } }),
        activity('search', '2026-04-10', { metadata: { searchQuery: 'apex ', resultsCount: 3 } }),
        activity('search', '2026-04-10', { metadata: { searchQuery: 'nothing here', resultsCount: 0 } }),
        activity('filter', '2026-04-13', { metadata: { filterType: 'assetClass', filterValue: 'crypto' } }),
      ]);
  });

  it('counts sessions that come back on several days once, and bots apart', async () => {
    const a = (await read(`/api/admin/analytics?${APRIL}`)) as SiteAnalytics;
    expect(a.totals.pageViews).toEqual({ value: 7, previous: 1 });
    expect(a.totals.sessions).toEqual({ value: 3, previous: 1 });
    expect(a.botPageViews).toEqual({ value: 2, previous: 1 });
    expect(a.topPages).toEqual([
      { path: '/', views: 3, sessions: 2 },
      { path: `/firm/${firm.slug}`, views: 3, sessions: 2 },
      { path: '/firms', views: 1, sessions: 1 },
    ]);
    expect(a.sources).toContainEqual({ source: '(direct)', views: 4, sessions: 2 });
    // Load times count to 10 ms: 20, 60, 900, 900.
    expect(a.loadTime).toEqual({ median: 480, p75: 900, samples: 4 });
    expect(a.topSearches[0]).toEqual({ query: 'apex', searches: 2, averageResults: 2.5 });
    expect(a.series.map((d) => d.sessions)).toEqual([1, 1, 1, 1, 1, 0, 1]);
  });

  it('gives the same figures from the rollups as from the raw rows, and after the raw rows are pruned', async () => {
    const raw = await figures();
    // Half of the days rolled up, half raw: the dashboards add the two.
    await rollUpAnalyticsDays(ctx.db, '2026-04-01', '2026-04-10', new Date('2026-11-01T00:00:00Z'));
    expect(await figures()).toEqual(raw);
    expect((await ctx.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
    const rolled = await ctx.db.select({ day: analyticsRolledDays.day }).from(analyticsRolledDays);
    expect(rolled.map((r) => r.day)).toContain('2026-04-14');
    expect(await figures()).toEqual(raw);
    // The raw rows of the rolled-up days go; the figures stay.
    expect((await ctx.app.jobs.run('analytics-prune')).status).toBe('succeeded');
    expect(
      await ctx.db
        .select()
        .from(pageViews)
        .where(lt(pageViews.createdAt, at('2026-05-01'))),
    ).toEqual([]);
    expect(await figures()).toEqual(raw);
  });
});

describe('today, rolled up hour by hour', () => {
  it('adds the raw rows of the last minutes to the rollups, a session seen in both counted once', async () => {
    const own = await createTestApp();
    try {
      const ownAdmin = await signUpUser(own, { verified: true, admin: true, prefix: 'hourly' });
      const now = Date.now();
      const view = (sessionId: string, path: string, msAgo: number) => ({
        path,
        sessionId,
        device: 'desktop',
        browser: 'Chrome',
        createdAt: new Date(now - msAgo),
      });
      await own.db
        .insert(pageViews)
        .values([
          view('today-a', '/', 3 * 3_600_000),
          view('today-a', '/firms', 90 * 60_000),
          view('today-a', '/', 60_000),
          view('today-b', '/', 60_000),
        ]);
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const url = `/api/admin/analytics?from=${day(now - 6 * 86_400_000)}&to=${day(now)}`;
      const read = async () => {
        const res = await own.app.inject({ url, headers: { origin: TEST_ORIGIN, cookie: ownAdmin.cookie } });
        expect(res.statusCode).toBe(200);
        return res.json() as SiteAnalytics;
      };
      const raw = await read();
      expect(raw.totals.pageViews.value).toBe(4);
      expect(raw.totals.sessions.value).toBe(2);
      expect(raw.topPages[0]).toEqual({ path: '/', views: 3, sessions: 2 });
      expect((await own.app.jobs.run('analytics-rollup')).status).toBe('succeeded');
      const [today] = await own.db
        .select()
        .from(analyticsRolledDays)
        .orderBy(desc(analyticsRolledDays.day))
        .limit(1);
      // Rolled through the minute 2 minutes back, so the last minute's views are still read raw.
      const through = today.rolledThrough.getTime();
      expect(through % 60_000).toBe(0);
      expect(through).toBeLessThanOrEqual(now - 60_000);
      expect(await read()).toEqual(raw);
      // A run at the same minute has nothing new to roll up; the next one adds the last minutes.
      expect(await rollUpPendingAnalytics(own.db, new Date(through + SETTLED_AFTER_MS))).toBeNull();
      expect(await rollUpPendingAnalytics(own.db, new Date(now + 300_000))).toMatchObject({
        incremental: true,
      });
      expect(await read()).toEqual(raw);
    } finally {
      await own.close();
    }
  });
});

describe('pruning', () => {
  it('keeps raw rows of days not rolled up, whatever their age', async () => {
    const own = await createTestApp();
    try {
      await own.db.insert(pageViews).values({
        path: '/',
        sessionId: 'old-session',
        device: 'desktop',
        browser: 'Chrome',
        createdAt: at('2025-01-01'),
      });
      await pruneAnalyticsRaw(own.db, 90);
      expect(await own.db.select().from(pageViews)).toHaveLength(1);
      await own.app.jobs.run('analytics-rollup');
      await pruneAnalyticsRaw(own.db, 90);
      expect(await own.db.select().from(pageViews)).toHaveLength(0);
    } finally {
      await own.close();
    }
  });
});
