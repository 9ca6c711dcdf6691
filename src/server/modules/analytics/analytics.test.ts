import { desc, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { activityLogs, pageViews, sessions } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Accepted events wait in the ingest buffer: each post is followed by a flush, as the tick would.
const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload,
  });
  await ctx.app.analyticsIngest.flush();
  return res;
};

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

describe('batched ingestion', () => {
  const burstView = (i: number) => ({ ...view, path: `/burst/${i}`, sessionId: `burst-session-${i}` });
  // Each sender from its own address, as visitors are: the per-address rate limit stays out of it.
  const send = (app: TestContext['app'], i: number, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`, ...headers },
      payload: burstView(i),
    });

  it('turns a burst of 1,500 page views into a few multi-row inserts', async () => {
    const before = ctx.app.analyticsIngest.inserts;
    const answers = await Promise.all(Array.from({ length: 1500 }, (_, i) => send(ctx.app, i)));
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    await ctx.app.analyticsIngest.flush();
    const stored = await ctx.db.select().from(pageViews).where(like(pageViews.path, '/burst/%'));
    expect(stored).toHaveLength(1500);
    expect(ctx.app.analyticsIngest.inserts - before).toBeLessThanOrEqual(4);
  });

  it('answers 503 with Retry-After when the buffer is full, storing nothing of the refused view', async () => {
    const small = await createTestApp({ ANALYTICS_BUFFER_ROWS: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await send(small.app, i)).statusCode);
      const refused = await send(small.app, 4);
      expect(codes.slice(0, 3)).toEqual([202, 202, 202]);
      expect(codes[3]).toBe(503);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toEqual({
        message: 'Analytics are busy: try again in a few seconds',
        code: 'busy',
      });
      await small.app.analyticsIngest.flush();
      const stored = await small.db.select({ path: pageViews.path }).from(pageViews);
      expect(stored.map((r) => r.path).sort()).toEqual(['/burst/0', '/burst/1', '/burst/2']);
      // Room again once written.
      expect((await send(small.app, 5)).statusCode).toBe(202);
    } finally {
      await small.close();
    }
  });

  it('leaves out a row the database refuses without losing the rest of its batch', async () => {
    const buffer = ctx.app.analyticsIngest;
    const row = (path: string, userId: string | null) => ({
      path,
      sessionId: 'refusal-session',
      device: 'desktop',
      browser: 'Chrome',
      userId,
    });
    buffer.addPageView(row('/refusal/kept-1', null));
    // A user deleted between the request and the flush: the foreign key refuses the row.
    buffer.addPageView(row('/refusal/refused', 'no-such-user'));
    buffer.addPageView(row('/refusal/kept-2', null));
    await buffer.flush();
    const stored = await ctx.db
      .select({ path: pageViews.path })
      .from(pageViews)
      .where(like(pageViews.path, '/refusal/%'));
    expect(stored.map((r) => r.path).sort()).toEqual(['/refusal/kept-1', '/refusal/kept-2']);
    expect(buffer.pending).toBe(0);
  });

  it('writes every acknowledged view when the app closes (SIGTERM)', async () => {
    const other = await createTestApp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(other.app, i)));
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    expect(other.app.analyticsIngest.pending).toBe(20);
    await other.app.close();
    expect(await other.db.select().from(pageViews)).toHaveLength(20);
    await other.database.close();
  });
});

describe('bots', () => {
  it('flags a view from a crawler as a bot view, and a browser view as not', async () => {
    await post(
      '/api/analytics/pageview',
      { ...view, sessionId: 'crawler-one' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    );
    await post(
      '/api/analytics/pageview',
      { ...view, sessionId: 'browser-one' },
      {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      },
    );
    const rows = await ctx.db
      .select({ sessionId: pageViews.sessionId, isBot: pageViews.isBot })
      .from(pageViews)
      .where(inArray(pageViews.sessionId, ['crawler-one', 'browser-one']));
    expect(rows.sort((a, b) => a.sessionId.localeCompare(b.sessionId))).toEqual([
      { sessionId: 'browser-one', isBot: false },
      { sessionId: 'crawler-one', isBot: true },
    ]);
  });

  it('stores no IP address with a view or an event', async () => {
    const ip = '203.0.113.77';
    await post(
      '/api/analytics/pageview',
      { ...view, sessionId: 'ip-check-session' },
      { 'x-forwarded-for': ip },
    );
    await post(
      '/api/analytics/search',
      { searchQuery: 'ip check', resultsCount: 1 },
      { 'x-forwarded-for': ip },
    );
    const views = await ctx.db.select().from(pageViews);
    const activity = await ctx.db.select().from(activityLogs);
    expect(JSON.stringify([views, activity])).not.toContain(ip);
  });

  it('keeps no IP address with a session either', async () => {
    await signUpUser(ctx, { prefix: 'noip' });
    const kept = await ctx.db.select({ ip: sessions.ipAddress }).from(sessions);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((r) => r.ip)).toEqual([]);
  });
});
