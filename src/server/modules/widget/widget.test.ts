import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { insertCoupon, insertFirm, insertManualReview } from '../../db/seed/factories';

let ctx: TestContext;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const firm = await insertFirm(ctx.db, {
    name: 'Acme <Funding>',
    slug: 'acme',
    trustRating: 'caution',
    logo: '/uploads/acme.png',
  });
  firmId = firm.id;
  await insertManualReview(ctx.db, { propFirmId: firm.id, rating: 5 });
  await insertManualReview(ctx.db, { propFirmId: firm.id, rating: 4 });
  await insertCoupon(ctx.db, { propFirmId: firm.id, code: 'SMALL', discountPercent: 10 });
  await insertCoupon(ctx.db, { propFirmId: firm.id, code: 'BIG25', discountPercent: 25 });
});
afterAll(() => ctx.close());

describe('GET /widget/firm/{firmId}', () => {
  it('renders a small, script-free, framable card', async () => {
    const res = await ctx.app.inject(`/widget/firm/${firmId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(Buffer.byteLength(res.body)).toBeLessThan(30 * 1024);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('Acme &lt;Funding&gt;');
    expect(res.body).toContain('Caution');
    expect(res.body).toContain('4.5');
    expect(res.body).toContain('2 reviews');
    expect(res.body).toContain('BIG25');
    expect(res.body).toContain('25% off');
    expect(res.body).toContain('href="http://localhost:3000/firm/acme"');
    expect(res.body).toContain('src="http://localhost:3000/uploads/acme.png"');
    // Its own icon: opened alone, a browser would otherwise ask for a /favicon.ico that 404s.
    expect(res.body).toContain('<link rel="icon" href="http://localhost:3000/favicon.svg"');
  });

  it('serves its stylesheet from this site', async () => {
    const res = await ctx.app.inject('/widget/widget.css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/css');
    expect(res.body).toContain('.card');
  });

  it('answers 404 for unknown or non-numeric ids', async () => {
    for (const url of ['/widget/firm/999999', '/widget/firm/acme']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });
});
