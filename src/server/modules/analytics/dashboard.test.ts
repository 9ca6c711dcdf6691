import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { FirmAnalytics, SiteAnalytics } from '../../../domain/admin-analytics';
import { activityLogs, couponUses, pageViews, reviews } from '../../db/schema';
import { insertCoupon, insertFirm, insertUser } from '../../db/seed/factories';

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
    expect(a.series).toHaveLength(7);
    expect(a.series[0]).toEqual({ day: '2026-03-08', pageViews: 2, sessions: 1, outboundClicks: 1 });
    expect(a.series[1]).toEqual({ day: '2026-03-09', pageViews: 0, sessions: 0, outboundClicks: 0 });
    expect(a.series[2]).toEqual({ day: '2026-03-10', pageViews: 2, sessions: 1, outboundClicks: 2 });
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
