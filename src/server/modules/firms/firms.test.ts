import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { propFirms } from '../../db/schema';
import {
  insertAccount,
  insertCoupon,
  insertFirm,
  insertFundingModel,
  insertManualReview,
  insertNewsletterSubscriber,
  insertPayoutMethod,
  insertPlatform,
  insertUnlistedFirm,
  insertUser,
  linkFirmPayoutMethods,
  linkFirmPlatforms,
  setFeaturedFirm,
} from '../../db/seed/factories';

let ctx: TestContext;
const ids: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  const ridgestep = await insertFirm(db, {
    name: 'Ridgestep',
    slug: 'ridgestep',
    assetType: 'Futures',
    trustRating: 'trusted',
    accountPriceMin: null,
    accountPriceMax: null,
    fundingMin: null,
    fundingMax: null,
  });
  const harborline = await insertFirm(db, { name: 'Harborline', slug: 'harborline', assetType: 'CFD/Forex' });
  const hidden = await insertFirm(db, {
    name: 'Ridgestone Capital',
    slug: 'ridgestone',
    status: 'not_listed',
  });
  ids.ridgestep = ridgestep.id;
  ids.harborline = harborline.id;
  ids.hidden = hidden.id;

  const model = await insertFundingModel(db, {
    propFirmId: ridgestep.id,
    name: 'Trading Combine',
    assetType: 'Futures',
  });
  await insertAccount(db, {
    propFirmId: ridgestep.id,
    fundingModelId: model.id,
    capital: 50_000,
    price: 49,
    pricingType: 'monthly',
  });
  await insertAccount(db, {
    propFirmId: ridgestep.id,
    fundingModelId: model.id,
    capital: 150_000,
    price: 149.5,
    pricingType: 'monthly',
    maxContracts: 15,
  });
  await insertAccount(db, { propFirmId: harborline.id, capital: 100_000, price: 540 });
  await insertAccount(db, { propFirmId: hidden.id, capital: 10_000, price: 10 });

  await insertCoupon(db, { propFirmId: ridgestep.id, code: 'TEN', discountPercent: 10 });
  await insertCoupon(db, { propFirmId: ridgestep.id, code: 'THIRTY', discountPercent: 30 });
  await insertCoupon(db, {
    propFirmId: ridgestep.id,
    code: 'OLD',
    discountPercent: 90,
    expiryDate: new Date(Date.now() - DAY),
  });
  await insertCoupon(db, { propFirmId: ridgestep.id, code: 'OFF', discountPercent: 80, isActive: false });

  await insertManualReview(db, { propFirmId: ridgestep.id, rating: 5 });
  await insertManualReview(db, { propFirmId: ridgestep.id, rating: 4 });

  const mt5 = await insertPlatform(db, { name: 'MetaTrader 5' });
  const ninja = await insertPlatform(db, { name: 'NinjaTrader' });
  await linkFirmPlatforms(db, ridgestep.id, [ninja.id, mt5.id]);
  const wise = await insertPayoutMethod(db, { name: 'Wise' });
  await linkFirmPayoutMethods(db, ridgestep.id, [wise.id]);

  await insertUnlistedFirm(db, { name: 'Zeta', status: 'not_yet_listed', sortOrder: 1 });
  await insertUnlistedFirm(db, { name: 'Alpha', status: 'not_qualified', sortOrder: 1 });
  await insertUnlistedFirm(db, { name: 'Omega', status: 'listing_pending', sortOrder: 9 });
  await insertUnlistedFirm(db, { name: 'Beta', status: 'not_yet_listed', sortOrder: 0 });

  const user = await insertUser(db, { email: 'Same@Example.test' });
  await insertNewsletterSubscriber(db, { email: user.email.toLowerCase(), status: 'confirmed' });
  await insertNewsletterSubscriber(db, { status: 'confirmed' });
  await insertNewsletterSubscriber(db, { status: 'pending' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/firms', () => {
  it('lists only listed firms, compact, with derived ranges, counts, best coupon and rating', async () => {
    const res = await get('/api/firms');
    expect(res.statusCode).toBe(200);
    const { firms } = res.json();
    expect(firms.map((f: { slug: string }) => f.slug)).toEqual(['harborline', 'ridgestep']);
    const ridgestep = firms.find((f: { slug: string }) => f.slug === 'ridgestep');
    expect(ridgestep).toMatchObject({
      trustRating: 'trusted',
      accountPriceMin: 49,
      accountPriceMax: 149.5,
      fundingMin: 50_000,
      fundingMax: 150_000,
      fundingModelCount: 1,
      accountCount: 2,
      activeCouponCount: 2,
      bestCoupon: { code: 'THIRTY', discountPercent: 30 },
      averageRating: 4.5,
      totalReviews: 2,
    });
    expect(ridgestep).not.toHaveProperty('fundingModels');
    expect(ridgestep).not.toHaveProperty('description');
  });

  it('is cached for anonymous visitors under the firms tag, from its second request', async () => {
    // The test above asked once; an answer is stored from its second request (decision 0040).
    expect((await get('/api/firms')).headers['x-cache']).toBe('miss');
    expect((await get('/api/firms')).headers['x-cache']).toBe('hit');
    ctx.app.changes.publishCommitted({ type: 'firm.updated' });
    expect((await get('/api/firms')).headers['x-cache']).toBe('miss');
    // Asked for lately: stored again on the request after the change.
    expect((await get('/api/firms')).headers['x-cache']).toBe('hit');
  });
});

describe('GET /api/firms/{slug}/details', () => {
  it('returns the full record with models, accounts and every coupon, live ones first', async () => {
    const res = await get('/api/firms/ridgestep/details');
    expect(res.statusCode).toBe(200);
    const firm = res.json();
    expect(firm.name).toBe('Ridgestep');
    expect(firm.fundingModels).toHaveLength(1);
    expect(firm.fundingModels[0]).toMatchObject({
      name: 'Trading Combine',
      assetType: 'Futures',
      leverage: 100,
    });
    expect(firm.accounts.map((a: { capital: number }) => a.capital)).toEqual([50_000, 150_000]);
    expect(firm.accounts[1]).toMatchObject({ price: 149.5, pricingType: 'monthly', maxContracts: 15 });
    expect(firm.accounts[0].fundingModelId).toBe(firm.fundingModels[0].id);
    expect(firm.coupons.map((c: { code: string }) => c.code).slice(0, 2)).toEqual(['THIRTY', 'TEN']);
    expect(firm.coupons).toHaveLength(4);
    expect(firm.accountPriceMin).toBe(49);
  });

  it('answers 404 for an unknown slug and for firms that are not listed', async () => {
    const resources = ['details', 'reviews', 'rating', 'platforms', 'payout-methods'];
    for (const url of resources.flatMap((r) => [`/api/firms/nope/${r}`, `/api/firms/ridgestone/${r}`])) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Firm not found', code: 'not_found' });
    }
  });
});

describe('GET /api/search/firms', () => {
  it('refuses queries under 2 characters after trimming', async () => {
    for (const q of ['', 'a', '%20a%20%20']) {
      const res = await get(`/api/search/firms?q=${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('q');
    }
    expect((await get('/api/search/firms')).statusCode).toBe(400);
  });

  it('finds by prefix, puts the best match first and includes unlisted statuses', async () => {
    const res = await get('/api/search/firms?q=ridge');
    expect(res.statusCode).toBe(200);
    const results = res.json();
    expect(results.map((r: { slug: string }) => r.slug)).toEqual(
      expect.arrayContaining(['ridgestep', 'ridgestone']),
    );
    expect(results[0]).toMatchObject({ slug: expect.stringMatching(/^ridge/) });
    const hidden = results.find((r: { slug: string }) => r.slug === 'ridgestone');
    expect(hidden.status).toBe('not_listed');
    expect(Object.keys(results[0]).sort()).toEqual(
      [
        'affiliateUrl',
        'assetClass',
        'description',
        'id',
        'logoUrl',
        'name',
        'slug',
        'status',
        'websiteUrl',
      ].sort(),
    );
  });

  it('tolerates typos and ranks the exact name first', async () => {
    const typo = (await get('/api/search/firms?q=Ridgetpo')).json();
    expect(typo[0].slug).toBe('ridgestep');
    const exact = (await get('/api/search/firms?q=harborline')).json();
    expect(exact[0].slug).toBe('harborline');
    // Two letters swapped: no word of a name is close enough (word similarity 0.47), so only the
    // second lookup, by similarity of the whole name, finds it.
    const swapped = (await get('/api/search/firms?q=harbolrine')).json();
    expect(swapped[0].slug).toBe('harborline');
  });

  it('finds a firm from a one-letter slip, and a firm written since once its change is read in', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Quillstone Prop Desk', slug: 'quillstone' });
    // Written straight to the database, it is found once its change event says so and the index
    // has read it (requests meanwhile are answered from the index as it stood).
    expect((await get('/api/search/firms?q=Quillstone')).json()).toEqual([]);
    ctx.app.changes.publishCommitted({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    expect((await get('/api/search/firms?q=Quilston')).json()[0]).toMatchObject({ slug: 'quillstone' });
    await ctx.db.update(propFirms).set({ name: 'Quartzline Prop Desk' }).where(eq(propFirms.id, firm.id));
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: firm.id });
    await ctx.app.readModels.settled();
    expect((await get('/api/search/firms?q=Quartzlnie')).json()[0]).toMatchObject({ slug: 'quillstone' });
    expect((await get('/api/search/firms?q=Quillstone')).json()).toEqual([]);
  });

  it('treats LIKE wildcards as plain text', async () => {
    const res = await get('/api/search/firms?q=%25%25');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('returns at most 10 results', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        insertFirm(ctx.db, { name: `Apex Trader ${i}`, slug: `apex-${i}` }),
      ),
    );
    ctx.app.changes.publishCommitted({ type: 'firm.created' });
    const res = await get('/api/search/firms?q=apex');
    expect(res.json()).toHaveLength(10);
  });
});

describe('directory side data', () => {
  it('orders unlisted firms pending first, then sortOrder, then name', async () => {
    const res = await get('/api/unlisted-firms');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { name: string }) => f.name)).toEqual(['Omega', 'Beta', 'Alpha', 'Zeta']);
  });

  it('counts accounts per listed firm, zero included', async () => {
    const counts = (await get('/api/firms/account-counts')).json();
    expect(counts).toEqual(
      expect.arrayContaining([
        { firmId: ids.ridgestep, accountCount: 2 },
        { firmId: ids.harborline, accountCount: 1 },
      ]),
    );
    expect(counts.find((c: { firmId: number }) => c.firmId === ids.hidden)).toBeUndefined();
  });

  it('lists account prices of listed firms', async () => {
    const rows = (await get('/api/accounts-with-details')).json();
    expect(rows).toContainEqual({ price: 149.5, capital: 150_000, propFirm: { id: ids.ridgestep } });
    expect(rows.some((r: { propFirm: { id: number } }) => r.propFirm.id === ids.hidden)).toBe(false);
  });

  it('counts hero stats: traders are distinct emails of users and confirmed subscribers', async () => {
    ctx.app.cache.clear();
    const stats = (await get('/api/hero-stats')).json();
    expect(stats.tradersCount).toBe(2);
    expect(stats.couponsCount).toBe(2);
    expect(stats.firmsCount).toBeGreaterThanOrEqual(2);
    expect(stats.accountsCount).toBe(3);
  });

  it('names the featured firm only while it is listed', async () => {
    expect((await get('/api/featured-firm')).json()).toEqual({ propFirmId: null });
    await setFeaturedFirm(ctx.db, ids.ridgestep);
    ctx.app.cache.clear();
    expect((await get('/api/featured-firm')).json()).toEqual({ propFirmId: ids.ridgestep });
    await setFeaturedFirm(ctx.db, ids.hidden);
    ctx.app.cache.clear();
    expect((await get('/api/featured-firm')).json()).toEqual({ propFirmId: null });
  });

  it('lists platforms and payout methods by name, 404 for unknown firms', async () => {
    const platforms = (await get('/api/firms/ridgestep/platforms')).json();
    expect(platforms.map((p: { name: string }) => p.name)).toEqual(['MetaTrader 5', 'NinjaTrader']);
    expect(Object.keys(platforms[0]).sort()).toEqual(['id', 'logo', 'name']);
    expect(
      (await get('/api/firms/ridgestep/payout-methods')).json().map((p: { name: string }) => p.name),
    ).toEqual(['Wise']);
    expect((await get('/api/firms/nope/platforms')).statusCode).toBe(404);
    expect((await get('/api/firms/nope/payout-methods')).statusCode).toBe(404);
  });

  it('documents the firm routes in the OpenAPI document', async () => {
    const paths = (await get('/api/docs/json')).json().paths;
    for (const path of [
      '/api/firms',
      '/api/firms/stats',
      '/api/search/firms',
      '/api/firms/{slug}/details',
      '/api/hero-stats',
    ]) {
      expect(paths[path]?.get?.responses?.['200']).toBeDefined();
    }
  });
});
