import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { activityLogs, pageViews } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...headers }, payload });

const view = {
  path: '/firms?market=futures',
  title: 'All Prop Firms',
  sessionId: 'session-abcdefgh',
  device: 'mobile',
  browser: 'Safari',
  loadTime: 840,
  utmSource: 'newsletter',
  utmCampaign: 'weekly',
};

describe('page views', () => {
  it('stores an anonymous view without its query string, ignoring a client-sent user id', async () => {
    const res = await post('/api/analytics/pageview', { ...view, userId: 'someone-else' });
    expect(res.statusCode).toBe(202);
    const [row] = await ctx.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1);
    expect(row).toMatchObject({
      path: '/firms',
      sessionId: 'session-abcdefgh',
      device: 'mobile',
      browser: 'Safari',
      loadTime: 840,
      utmSource: 'newsletter',
      utmCampaign: 'weekly',
      userId: null,
    });
  });

  it('attributes a view to the signed-in user from the session', async () => {
    const user = await signUpUser(ctx);
    await post('/api/analytics/pageview', view, { cookie: user.cookie });
    const [row] = await ctx.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1);
    expect(row.userId).toBe(user.id);
  });

  it('rejects a malformed view and stores nothing', async () => {
    const before = (await ctx.db.select().from(pageViews)).length;
    for (const bad of [
      { ...view, path: 'no-slash' },
      { ...view, browser: 'Netscape' },
      { ...view, loadTime: -1 },
    ]) {
      expect((await post('/api/analytics/pageview', bad)).statusCode).toBe(400);
    }
    expect((await ctx.db.select().from(pageViews)).length).toBe(before);
  });
});

describe('activity logs and events', () => {
  it('stores an activity with its metadata and referrer', async () => {
    const res = await post('/api/activity-logs', {
      activityType: 'blog_view',
      metadata: { slug: 'weekly-roundup' },
      referrerUrl: 'https://search.example/',
    });
    expect(res.statusCode).toBe(202);
    const [row] = await ctx.db.select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(1);
    expect(row).toMatchObject({ activityType: 'blog_view', metadata: { slug: 'weekly-roundup' } });
  });

  it('records search and filter events', async () => {
    await post('/api/analytics/search', { searchQuery: 'ridge', resultsCount: 3, context: 'firms-page' });
    await post('/api/analytics/filter', {
      filterType: 'assetClass',
      filterValue: 'futures',
      resultsCount: 7,
    });
    const rows = await ctx.db.select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(2);
    expect(rows.map((r) => r.activityType).sort()).toEqual(['filter', 'search']);
    expect(rows.find((r) => r.activityType === 'search')?.metadata).toMatchObject({
      searchQuery: 'ridge',
      resultsCount: 3,
    });
  });

  it('answers 400, not 500, for a link click naming a firm that does not exist', async () => {
    const res = await post('/api/analytics/link-click', {
      url: 'https://firm.example/',
      clickType: 'coupon',
      propFirmId: 999999,
      couponId: 1,
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects an unknown activity type and oversized metadata', async () => {
    expect((await post('/api/activity-logs', { activityType: 'hack' })).statusCode).toBe(400);
    const big = { activityType: 'error', metadata: { blob: 'x'.repeat(5000) } };
    expect((await post('/api/activity-logs', big)).statusCode).toBe(400);
  });
});
