import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { seedDemoDataIfEmpty } from '../db/seed/seed-demo-data';
import { apiCacheKey, cacheTagsOf } from './response-cache-plugin';

/** A page's public API answers taken in process must be the very answers the HTTP layer gives. */
describe('in-process answers', () => {
  let ctx: TestContext;
  let firm: string;
  let post: string;
  let coupon: string;
  let giveaway: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoDataIfEmpty(ctx.db);
    const slugOf = async (url: string) => {
      const body = JSON.parse((await ctx.app.inject(url)).body);
      const list = Array.isArray(body) ? body : (body.firms ?? body.posts ?? body.coupons ?? body.giveaways);
      return (list as { slug: string }[])[0].slug;
    };
    [firm, post, coupon, giveaway] = await Promise.all([
      slugOf('/api/firms?sort=rating'),
      slugOf('/api/blog'),
      slugOf('/api/coupons'),
      slugOf('/api/giveaways'),
    ]);
  }, 120_000);
  afterAll(() => ctx.close());

  const pageUrls = () => [
    '/api/firms?sort=rating&page=2&pageSize=5',
    '/api/firms?market=futures&sort=reviews',
    '/api/firms/stats',
    '/api/unlisted-firms',
    '/api/hero-stats',
    '/api/featured-firm',
    '/api/firms/account-counts',
    '/api/accounts-with-details',
    '/api/search/firms?q=north',
    `/api/firms/${firm}/details`,
    `/api/firms/${firm}/platforms`,
    `/api/firms/${firm}/payout-methods`,
    `/api/firms/${firm}/reviews`,
    `/api/firms/${firm}/rating`,
    `/api/firms/${firm}/rule-changes`,
    '/api/challenges?size=100000&steps=1&steps=2&sort=trueCost&passRate=0.2',
    '/api/challenges/filters',
    '/api/blog',
    `/api/blog/${post}`,
    '/api/quick-updates',
    '/api/coupons',
    `/api/coupons/slug/${coupon}`,
    '/api/giveaways',
    `/api/giveaways/${giveaway}`,
    '/api/cashback-firms',
  ];

  it('answers each public read of the pages exactly as the route does, and caches it with its tags', async () => {
    for (const url of pageUrls()) {
      ctx.app.cache.clear();
      const routed = await ctx.app.inject(url);
      expect(routed.statusCode, url).toBe(200);
      ctx.app.cache.clear();
      const answer = await ctx.app.answerInProcess(url);
      expect(answer, url).toBeDefined();
      expect(answer?.text, url).toBe(routed.body);
      expect(answer?.contentType, url).toBe(routed.headers['content-type']);
      const cached = ctx.app.cache.get(apiCacheKey(url));
      expect(cached?.body.toString(), url).toBe(routed.body);
      expect(answer?.tags, url).toEqual([...(cached?.tags ?? [])]);
      expect(answer?.tags.length, url).toBeGreaterThan(0);
    }
  });

  it.each([
    ['a firm that does not exist', '/api/firms/no-such-firm/details'],
    ['a query its schema refuses', '/api/firms?pageSize=999'],
    ['a filter value its schema refuses', '/api/challenges?steps=7'],
    ['a path with escapes', '/api/search/firms?q=north%20bridge'],
    ['a path with a plus', '/api/search/firms?q=north+bridge'],
    ['a route that is not public', '/api/points/balance'],
    ['a route that is not cached', '/api/auth/user'],
    ['no route at all', '/api/no-such-route'],
  ])('leaves %s to the HTTP layer', async (_what, url) => {
    ctx.app.cache.clear();
    expect(await ctx.app.answerInProcess(url)).toBeUndefined();
    expect(ctx.app.cache.get(apiCacheKey(url))).toBeUndefined();
  });

  it('does not store an answer read before a change of its data', async () => {
    const url = `/api/firms/${firm}/platforms`;
    ctx.app.cache.clear();
    const { id } = JSON.parse((await ctx.app.inject(`/api/firms/${firm}/details`)).body) as { id: number };
    const answering = ctx.app.answerInProcess(url);
    // The tags the firm's change drops: its own answers carry its tag (decision 0065).
    ctx.app.cache.invalidate(cacheTagsOf([{ type: 'firm.updated', id }]));
    expect(await answering).toBeDefined();
    expect(ctx.app.cache.get(apiCacheKey(url))).toBeUndefined();
  });
});
