import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDanger, XSS_CORPUS } from '../../../../tests/fixtures/xss-corpus';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { coupons } from '../../db/schema';
import { insertCoupon, insertFirm } from '../../db/seed/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const post = (url: string, ip = '10.0.0.1', ua = 'test-agent', payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'user-agent': ua },
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET /api/coupons', () => {
  it('lists active unexpired coupons, featured first, with their firm', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Listing Capital', logo: '/uploads/lc.png' });
    const plain = await insertCoupon(ctx.db, { slug: 'list-plain', propFirmId: firm.id });
    const featured = await insertCoupon(ctx.db, { slug: 'list-featured', featured: true });
    await insertCoupon(ctx.db, { slug: 'list-expired', expiryDate: new Date(Date.now() - DAY) });
    await insertCoupon(ctx.db, { slug: 'list-inactive', isActive: false });
    const noExpiry = await insertCoupon(ctx.db, { slug: 'list-no-expiry', expiryDate: null });

    const res = await ctx.app.inject('/api/coupons');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; slug: string; propFirm: unknown }[];
    const slugs = list.map((c) => c.slug);
    expect(slugs).not.toContain('list-expired');
    expect(slugs).not.toContain('list-inactive');
    expect(slugs[0]).toBe('list-featured');
    expect(slugs).toContain('list-no-expiry');
    expect(list.find((c) => c.id === plain.id)?.propFirm).toEqual({
      id: firm.id,
      name: 'Listing Capital',
      slug: firm.slug,
      logo: '/uploads/lc.png',
      affiliateUrl: firm.affiliateUrl,
    });
    expect(list.find((c) => c.id === featured.id)?.propFirm).toBeNull();
    expect(list.find((c) => c.id === noExpiry.id)).toMatchObject({ expiryDate: null, usesThisMonth: 0 });
  });
});

describe('GET /api/coupons/slug/{slug}', () => {
  it('returns a coupon, expired ones included, and 404 for unknown or withdrawn ones', async () => {
    await insertCoupon(ctx.db, { slug: 'slug-expired', expiryDate: new Date(Date.now() - DAY) });
    await insertCoupon(ctx.db, { slug: 'slug-withdrawn', isActive: false });
    expect((await ctx.app.inject('/api/coupons/slug/slug-expired')).statusCode).toBe(200);
    const missing = await ctx.app.inject('/api/coupons/slug/no-such-deal');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Coupon not found', code: 'not_found' });
    expect((await ctx.app.inject('/api/coupons/slug/slug-withdrawn')).statusCode).toBe(404);
  });

  it('sanitises stored terms on the way out', async () => {
    for (const [i, payload] of XSS_CORPUS.entries()) {
      await insertCoupon(ctx.db, { slug: `xss-${i}`, terms: `<p>Terms</p>${payload}` });
      const res = await ctx.app.inject(`/api/coupons/slug/xss-${i}`);
      const terms = (res.json() as { terms: string }).terms;
      expect(findDanger(terms), payload).toBeNull();
      expect(terms).toContain('<p>Terms</p>');
    }
  });
});

describe('POST /api/coupons/{id}/use', () => {
  it('counts once per visitor per day', async () => {
    const coupon = await insertCoupon(ctx.db, { slug: 'use-once' });
    const first = await post(`/api/coupons/${coupon.id}/use`, '10.0.1.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ usageCount: 1, counted: true });
    expect((await post(`/api/coupons/${coupon.id}/use`, '10.0.1.1')).json()).toEqual({
      usageCount: 1,
      counted: false,
    });
    expect((await post(`/api/coupons/${coupon.id}/use`, '10.0.1.2')).json()).toEqual({
      usageCount: 2,
      counted: true,
    });
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row.usageCount).toBe(2);
    const listed = (await ctx.app.inject('/api/coupons/slug/use-once')).json() as { usesThisMonth: number };
    expect(listed.usesThisMonth).toBe(2);
  });

  it('refreshes a cached list after a use', async () => {
    const coupon = await insertCoupon(ctx.db, { slug: 'use-cache' });
    const before = (await ctx.app.inject('/api/coupons')).json() as { id: number; usageCount: number }[];
    expect(before.find((c) => c.id === coupon.id)?.usageCount).toBe(0);
    await post(`/api/coupons/${coupon.id}/use`, '10.0.2.1');
    const after = (await ctx.app.inject('/api/coupons')).json() as { id: number; usageCount: number }[];
    expect(after.find((c) => c.id === coupon.id)?.usageCount).toBe(1);
  });

  it('rejects unknown ids, bad ids and cross-origin calls', async () => {
    expect((await post('/api/coupons/999999/use', '10.0.3.1')).statusCode).toBe(404);
    expect((await post('/api/coupons/abc/use', '10.0.3.1')).statusCode).toBe(400);
    const cross = await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons/1/use',
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('POST /api/coupons/{id}/vote', () => {
  it('keeps one vote per visitor and reports the totals', async () => {
    const coupon = await insertCoupon(ctx.db, { slug: 'vote-me' });
    const url = `/api/coupons/${coupon.id}/vote`;
    expect((await post(url, '10.0.4.1', 'a', { worked: true })).json()).toEqual({
      votes: { worked: 1, total: 1 },
    });
    expect((await post(url, '10.0.4.1', 'a', { worked: false })).json()).toEqual({
      votes: { worked: 0, total: 1 },
    });
    expect((await post(url, '10.0.4.2', 'a', { worked: true })).json()).toEqual({
      votes: { worked: 1, total: 2 },
    });
    expect((await post(url, '10.0.4.3', 'a', { worked: 'yes' })).statusCode).toBe(400);
    const shown = (await ctx.app.inject('/api/coupons/slug/vote-me')).json() as { votes: unknown };
    expect(shown.votes).toEqual({ worked: 1, total: 2 });
  });
});
