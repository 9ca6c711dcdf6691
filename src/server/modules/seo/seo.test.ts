import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { insertBlogPost, insertCoupon, insertFirm, insertGiveaway } from '../../db/seed/factories';

let ctx: TestContext;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertFirm(ctx.db, { slug: 'acme' });
  await insertFirm(ctx.db, { slug: 'hidden-firm', status: 'not_listed' });
  await insertBlogPost(ctx.db, { slug: 'live-post' });
  await insertBlogPost(ctx.db, { slug: 'draft-post', published: false });
  await insertCoupon(ctx.db, { slug: 'live-deal' });
  await insertCoupon(ctx.db, { slug: 'old-deal', expiryDate: new Date(Date.now() - DAY) });
  await insertGiveaway(ctx.db, { slug: 'big-draw' });
});
afterAll(() => ctx.close());

describe('GET /sitemap.xml', () => {
  it('lists static pages and every public entity with lastmod', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of [
      '/',
      '/firms',
      '/challenges',
      '/blog',
      '/coupons',
      '/giveaways',
      '/firm/acme',
      '/blog/live-post',
      '/deals/live-deal',
      '/giveaways/big-draw',
    ]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    for (const path of ['/firm/hidden-firm', '/blog/draft-post', '/deals/old-deal', '/admin', '/profile']) {
      expect(xml).not.toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/firm\/acme<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });
});

describe('GET /robots.txt', () => {
  it('allows all but private areas and points at the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /profile',
      'Disallow: /api/',
      'Disallow: /outbound/',
      'Sitemap: http://localhost:3000/sitemap.xml',
    ]) {
      expect(res.body.split('\n')).toContain(line);
    }
  });
});
