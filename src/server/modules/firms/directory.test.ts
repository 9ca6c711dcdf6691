import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { propFirms } from '../../db/schema';
import {
  insertAccount,
  insertCoupon,
  insertFirm,
  insertManualReview,
  setFeaturedFirm,
} from '../../db/seed/factories';
import { createDirectoryModel, type DirectoryModel } from './directory-model';

let ctx: TestContext;
const DAY = 86_400_000;

// Five listed firms whose names, markets and ratings exercise every rule, and firms and coupons
// that must never count: a firm that is not listed, and coupons expired, inactive or firm-less.
beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  const firm = (slug: string, name: string, assetType: string, trustRating: string | null, extra = {}) =>
    insertFirm(db, { slug, name, assetType, trustRating, ...extra });
  await firm('alpha', 'alpha FX', 'CFD/Forex', 'caution');
  const bravo = await firm('bravo', 'Bravo Futures', 'Futures', 'approved');
  const charlie = await firm('charlie', 'Charlie Crypto', 'Crypto', null);
  await firm('delta', 'Delta Markets', 'Forex, Futures & Crypto', ' Trusted ');
  const echo = await firm('echo', 'Echo Capital', 'cfd', 'avoid', {
    shortDescription: 'Weekly payouts_100% of the time',
  });
  const hidden = await firm('hidden', 'Aardvark Hidden', 'Futures', 'approved', { status: 'not_listed' });
  await setFeaturedFirm(db, charlie.id);

  await insertAccount(db, { propFirmId: bravo.id, capital: 50_000, price: 99 });
  await insertAccount(db, { propFirmId: echo.id, capital: 10_000, price: 49 });
  await insertAccount(db, { propFirmId: hidden.id, capital: 10_000, price: 10 });

  await insertCoupon(db, { propFirmId: bravo.id, code: 'LIVE1' });
  await insertCoupon(db, { propFirmId: echo.id, code: 'LIVE2', expiryDate: null });
  await insertCoupon(db, { propFirmId: echo.id, code: 'OLD', expiryDate: new Date(Date.now() - DAY) });
  await insertCoupon(db, { propFirmId: echo.id, code: 'OFF', isActive: false });
  await insertCoupon(db, { propFirmId: hidden.id, code: 'HIDDEN' });
  await insertCoupon(db, { propFirmId: null, code: 'NOFIRM' });

  await insertManualReview(db, { propFirmId: echo.id, rating: 5 });
  await insertManualReview(db, { propFirmId: echo.id, rating: 5 });
  await insertManualReview(db, { propFirmId: bravo.id, rating: 4 });
});
afterAll(() => ctx.close());

const page = async (query = '') => {
  const res = await ctx.app.inject(`/api/firms${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { firms: { slug: string }[]; total: number; page: number; pageSize: number };
};
const slugs = async (query = '') => (await page(query)).firms.map((f) => f.slug);

describe('GET /api/firms: filters, sorts and pages on the server', () => {
  it('puts the featured firm first, then names A-Z ignoring case, and only listed firms', async () => {
    const body = await page();
    expect(body.firms.map((f) => f.slug)).toEqual(['charlie', 'alpha', 'bravo', 'delta', 'echo']);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 24, featuredFirmId: expect.any(Number) });
    expect(await slugs('?sort=az')).toEqual(['charlie', 'alpha', 'bravo', 'delta', 'echo']);
  });

  it('sorts by trust weight (approved and trusted 3, caution 2, avoid 1, none 0), then name', async () => {
    expect(await slugs('?sort=rating')).toEqual(['charlie', 'bravo', 'delta', 'alpha', 'echo']);
  });

  it('sorts by review average, then count, for the home page', async () => {
    expect(await slugs('?sort=reviews')).toEqual(['charlie', 'echo', 'bravo', 'alpha', 'delta']);
  });

  it('filters markets by the words of the asset type; the featured firm leads only when it matches', async () => {
    expect(await slugs('?market=cfd')).toEqual(['alpha', 'delta', 'echo']);
    expect(await slugs('?market=futures')).toEqual(['bravo', 'delta']);
    expect(await slugs('?market=crypto&sort=rating')).toEqual(['charlie', 'delta']);
    expect((await page('?market=all')).total).toBe(5);
  });

  it('searches name, short description and markets as plain text, any case', async () => {
    expect(await slugs('?q=WEEKLY')).toEqual(['echo']);
    expect(await slugs('?q=futures')).toEqual(['bravo', 'delta']);
    expect(await slugs('?q=%20capital%20&market=cfd')).toEqual(['echo']);
    expect(await slugs('?q=payouts_100%25')).toEqual(['echo']);
    const none = await page('?q=%25%25');
    expect(none).toMatchObject({ firms: [], total: 0 });
  });

  it('pages with a stable order and keeps the total on a page past the end', async () => {
    expect(await slugs('?pageSize=2')).toEqual(['charlie', 'alpha']);
    expect(await slugs('?pageSize=2&page=2')).toEqual(['bravo', 'delta']);
    expect(await slugs('?pageSize=2&page=3')).toEqual(['echo']);
    const past = await page('?pageSize=2&page=4');
    expect(past).toMatchObject({ firms: [], total: 5, page: 4, pageSize: 2 });
    expect(await slugs('?sort=rating&pageSize=2&page=2')).toEqual(['delta', 'alpha']);
  });

  it('answers 400 naming the parameter for bad values', async () => {
    const cases: [string, string][] = [
      ['?market=stocks', 'market'],
      ['?sort=price', 'sort'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=51', 'pageSize'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await ctx.app.inject(`/api/firms${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        message: expect.stringContaining(field),
      });
    }
  });

  it('is cached under the firms, coupons and reviews tags, so admin edits and reviews invalidate it', async () => {
    await ctx.app.inject('/api/firms?market=futures');
    const res = await ctx.app.inject('/api/firms?market=futures');
    expect(res.headers['x-cache']).toBe('hit');
    expect(res.headers['x-cache-tags']).toBeUndefined();
    for (const type of ['firm.updated', 'coupon.updated', 'review.created'] as const) {
      ctx.app.changes.publishCommitted({ type });
      expect((await ctx.app.inject('/api/firms?market=futures')).headers['x-cache']).toBe('miss');
      expect((await ctx.app.inject('/api/firms?market=futures')).headers['x-cache']).toBe('hit');
    }
    ctx.app.changes.publishCommitted({ type: 'post.created' });
    expect((await ctx.app.inject('/api/firms?market=futures')).headers['x-cache']).toBe('hit');
  });
});

describe('GET /api/firms/stats', () => {
  it('counts over every listed firm: approved includes trusted, live coupons of listed firms only', async () => {
    const res = await ctx.app.inject('/api/firms/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ listedCount: 5, approvedCount: 2, accountCount: 2, activeCouponCount: 2 });
    ctx.app.changes.publishCommitted({ type: 'firm.created' });
    expect((await ctx.app.inject('/api/firms/stats')).headers['x-cache']).toBe('miss');
  });
});

describe('OpenAPI document', () => {
  it('documents the directory parameters and shapes', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    const firms = doc.paths['/api/firms'].get;
    expect(firms.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'market',
      'page',
      'pageSize',
      'q',
      'sort',
    ]);
    const schema = firms.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual([
      'featuredFirmId',
      'firms',
      'page',
      'pageSize',
      'total',
    ]);
    expect(doc.paths['/api/firms/stats'].get.responses['200']).toBeDefined();
  });
});

describe('a firm saved, merged into the directory', () => {
  it('gives the orders and counts a full build of the same data gives, change after change', async () => {
    const model = createDirectoryModel(ctx.db);
    await model.read((m) => m);
    const snapshot = (m: DirectoryModel) => ({
      orders: Object.fromEntries(
        Object.entries(m.orders).map(([sort, order]) => [sort, order.map((e) => e.card.id)]),
      ),
      stats: m.stats,
    });
    const names = ['Zulu Prop', 'aaa first', 'Mid Firm', 'bravo futures'];
    const ratings = ['approved', 'avoid', null, 'caution', ' Trusted '];
    const statuses = ['listed', 'not_listed'];
    const ids = (await ctx.db.select({ id: propFirms.id }).from(propFirms)).map((r) => r.id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            firm: fc.constantFrom(...ids),
            name: fc.constantFrom(...names),
            rating: fc.constantFrom(...ratings),
            status: fc.constantFrom(...statuses),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (saves) => {
          for (const s of saves) {
            await ctx.db
              .update(propFirms)
              .set({ name: `${s.name} ${s.firm}`, trustRating: s.rating, status: s.status })
              .where(eq(propFirms.id, s.firm));
            model.invalidate([{ type: 'firm.updated', id: s.firm }]);
          }
          const merged = await model.readLatest((m) => m);
          const full = await createDirectoryModel(ctx.db).read((m) => m);
          expect(snapshot(merged)).toEqual(snapshot(full));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
