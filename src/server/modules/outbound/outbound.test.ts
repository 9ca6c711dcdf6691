import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { activityLogs } from '../../db/schema';
import { insertCoupon, insertFirm } from '../../db/seed/factories';

let ctx: TestContext;
let firm: Awaited<ReturnType<typeof insertFirm>>;

beforeAll(async () => {
  ctx = await createTestApp();
  firm = await insertFirm(ctx.db, {
    slug: 'acme',
    affiliateUrl: 'https://acme.example/join?ref=pfc&x=1',
    website: 'https://acme.example',
  });
});
afterAll(() => ctx.close());

const clicks = (type: string, propFirmId: number) =>
  ctx.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.activityType, type), eq(activityLogs.propFirmId, propFirmId)))
    .orderBy(activityLogs.id);

describe('GET /outbound/{slug or id}', () => {
  it('redirects to the stored affiliate URL and records a firm_click with referrer and session', async () => {
    const res = await ctx.app.inject({
      url: '/outbound/acme?sid=session-1234abcd&url=https://evil.example',
      headers: { referer: 'http://localhost:3000/firm/acme' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://acme.example/join?ref=pfc&x=1');
    expect(res.headers['cache-control']).toBe('no-store');
    const [log] = await clicks('firm_click', firm.id);
    expect(log).toMatchObject({
      sessionId: 'session-1234abcd',
      referrerUrl: 'http://localhost:3000/firm/acme',
    });
  });

  it('records only a well-formed session id and never lets it change the redirect', async () => {
    const target = await insertFirm(ctx.db, { slug: 'sid-check', affiliateUrl: 'https://sid.example/go' });
    const sids = [
      ['a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'],
      ['short', null],
      ['has%20space%20inside', null],
      ['https%3A%2F%2Fevil.example%2F', null],
      ['x'.repeat(65), null],
      ['<script>alert(1)</script>', null],
      ['abcdefgh&sid=ijklmnop', null],
    ] as const;
    for (const [sid] of sids) {
      const res = await ctx.app.inject(`/outbound/sid-check?sid=${sid}`);
      expect(res.statusCode, sid).toBe(302);
      expect(res.headers.location).toBe('https://sid.example/go');
    }
    const logs = await ctx.db
      .select({ sessionId: activityLogs.sessionId })
      .from(activityLogs)
      .where(eq(activityLogs.propFirmId, target.id))
      .orderBy(activityLogs.id);
    expect(logs.map((l) => l.sessionId)).toEqual(sids.map(([, recorded]) => recorded));
  });

  it('accepts the numeric id and falls back to the website', async () => {
    const plain = await insertFirm(ctx.db, {
      slug: 'plain',
      affiliateUrl: null,
      website: 'https://plain.example/',
    });
    const res = await ctx.app.inject(`/outbound/${plain.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://plain.example/');
    expect(await clicks('firm_click', plain.id)).toHaveLength(1);
  });

  it('never redirects to a URL that is not stored, nor to a non-http one', async () => {
    await insertFirm(ctx.db, { slug: 'nolink', affiliateUrl: null, website: null });
    await insertFirm(ctx.db, { slug: 'scripted', affiliateUrl: 'javascript:alert(1)', website: null });
    for (const url of [
      '/outbound/unknown?url=https://evil.example',
      '/outbound/nolink',
      '/outbound/scripted',
      '/outbound/99999',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Link Not Found');
    }
  });
});

describe('GET /outbound/coupon/{id}', () => {
  it("uses the coupon's URL, else its firm's, and records a coupon_click", async () => {
    const own = await insertCoupon(ctx.db, {
      propFirmId: firm.id,
      affiliateUrl: 'https://acme.example/deal',
    });
    const inherited = await insertCoupon(ctx.db, { propFirmId: firm.id, affiliateUrl: null });
    expect((await ctx.app.inject(`/outbound/coupon/${own.id}`)).headers.location).toBe(
      'https://acme.example/deal',
    );
    expect((await ctx.app.inject(`/outbound/coupon/${inherited.id}`)).headers.location).toBe(
      'https://acme.example/join?ref=pfc&x=1',
    );
    const logs = await clicks('coupon_click', firm.id);
    expect(logs.map((l) => l.metadata)).toEqual([{ couponId: own.id }, { couponId: inherited.id }]);
    expect(logs.map((l) => l.sessionId)).toEqual([null, null]);

    await ctx.app.inject(`/outbound/coupon/${own.id}?sid=coupon-session-42`);
    const [, , tagged] = await clicks('coupon_click', firm.id);
    expect(tagged).toMatchObject({ sessionId: 'coupon-session-42', metadata: { couponId: own.id } });
  });

  it('answers 404 for unknown and non-numeric coupons', async () => {
    expect((await ctx.app.inject('/outbound/coupon/424242')).statusCode).toBe(404);
    expect((await ctx.app.inject('/outbound/coupon/abc')).statusCode).toBe(404);
  });
});
