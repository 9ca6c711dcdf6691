import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { type AdminCoupon, type CouponInput, emptyCoupon } from '../../../domain/admin-content';
import { insertFirm } from '../../db/seed/factories';

let ctx: TestContext;
const who: Record<'user' | 'admin', TestUser> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp();
  who.user = await signUpUser(ctx, { prefix: 'usr', verified: true });
  who.admin = await signUpUser(ctx, { prefix: 'adm', verified: true, admin: true });
});
afterAll(() => ctx.close());

type Role = 'anonymous' | 'user' | 'admin';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(role === 'anonymous' ? {} : { cookie: who[role].cookie }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
const coupon = (overrides: Partial<CouponInput> = {}): CouponInput => ({
  ...emptyCoupon(),
  code: 'SAVE20',
  title: 'Twenty off',
  description: '20% off every challenge',
  discountPercent: 20,
  expiryDate: nextYear,
  ...overrides,
});

const toInput = (c: AdminCoupon): CouponInput => {
  const { id: _i, version: _v, firmName: _f, usageCount: _u, createdAt: _c, ...input } = c;
  return input;
};

describe('coupons admin', () => {
  it('is for admins only: 401 signed out, 403 for users', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/1'],
      ['POST', '/api/admin/coupons'],
      ['PUT', '/api/admin/coupons/1'],
      ['DELETE', '/api/admin/coupons/1?version=1'],
      ['GET', '/api/admin/firm-choices'],
    ] as const) {
      expect((await call(method, url, 'anonymous', method === 'GET' ? undefined : {})).statusCode).toBe(401);
      expect((await call(method, url, 'user', method === 'GET' ? undefined : {})).statusCode).toBe(403);
    }
  });

  it('creates a coupon with sanitized terms, shown on the public list at once', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Coupon Firm', slug: 'coupon-firm' });
    expect((await ctx.app.inject('/api/coupons')).statusCode).toBe(200); // cached now
    const res = await call(
      'POST',
      '/api/admin/coupons',
      'admin',
      coupon({
        slug: 'save-twenty',
        propFirmId: firm.id,
        featured: true,
        terms:
          '<p>New customers <strong>only</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AdminCoupon;
    expect(created).toMatchObject({
      version: 1,
      firmName: 'Coupon Firm',
      expiryDate: nextYear,
      featured: true,
    });
    expect(created.terms).toContain('<strong>only</strong>');
    expect(created.terms).not.toMatch(/script|onerror/);
    const list = (await ctx.app.inject('/api/coupons')).json() as { slug: string; terms: string }[];
    expect(list.map((c) => c.slug)).toContain('save-twenty');
    const deal = (await ctx.app.inject('/api/coupons/slug/save-twenty')).json();
    expect(deal.expiryDate).toBe(`${nextYear}T23:59:59.000Z`);
  });

  it('validates every field with its name, and refuses a taken slug or unknown firm', async () => {
    const bad = await call(
      'POST',
      '/api/admin/coupons',
      'admin',
      coupon({ code: ' ', discountPercent: 120, expiryDate: '31/12/2030' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('code: Code is required');
    expect(bad.json().message).toContain('discountPercent: Discount must be at most 100');
    expect(bad.json().message).toContain('expiryDate: Expiry must be a date (YYYY-MM-DD)');
    await call('POST', '/api/admin/coupons', 'admin', coupon({ slug: 'taken-slug' }));
    const taken = await call('POST', '/api/admin/coupons', 'admin', coupon({ slug: 'taken-slug' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slug_taken');
    const noFirm = await call('POST', '/api/admin/coupons', 'admin', coupon({ propFirmId: 999_999 }));
    expect(noFirm.statusCode).toBe(400);
  });

  it('saves over the current version only, lists with search, deletes with the version', async () => {
    const created = (
      await call('POST', '/api/admin/coupons', 'admin', coupon({ code: 'VERSIONED' }))
    ).json() as AdminCoupon;
    const saved = await call('PUT', `/api/admin/coupons/${created.id}`, 'admin', {
      version: 1,
      coupon: { ...toInput(created), isActive: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ isActive: false, version: 2 });
    const stale = await call('PUT', `/api/admin/coupons/${created.id}`, 'admin', {
      version: 1,
      coupon: { ...toInput(created), title: 'Lost edit' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);

    const found = await call('GET', '/api/admin/coupons?q=versioned', 'admin');
    expect(found.json().coupons.map((c: AdminCoupon) => c.code)).toEqual(['VERSIONED']);

    expect((await call('DELETE', `/api/admin/coupons/${created.id}?version=1`, 'admin')).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/api/admin/coupons/${created.id}?version=2`, 'admin')).statusCode).toBe(
      204,
    );
    const audit = (
      await call('GET', `/api/admin/audit?entity=coupon&entityId=${created.id}`, 'admin')
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
  });
});

describe('POST /api/admin/uploads', () => {
  const form = (file: Buffer, name: string, type: string) => {
    const boundary = '----admin-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };
  const upload = (role: Role, file: Buffer, name: string, type: string) => {
    const { payload, headers } = form(file, name, type);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        origin: TEST_ORIGIN,
        ...headers,
        ...(role === 'anonymous' ? {} : { cookie: who[role].cookie }),
      },
      payload,
    });
  };

  it('stores an admin image as WebP and answers its URL; refuses others and non-images', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    expect((await upload('anonymous', png, 'logo.png', 'image/png')).statusCode).toBe(401);
    expect((await upload('user', png, 'logo.png', 'image/png')).statusCode).toBe(403);
    const res = await upload('admin', png, 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 400, height: 200 });
    expect(body.url).toMatch(/^\/uploads\/.+\.webp$/);
    const served = await ctx.app.inject(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/webp');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('admin', svg, 'logo.png', 'image/png')).statusCode).toBe(415);
  });
});
