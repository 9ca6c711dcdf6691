import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogView } from '../../../../tests/setup/catalog-view';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import {
  type ChallengeOption,
  type ChallengePage,
  computeTrueCost,
  isDrawdownType,
  matchesAsset,
  trueCostInput,
} from '../../../domain/challenge-rules';
import { trustRatingWeight } from '../../../domain/firm-rules';
import { propFirms } from '../../db/schema';
import {
  insertAccount,
  insertCoupon,
  insertFirm,
  insertFundingModel,
  insertPlatform,
  linkFirmPlatforms,
} from '../../db/seed/factories';
import { ensurePlatformsAndPayoutMethods, insertFirmBundles } from '../../db/seed/firm-bundles';
import { generateFirms } from '../../db/seed/firm-generator';
import { altersCatalog, loadCatalog, refreshCatalogFirms } from './catalog';
import type { Catalog } from './catalog-shape';
import type { CatalogRow } from './catalog-source';

let ctx: TestContext;
const DAY = 86_400_000;

/** What the brute-force filters need to know about each firm, from the test's own data. */
const firmFacts = new Map<
  number,
  { assetType: string | null; platforms: Set<string>; countries: string[] }
>();
const modelAssetTypes = new Map<number, string | null>();

// Generated firms (every model kind, price type, drawdown type, platform mix, restricted countries)
// and hand-made edge cases: a firm that is not listed, coupons expired, inactive or beaten by a
// bigger discount, models without a drawdown type, daily limit, profit split or asset type.
beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db;
  const bundles = generateFirms(14, 2701);
  await ensurePlatformsAndPayoutMethods(db, bundles);
  const ids = await insertFirmBundles(db, bundles);
  for (const bundle of bundles) {
    const id = ids.get(bundle.firm.slug)!;
    firmFacts.set(id, {
      assetType: bundle.firm.assetType ?? null,
      platforms: new Set(bundle.platformNames.map((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, '-'))),
      countries: bundle.firm.restrictedCountries ?? [],
    });
  }
  const firmIds = [...ids.values()];
  await insertCoupon(db, { propFirmId: firmIds[0], code: 'TEN', discountPercent: 10 });
  await insertCoupon(db, { propFirmId: firmIds[0], code: 'TWENTY', discountPercent: 20, expiryDate: null });
  await insertCoupon(db, {
    propFirmId: firmIds[0],
    code: 'GONE',
    discountPercent: 50,
    expiryDate: new Date(Date.now() - DAY),
  });
  await insertCoupon(db, { propFirmId: firmIds[1], code: 'OFF', discountPercent: 40, isActive: false });
  await insertCoupon(db, { propFirmId: firmIds[2], code: 'HALF', discountPercent: 50 });

  const odd = await insertFirm(db, {
    slug: 'odd-firm',
    name: 'Odd Firm',
    assetType: 'Crypto',
    restrictedCountries: ['  canada '],
    cashbackProvided: true,
    cashbackPercentage: 12,
  });
  const platform = await insertPlatform(db, { name: 'Odd Trader 2' });
  await linkFirmPlatforms(db, odd.id, [platform.id]);
  firmFacts.set(odd.id, {
    assetType: 'Crypto',
    platforms: new Set(['odd-trader-2']),
    countries: ['  canada '],
  });
  const bare = await insertFundingModel(db, {
    propFirmId: odd.id,
    assetType: null,
    drawdownType: null,
    dailyDrawdown: null,
    profitSplit: null,
    maximumDrawdown: null,
    profitTargetPhase1: null,
    profitTargetPhase2: null,
    newsTrading: null,
    feeRefundable: true,
  });
  await insertAccount(db, { fundingModelId: bare.id, capital: 7_000, price: 333.33, activationFee: 99 });
  await insertAccount(db, {
    fundingModelId: bare.id,
    capital: 150_000,
    price: 120,
    pricingType: 'monthly',
    resetPrice: 60,
  });
  const hidden = await insertFirm(db, { slug: 'hidden-firm', status: 'not_listed' });
  await insertAccount(db, { propFirmId: hidden.id, price: 1 });

  const models = await db.query.fundingModels.findMany({ columns: { id: true, assetType: true } });
  for (const m of models) modelAssetTypes.set(m.id, m.assetType);
  ctx.app.changes.publishCommitted({ type: 'firm.created' });
});
afterAll(() => ctx.close());

async function get(query: string): Promise<ChallengePage> {
  const res = await ctx.app.inject(`/api/challenges${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChallengePage;
}

/** Every option of a query, all pages. */
async function all(query = ''): Promise<ChallengeOption[]> {
  const options: ChallengeOption[] = [];
  for (let page = 1; ; page++) {
    const sep = query ? '&' : '?';
    const body = await get(`${query}${sep}pageSize=100&page=${page}`);
    options.push(...body.options);
    if (options.length >= body.total || body.options.length === 0) {
      expect(options).toHaveLength(body.total);
      return options;
    }
  }
}

const ids = (options: ChallengeOption[]) => options.map((o) => o.account.id).sort((a, b) => a - b);

describe('GET /api/challenges', () => {
  it('lists every account option of listed firms, cheapest after coupon first, with true costs', async () => {
    const options = await all();
    const accounts = await ctx.db.query.firmAccounts.findMany();
    const hidden = await ctx.db.query.propFirms.findFirst({
      where: (f, { eq }) => eq(f.slug, 'hidden-firm'),
    });
    expect(ids(options)).toEqual(
      accounts
        .filter((a) => a.propFirmId !== hidden!.id)
        .map((a) => a.id)
        .sort((a, b) => a - b),
    );
    for (let i = 1; i < options.length; i++) {
      expect(options[i].priceAfterCoupon).toBeGreaterThanOrEqual(options[i - 1].priceAfterCoupon);
    }
    for (const o of options) {
      expect({ trueCost: o.trueCost, costPer1k: o.costPer1k, priceAfterCoupon: o.priceAfterCoupon }).toEqual(
        computeTrueCost(trueCostInput(o), { passRate: 0.1, monthsPerAttempt: 1 }),
      );
      expect(o.model.drawdownType === null || isDrawdownType(o.model.drawdownType)).toBe(true);
    }
  });

  it('takes the best live coupon: the highest discount among active, unexpired ones', async () => {
    const options = await all();
    const byCode = (code: string | undefined) => options.filter((o) => o.coupon?.code === code);
    expect(byCode('TWENTY').length).toBeGreaterThan(0);
    for (const o of byCode('TWENTY')) expect(o.priceAfterCoupon).toBe(Math.round(o.account.price * 80) / 100);
    expect(byCode('TEN')).toEqual([]);
    expect(byCode('GONE')).toEqual([]);
    expect(byCode('OFF')).toEqual([]);
    expect(byCode('HALF').length).toBeGreaterThan(0);
  });

  it('answers the odd firm with nulls where it has no value, its cashback and its account extras', async () => {
    const odd = (await all()).filter((o) => o.firm.slug === 'odd-firm');
    expect(odd).toHaveLength(2);
    const [small] = odd.filter((o) => o.account.capital === 7_000);
    expect(small).toMatchObject({
      firm: { cashbackPercentage: 12 },
      model: {
        steps: 0,
        drawdownType: null,
        dailyDrawdown: null,
        profitSplit: null,
        profitTargets: [],
        newsTrading: false,
      },
      account: { price: 333.33, activationFee: 99, resetPrice: null, pricingType: 'one-time' },
      coupon: null,
      priceAfterCoupon: 333.33,
      // instant: one attempt less 12% cashback, activation fee, the fee refunded at the 10% pass rate:
      // 333.33 x 0.88 = 293.3304, + 99, - 333.33 x 0.1 = 358.9974
      trueCost: 359,
    });
    const generated = (await all()).filter((o) => o.firm.slug !== 'odd-firm');
    expect(generated.every((o) => o.firm.cashbackPercentage === null || o.firm.cashbackPercentage > 0)).toBe(
      true,
    );
  });

  // Each filter against a brute-force filter over the unfiltered list: no option extra, none missing.
  const facts = (o: ChallengeOption) => firmFacts.get(o.firm.id)!;
  const cases: [string, (o: ChallengeOption) => boolean][] = [
    ['size=100000', (o) => o.account.capital === 100_000],
    ['size=25000&size=50000', (o) => [25_000, 50_000].includes(o.account.capital)],
    ['sizeMin=50000', (o) => o.account.capital >= 50_000],
    ['sizeMax=25000', (o) => o.account.capital <= 25_000],
    ['sizeMin=10000&sizeMax=100000', (o) => o.account.capital >= 10_000 && o.account.capital <= 100_000],
    ['steps=0', (o) => o.model.steps === 0],
    ['steps=1', (o) => o.model.steps === 1],
    ['steps=2&steps=3', (o) => o.model.steps >= 2],
    ['asset=futures', (o) => matchesAsset('futures', modelAssetTypes.get(o.model.id), facts(o).assetType)],
    ['asset=cfd', (o) => matchesAsset('cfd', modelAssetTypes.get(o.model.id), facts(o).assetType)],
    [
      'asset=crypto&asset=futures',
      (o) =>
        matchesAsset('crypto', modelAssetTypes.get(o.model.id), facts(o).assetType) ||
        matchesAsset('futures', modelAssetTypes.get(o.model.id), facts(o).assetType),
    ],
    ['drawdownType=trailing-eod', (o) => o.model.drawdownType === 'trailing-eod'],
    [
      'drawdownType=static&drawdownType=balance',
      (o) => o.model.drawdownType === 'static' || o.model.drawdownType === 'balance',
    ],
    ['dailyDrawdownMin=4', (o) => !o.model.dailyDrawdown || o.model.dailyDrawdown >= 4],
    ['maxDrawdownMin=8', (o) => (o.model.maximumDrawdown ?? -1) >= 8],
    ['targetMax=8', (o) => (o.model.profitTargets[0] ?? 0) <= 8],
    ['priceMax=150', (o) => o.priceAfterCoupon <= 150],
    ['profitSplitMin=90', (o) => (o.model.profitSplit ?? -1) >= 90],
    ['platform=metatrader-5', (o) => facts(o).platforms.has('metatrader-5')],
    [
      'platform=tradovate&platform=odd-trader-2',
      (o) => facts(o).platforms.has('tradovate') || facts(o).platforms.has('odd-trader-2'),
    ],
    ['country=United%20States', (o) => !facts(o).countries.includes('United States')],
    ['country=CANADA', (o) => !facts(o).countries.some((c) => c.trim().toLowerCase() === 'canada')],
    ['news=true', (o) => o.model.newsTrading],
    ['news=false', (o) => !o.model.newsTrading],
    ['weekend=true', (o) => o.model.weekendHolding],
    ['ea=false', (o) => !o.model.eaAllowed],
    ['noTimeLimit=true', (o) => !o.model.timeLimits],
    ['noTimeLimit=false', (o) => o.model.timeLimits],
    ['refundable=true', (o) => o.model.feeRefundable],
    ['hasCoupon=true', (o) => o.coupon !== null],
    ['hasCoupon=false', (o) => o.coupon === null],
    [
      'steps=1&steps=2&asset=cfd&priceMax=400&ea=true',
      (o) =>
        [1, 2].includes(o.model.steps) &&
        matchesAsset('cfd', modelAssetTypes.get(o.model.id), facts(o).assetType) &&
        o.priceAfterCoupon <= 400 &&
        o.model.eaAllowed,
    ],
  ];

  it.each(cases)('?%s keeps exactly what a brute-force filter keeps', async (query, keep) => {
    const everything = await all();
    const expected = ids(everything.filter(keep));
    const got = await all(`?${query}`);
    expect(ids(got)).toEqual(expected);
    // each filter case means something: it keeps some options and drops others
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
  });

  const bySort: Record<string, (o: ChallengeOption) => number> = {
    price: (o) => o.priceAfterCoupon,
    trueCost: (o) => o.trueCost,
    costPer1k: (o) => o.costPer1k,
    profitSplit: (o) => o.model.profitSplit ?? Number.NaN,
    rating: (o) => trustRatingWeight(o.firm.trustRating),
    size: (o) => o.account.capital,
  };
  const sortCases = Object.keys(bySort).flatMap((sort) => [
    [sort, 'asc'],
    [sort, 'desc'],
  ]);

  it.each(sortCases)(
    'sort=%s&order=%s orders by the key, then price after coupon, then id',
    async (sort, order) => {
      const query = `?sort=${sort}&order=${order}&passRate=0.35&monthsPerAttempt=2`;
      const got = await all(query);
      const key = bySort[sort];
      const direction = order === 'asc' ? 1 : -1;
      const expected = [...got].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (Number.isNaN(ka) || Number.isNaN(kb)) {
          if (Number.isNaN(ka) && Number.isNaN(kb))
            return a.priceAfterCoupon - b.priceAfterCoupon || a.account.id - b.account.id;
          return Number.isNaN(ka) ? 1 : -1;
        }
        return (
          (ka - kb) * direction || a.priceAfterCoupon - b.priceAfterCoupon || a.account.id - b.account.id
        );
      });
      expect(got.map((o) => o.account.id)).toEqual(expected.map((o) => o.account.id));
      for (const o of got) {
        expect(o.trueCost).toBe(
          computeTrueCost(trueCostInput(o), { passRate: 0.35, monthsPerAttempt: 2 }).trueCost,
        );
      }
    },
  );

  it('orders by true cost for each months per attempt, asked in turn and again', async () => {
    // More values than the service keeps cost terms for, so some are made again after being dropped.
    for (const months of [1, 3, 5, 7, 9, 3, 1]) {
      const got = await all(`?sort=trueCost&passRate=0.2&monthsPerAttempt=${months}`);
      const costs = got.map((o) => o.trueCost);
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      for (const o of got) {
        expect(o.trueCost).toBe(
          computeTrueCost(trueCostInput(o), { passRate: 0.2, monthsPerAttempt: months }).trueCost,
        );
      }
    }
  });

  it('sorts the firm rating best first unless asked otherwise', async () => {
    const weights = (await get('?sort=rating&pageSize=100')).options.map((o) =>
      trustRatingWeight(o.firm.trustRating),
    );
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(new Set(weights).size).toBeGreaterThan(1);
  });

  it('pages: 20 by default, the real total on every page, nothing past the end', async () => {
    const first = await get('');
    expect(first.pageSize).toBe(20);
    expect(first.options).toHaveLength(20);
    const second = await get('?page=2');
    expect(second.total).toBe(first.total);
    expect(second.options[0].account.id).not.toBe(first.options[0].account.id);
    const past = await get('?page=999');
    expect(past).toMatchObject({ options: [], total: first.total, page: 999 });
  });

  it('sees a new account and coupon once firms or coupons change', async () => {
    const before = await get('?size=123456');
    expect(before.total).toBe(0);
    const firm = await insertFirm(ctx.db, { slug: 'late-firm' });
    await insertAccount(ctx.db, { propFirmId: firm.id, capital: 123_456, price: 200 });
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: firm.id });
    // Requests are answered from the catalog as it stood until the firm's rows are merged in.
    await ctx.app.readModels.settled();
    const after = await get('?size=123456');
    expect(after.total).toBe(1);
    expect(after.options[0].coupon).toBeNull();
    await insertCoupon(ctx.db, { propFirmId: firm.id, code: 'LATE25', discountPercent: 25 });
    ctx.app.changes.publishCommitted({ type: 'coupon.created' });
    const withCoupon = await get('?size=123456&hasCoupon=true');
    expect(withCoupon.options[0]).toMatchObject({ coupon: { code: 'LATE25' }, priceAfterCoupon: 150 });
  });
});

describe('GET /api/challenges: bad parameters', () => {
  const bad: [string, string][] = [
    ['size=abc', 'size'],
    ['size=1.5', 'size'],
    ['sizeMin=-1', 'sizeMin'],
    ['sizeMax=x', 'sizeMax'],
    ['sizeMin=5000&sizeMax=1000', 'sizeMin'],
    ['steps=4', 'steps'],
    ['steps=instant', 'steps'],
    ['asset=stocks', 'asset'],
    ['drawdownType=Trailing', 'drawdownType'],
    ['dailyDrawdownMin=101', 'dailyDrawdownMin'],
    ['maxDrawdownMin=', 'maxDrawdownMin'],
    ['targetMax=NaN', 'targetMax'],
    ['priceMax=Infinity', 'priceMax'],
    ['profitSplitMin=-5', 'profitSplitMin'],
    ['platform=Meta%20Trader', 'platform'],
    ['country=', 'country'],
    ['country=a&country=b', 'country'],
    ['news=yes', 'news'],
    ['weekend=1', 'weekend'],
    ['ea=', 'ea'],
    ['noTimeLimit=TRUE', 'noTimeLimit'],
    ['refundable=no', 'refundable'],
    ['hasCoupon=true&hasCoupon=false', 'hasCoupon'],
    ['passRate=0', 'passRate'],
    ['passRate=10', 'passRate'],
    ['monthsPerAttempt=0', 'monthsPerAttempt'],
    ['monthsPerAttempt=1.5', 'monthsPerAttempt'],
    ['monthsPerAttempt=25', 'monthsPerAttempt'],
    ['sort=cheapest', 'sort'],
    ['order=up', 'order'],
    ['page=0', 'page'],
    ['page=2&page=3', 'page'],
    ['pageSize=101', 'pageSize'],
    ['utm_source=mail', 'utm_source'],
    ['colour=red', 'colour'],
  ];

  it.each(bad)('?%s is a 400 naming %s', async (query, name) => {
    const res = await ctx.app.inject(`/api/challenges?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(name);
  });

  it('never answers a 5xx, whatever the parameters (fuzzed)', async () => {
    const names = [
      'size',
      'sizeMin',
      'sizeMax',
      'steps',
      'asset',
      'drawdownType',
      'dailyDrawdownMin',
      'maxDrawdownMin',
      'targetMax',
      'priceMax',
      'profitSplitMin',
      'platform',
      'country',
      'news',
      'weekend',
      'ea',
      'noTimeLimit',
      'refundable',
      'hasCoupon',
      'passRate',
      'monthsPerAttempt',
      'sort',
      'order',
      'page',
      'pageSize',
      'x',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 300_000 }).map(String),
      fc.double({ noNaN: false }).map(String),
      fc.constantFrom('true', 'false', 'static', 'futures', 'trueCost', 'desc', '', '%00', '1e309'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 5 }),
        async (pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await ctx.app.inject(`/api/challenges?${query}`);
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json().message).toMatch(/^Invalid input: /);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it('is in the OpenAPI document', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/challenges'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['steps', 'drawdownType', 'passRate', 'sort', 'pageSize']),
    );
  });
});

describe('what rebuilds the catalog', () => {
  it('re-reads only the changed firms, to the same catalog a full read gives', async () => {
    const before = await loadCatalog(ctx.db);
    const firm = await insertFirm(ctx.db, { slug: 'patched-firm', name: 'Patched Firm' });
    // More new options than the catalog keeps room for: its arrays grow.
    for (let i = 0; i < 80; i++)
      await insertAccount(ctx.db, { propFirmId: firm.id, capital: 77_000, price: 310 + i });
    await insertCoupon(ctx.db, { propFirmId: firm.id, code: 'PATCH10', discountPercent: 10 });
    const listed = before.rows[before.orders.price.asc[0]] as CatalogRow;
    await ctx.db
      .update(propFirms)
      .set({ name: 'Renamed In Place' })
      .where(eq(propFirms.id, listed.option.firm.id));
    const ids = [firm.id, listed.option.firm.id];
    const capacity = before.firmIds.length;
    const patched = await refreshCatalogFirms(ctx.db, before, ids);
    expect(patched.firmIds.length).toBeGreaterThan(capacity);
    const full = await loadCatalog(ctx.db);
    const options = (c: Catalog) => Array.from(c.orders.price.asc, (i) => (c.rows[i] as CatalogRow).option);
    // The index over them too: every order, the filters' row sets and columns.
    expect(catalogView(patched)).toEqual(catalogView(full));
    expect(options(patched).some((o) => o.firm.name === 'Renamed In Place')).toBe(true);
    expect(options(patched).find((o) => o.firm.id === firm.id)?.coupon?.code).toBe('PATCH10');
    expect(patched.filters).toEqual(full.filters);
    // A firm no longer listed leaves.
    await ctx.db.update(propFirms).set({ status: 'unlisted' }).where(eq(propFirms.id, firm.id));
    const gone = await refreshCatalogFirms(ctx.db, patched, [firm.id]);
    expect(options(gone).some((o) => o.firm.id === firm.id)).toBe(false);
    expect(options(gone)).toEqual(options(await loadCatalog(ctx.db)));
    await ctx.db
      .update(propFirms)
      .set({ name: listed.option.firm.name })
      .where(eq(propFirms.id, listed.option.firm.id));
  });

  it("is a change of firms, platforms or coupons, never a coupon's uses or votes", () => {
    for (const type of [
      'firm.updated',
      'firm.deleted',
      'platform.created',
      'coupon.created',
      'coupon.updated',
    ] as const) {
      expect(altersCatalog({ type }), type).toBe(true);
    }
    for (const type of ['coupon.counted', 'review.created', 'points.updated', 'giveaway.updated'] as const) {
      expect(altersCatalog({ type }), type).toBe(false);
    }
  });
});
