import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../../tests/setup/accounts';
import { catalogView } from '../../../../tests/setup/catalog-view';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { firmAccounts, firmPlatforms, fundingModels, propFirms } from '../../db/schema';
import { insertAccount, insertCoupon } from '../../db/seed/factories';
import { ensurePlatformsAndPayoutMethods, insertFirmBundles } from '../../db/seed/firm-bundles';
import { generateFirms } from '../../db/seed/firm-generator';
import { costColumnsOf, loadCatalog, refreshCatalogFirms } from './catalog';

let ctx: TestContext;
let firmIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const bundles = generateFirms(12, 4807);
  await ensurePlatformsAndPayoutMethods(ctx.db, bundles);
  firmIds = [...(await insertFirmBundles(ctx.db, bundles)).values()];
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** An admin's save of one firm, as the catalog sees it: what changed in which table. */
type Save =
  | { kind: 'price'; firm: number; pick: number; price: number }
  | { kind: 'rule'; firm: number; pick: number; split: number | null }
  | { kind: 'addAccount'; firm: number; pick: number; capital: number; price: number }
  | { kind: 'removeAccount'; firm: number; pick: number }
  | { kind: 'trust'; firm: number; rating: string | null }
  | { kind: 'listing'; firm: number; listed: boolean }
  | { kind: 'countries'; firm: number; countries: string[] }
  | { kind: 'platforms'; firm: number; keep: number }
  | { kind: 'coupon'; firm: number; percent: number };

const price = fc.integer({ min: 1, max: 200_000 }).map((cents) => cents / 100);
const save: fc.Arbitrary<Save> = fc.oneof(
  fc.record({ kind: fc.constant('price' as const), firm: fc.nat(), pick: fc.nat(), price }),
  fc.record({
    kind: fc.constant('rule' as const),
    firm: fc.nat(),
    pick: fc.nat(),
    split: fc.option(fc.integer({ min: 50, max: 100 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('addAccount' as const),
    firm: fc.nat(),
    pick: fc.nat(),
    capital: fc.constantFrom(5_000, 10_000, 25_000, 50_000, 100_000, 123_000),
    price,
  }),
  fc.record({ kind: fc.constant('removeAccount' as const), firm: fc.nat(), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('trust' as const),
    firm: fc.nat(),
    rating: fc.constantFrom('approved', 'trusted', 'caution', 'avoid', null),
  }),
  fc.record({ kind: fc.constant('listing' as const), firm: fc.nat(), listed: fc.boolean() }),
  fc.record({
    kind: fc.constant('countries' as const),
    firm: fc.nat(),
    countries: fc.subarray(['Canada', 'United States', 'Iran', 'Narnia']),
  }),
  fc.record({ kind: fc.constant('platforms' as const), firm: fc.nat(), keep: fc.nat({ max: 3 }) }),
  fc.record({
    kind: fc.constant('coupon' as const),
    firm: fc.nat(),
    percent: fc.integer({ min: 5, max: 60 }),
  }),
);

const nth = <T>(items: readonly T[], n: number): T | undefined =>
  items.length ? items[n % items.length] : undefined;

/** Writes one save to the database; returns the firm it changed. */
async function apply(s: Save): Promise<number> {
  const db = ctx.db;
  const firmId = firmIds[s.firm % firmIds.length];
  const models = await db.select().from(fundingModels).where(eq(fundingModels.propFirmId, firmId));
  const accounts = await db.select().from(firmAccounts).where(eq(firmAccounts.propFirmId, firmId));
  switch (s.kind) {
    case 'price': {
      const account = nth(accounts, s.pick);
      if (account)
        await db.update(firmAccounts).set({ price: s.price }).where(eq(firmAccounts.id, account.id));
      break;
    }
    case 'rule': {
      const model = nth(models, s.pick);
      if (model)
        await db.update(fundingModels).set({ profitSplit: s.split }).where(eq(fundingModels.id, model.id));
      break;
    }
    case 'addAccount': {
      const model = nth(models, s.pick);
      if (model) await insertAccount(db, { fundingModelId: model.id, capital: s.capital, price: s.price });
      break;
    }
    case 'removeAccount': {
      const account = nth(accounts, s.pick);
      if (account) await db.delete(firmAccounts).where(eq(firmAccounts.id, account.id));
      break;
    }
    case 'trust':
      await db.update(propFirms).set({ trustRating: s.rating }).where(eq(propFirms.id, firmId));
      break;
    case 'listing':
      await db
        .update(propFirms)
        .set({ status: s.listed ? 'listed' : 'unlisted' })
        .where(eq(propFirms.id, firmId));
      break;
    case 'countries':
      await db.update(propFirms).set({ restrictedCountries: s.countries }).where(eq(propFirms.id, firmId));
      break;
    case 'platforms': {
      const linked = await db.select().from(firmPlatforms).where(eq(firmPlatforms.propFirmId, firmId));
      const dropped = linked.slice(s.keep).map((l) => l.platformId);
      if (dropped.length)
        await db
          .delete(firmPlatforms)
          .where(and(eq(firmPlatforms.propFirmId, firmId), inArray(firmPlatforms.platformId, dropped)));
      break;
    }
    case 'coupon':
      await insertCoupon(db, {
        propFirmId: firmId,
        code: `P${Math.random().toString(36).slice(2, 8)}`,
        discountPercent: s.percent,
      });
      break;
  }
  return firmId;
}

describe('an admin save over HTTP', () => {
  it('is in the finder for the next request after its answer', async () => {
    const admin = await signUpUser(ctx, { admin: true });
    const headers = { cookie: admin.cookie, origin: TEST_ORIGIN };
    const listed = await ctx.db
      .select({ id: propFirms.id })
      .from(propFirms)
      .where(eq(propFirms.status, 'listed'));
    const firmId = listed[0].id;
    await ctx.app.inject({ url: '/api/challenges' }); // the catalog built
    const {
      id: _id,
      version,
      createdAt: _c,
      updatedAt: _u,
      ...firm
    } = (await ctx.app.inject({ url: `/api/admin/firms/${firmId}`, headers })).json();
    const model = firm.fundingModels.find((m: { accounts: unknown[] }) => m.accounts.length > 0);
    model.accounts[0].price = 98_765.43;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/firms/${firmId}`,
      headers,
      payload: { version, firm },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await ctx.app.inject({ url: '/api/challenges?sort=price&order=desc&pageSize=1' })).json();
    expect(page.options[0].account).toMatchObject({ id: model.accounts[0].id, price: 98_765.43 });
  });
});

describe('a firm saved, merged into the catalog', () => {
  it('gives the catalog a full build of the same data gives, save after save', async () => {
    let catalog = await loadCatalog(ctx.db);
    const now = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(save, { minLength: 1, maxLength: 3 }), async (saves) => {
        const changed = new Set<number>();
        for (const s of saves) changed.add(await apply(s));
        costColumnsOf(catalog, 2); // asked before the save: carried over by the merge
        catalog = await refreshCatalogFirms(ctx.db, catalog, [...changed], now);
        const full = await loadCatalog(ctx.db, now);
        const view = catalogView(catalog, catalog.costColumns.get(2));
        expect(view).toEqual(catalogView(full, costColumnsOf(full, 2)));
        expect(view.rows).toBe(view.options.length);
        expect(view.live).toBe(view.options.length);
        expect(view.accounts.every(Boolean)).toBe(true);
        expect(view.orders.every((order) => order.ranked)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
