import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { CouponInput } from '../../../domain/admin-content';
import { type AdminFirm, emptyFirm, emptyFundingModel, type FirmInput } from '../../../domain/admin-firms';
import { matchesFilters, SAVED_SEARCH_LIMIT } from '../../../domain/price-alerts';
import { accountPriceHistory, savedSearchAlerts, savedSearches } from '../../db/schema';
import { seedGeneratedFirms } from '../../db/seed/generated-firms';
import { readOutbox } from '../../lib/mailer';
import { optionFactsOf } from './alert-states';
import { catalogRows, loadCatalog } from './catalog';
import { parseSavedQuery } from './saved-searches';
import { listChallenges } from './service';

let ctx: TestContext;
const who: Record<'user' | 'unverified' | 'other' | 'admin', TestUser> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp();
  who.user = await signUpUser(ctx, { prefix: 'ssu', verified: true });
  who.unverified = await signUpUser(ctx, { prefix: 'ssn' });
  who.other = await signUpUser(ctx, { prefix: 'sso', verified: true });
  who.admin = await signUpUser(ctx, { prefix: 'ssa', verified: true, admin: true });
});
afterAll(() => ctx.close());

type Role = keyof typeof who | 'anonymous';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(role === 'anonymous' ? {} : { cookie: who[role].cookie }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const account = (capital: number, price: number) => ({
  capital,
  price,
  pricingType: 'one-time' as const,
  maxContracts: null,
  activationFee: null,
  resetPrice: null,
  disclaimer: null,
});

async function createFirm(
  slug: string,
  prices: [number, number][],
  model: Partial<FirmInput['fundingModels'][number]> = {},
): Promise<AdminFirm> {
  const input: FirmInput = {
    ...emptyFirm(),
    slug,
    name: `Firm ${slug}`,
    trustRating: 'approved',
    fundingModels: [
      {
        ...emptyFundingModel(),
        name: 'Two-Step',
        profitTargetPhase1: 8,
        profitTargetPhase2: 5,
        dailyDrawdown: 5,
        maximumDrawdown: 10,
        profitSplit: 80,
        accounts: prices.map(([capital, price]) => account(capital, price)),
        ...model,
      },
    ],
  };
  const res = await call('POST', '/api/admin/firms', 'admin', input);
  expect(res.statusCode, res.body).toBe(201);
  await ctx.app.jobs.idle();
  return res.json();
}

async function savePrice(firm: AdminFirm, accountIndex: number, price: number): Promise<AdminFirm> {
  const { id: _id, version, createdAt: _c, updatedAt: _u, ...input } = firm;
  input.fundingModels[0].accounts[accountIndex].price = price;
  const res = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', { version, firm: input });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.jobs.idle();
  return res.json();
}

const coupon = (firmId: number, discountPercent: number): CouponInput => ({
  code: `SAVE${discountPercent}`,
  slug: null,
  title: null,
  description: null,
  discountPercent,
  expiryDate: null,
  isActive: true,
  featured: false,
  image: null,
  affiliateUrl: null,
  terms: null,
  propFirmId: firmId,
});

const alertsFor = async (name: string) =>
  (await readOutbox(ctx.dataDir)).filter((m) => m.subject === `New or cheaper challenges for "${name}"`);

describe('price history', () => {
  it('records list price and price after coupon on firm saves and coupon changes', async () => {
    let firm = await createFirm('priced-firm', [
      [50_000, 300],
      [100_000, 500],
    ]);
    const [small, large] = firm.fundingModels[0].accounts;
    firm = await savePrice(firm, 0, 250);
    // A save that changes no price records nothing.
    firm = await savePrice(firm, 0, 250);
    const created = await call('POST', '/api/admin/coupons', 'admin', coupon(firm.id, 10));
    expect(created.statusCode, created.body).toBe(201);
    await ctx.app.jobs.idle();

    const history = await call('GET', `/api/accounts/${small.id}/price-history`, 'anonymous');
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json()
        .points.map((p: { listPrice: number; priceAfterCoupon: number }) => [
          p.listPrice,
          p.priceAfterCoupon,
        ]),
    ).toEqual([
      [300, 300],
      [250, 250],
      [250, 225],
    ]);
    const deleted = await call(
      'DELETE',
      `/api/admin/coupons/${created.json().id}?version=${created.json().version}`,
      'admin',
    );
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const rows = await ctx.db
      .select()
      .from(accountPriceHistory)
      .where(eq(accountPriceHistory.accountId, large.id))
      .orderBy(accountPriceHistory.id);
    expect(rows.map((r) => r.priceAfterCoupon)).toEqual([500, 450, 500]);
    expect((await call('GET', '/api/accounts/2147483647/price-history', 'anonymous')).statusCode).toBe(404);
    expect((await call('GET', '/api/accounts/x/price-history', 'anonymous')).statusCode).toBe(400);
  });
});

describe('saved searches', () => {
  it('needs a verified email, validates the query as the finder does, and keeps at most 20', async () => {
    const body = { name: 'Cheap 2-step', query: '?size=100000&steps=2&pass=20' };
    expect((await call('POST', '/api/saved-searches', 'anonymous', body)).statusCode).toBe(401);
    expect((await call('POST', '/api/saved-searches', 'unverified', body)).statusCode).toBe(403);
    for (const [query, message] of [
      ['steps=9', 'steps'],
      ['pass=0', 'pass must be a number from 1 to 100'],
      ['colour=red', 'Unknown parameter: colour'],
      ['passRate=0.2', 'Unknown parameter: passRate'],
      ['sizeMin=5&sizeMax=1', 'sizeMin must not be above sizeMax'],
    ]) {
      const res = await call('POST', '/api/saved-searches', 'other', { name: 'Bad', query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_query' });
      expect(res.json().message).toContain(message);
    }
    expect((await call('POST', '/api/saved-searches', 'other', { name: ' ', query: '' })).statusCode).toBe(
      400,
    );

    const saved = await call('POST', '/api/saved-searches', 'other', body);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Cheap 2-step',
      query: 'size=100000&steps=2&pass=20',
      alerts: true,
    });
    for (let i = 1; i < SAVED_SEARCH_LIMIT; i++)
      expect(
        (await call('POST', '/api/saved-searches', 'other', { name: `S${i}`, query: '' })).statusCode,
      ).toBe(201);
    const over = await call('POST', '/api/saved-searches', 'other', { name: 'One more', query: '' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_reached');
    expect(await ctx.db.$count(savedSearches, eq(savedSearches.userId, who.other.id))).toBe(
      SAVED_SEARCH_LIMIT,
    );
  });

  it('lists, renames and deletes only the owner’s searches, with what matches now', async () => {
    await createFirm('listed-match', [[200_000, 800]]);
    const saved = await call('POST', '/api/saved-searches', 'user', {
      name: 'Big ones',
      query: 'size=200000&pass=50&months=2&page=3',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = saved.json();
    expect(saved.json()).toMatchObject({ query: 'size=200000&pass=50&months=2', matching: 1 });
    // One one-time attempt at 800 with a 50% pass rate: 800 + 800 x (1/0.5 - 1).
    expect(saved.json().lowestTrueCost).toBe(1600);
    expect(
      (await call('PUT', `/api/saved-searches/${id}`, 'other', { name: 'Mine', query: '' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/saved-searches/${id}`, 'other')).statusCode).toBe(404);
    const renamed = await call('PUT', `/api/saved-searches/${id}`, 'user', {
      name: 'Big accounts',
      query: 'size=200000&pass=50&months=2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const list = await call('GET', '/api/saved-searches', 'user');
    expect(list.json()).toEqual([expect.objectContaining({ id, name: 'Big accounts', matching: 1 })]);
    expect((await call('DELETE', `/api/saved-searches/${id}`, 'user')).statusCode).toBe(204);
    expect((await call('GET', '/api/saved-searches', 'user')).json()).toEqual([]);
  });

  it('takes a refundable fee off the lowest true cost only as often as the pass rate reaches a payout', async () => {
    await createFirm('refund-match', [[123_000, 500]], { feeRefundable: true });
    const saved = await call('POST', '/api/saved-searches', 'user', {
      name: 'Refund',
      query: 'size=123000&pass=40',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // 2.5 one-time attempts at 500 = 1250, less the fee refunded at a 40% pass rate, 500 x 0.4 = 200.
    expect(saved.json()).toMatchObject({ matching: 1, lowestTrueCost: 1050 });
    expect((await call('DELETE', `/api/saved-searches/${saved.json().id}`, 'user')).statusCode).toBe(204);
  });
});

describe('alerts', () => {
  it('mails a price cut and a new option once, at most one email a day, and unsubscribes in one click', async () => {
    let firm = await createFirm('alert-firm', [
      [50_000, 300],
      [75_000, 420],
    ]);
    const saved = await call('POST', '/api/saved-searches', 'user', {
      name: 'Fifty',
      query: 'sizeMax=60000&steps=2',
    });
    expect(saved.statusCode, saved.body).toBe(201);

    firm = await savePrice(firm, 0, 240);
    const mails = await alertsFor('Fifty');
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(who.user.email);
    expect(mails[0].text).toContain('Firm alert-firm Two-Step $50,000 account: $300 → $240');
    expect(mails[0].text).toContain(`${TEST_ORIGIN}/firm/alert-firm?tab=funding`);

    // Another run finds nothing new; a second cut the same day waits for tomorrow.
    await ctx.app.jobs.run('saved-search-alerts', {});
    firm = await savePrice(firm, 0, 200);
    expect(await alertsFor('Fifty')).toHaveLength(1);
    // A day later (the last email moved back), the scheduled run sends it: from $240, not $300.
    await ctx.db
      .update(savedSearches)
      .set({ lastEmailAt: new Date(Date.now() - 86_400_001) })
      .where(eq(savedSearches.id, saved.json().id));
    await ctx.app.jobs.run('saved-search-alerts', {});
    const second = await alertsFor('Fifty');
    expect(second).toHaveLength(2);
    expect(second[1].text).toContain('$240 → $200');
    expect(await ctx.db.$count(savedSearchAlerts, eq(savedSearchAlerts.savedSearchId, saved.json().id))).toBe(
      2,
    );

    const link = new URL(second[1].text.match(/http\S+\/saved-searches\/unsubscribe\?token=\S+/)![0]);
    const unsubscribe = await ctx.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect((await call('GET', '/api/saved-searches', 'user')).json()).toEqual([
      expect.objectContaining({ name: 'Fifty', alerts: false }),
    ]);
  });
});

describe('alerts of an edited search', () => {
  it('passes by the changes recorded against its old query, and mails those after the edit', async () => {
    let firm = await createFirm('edited-firm', [[444_000, 2_000]]);
    const saved = await call('POST', '/api/saved-searches', 'user', { name: 'Edited', query: 'size=444000' });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = saved.json() as { id: number };
    const emailedToday = async (at: Date) =>
      ctx.db.update(savedSearches).set({ lastEmailAt: at }).where(eq(savedSearches.id, id));
    // Emailed today: the cut waits for tomorrow; then the query is edited.
    await emailedToday(new Date());
    firm = await savePrice(firm, 0, 1_800);
    const edit = await call('PUT', `/api/saved-searches/${id}`, 'user', {
      name: 'Edited',
      query: 'size=444000&steps=2',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await emailedToday(new Date(Date.now() - 86_400_001));
    await ctx.app.jobs.run('saved-search-alerts', {});
    expect(await alertsFor('Edited')).toHaveLength(0);
    // A cut after the edit is mailed, from the price it had then.
    firm = await savePrice(firm, 0, 1_500);
    const mails = await alertsFor('Edited');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('$1,800 → $1,500');
  });
});

describe('alerts of new options', () => {
  it('mails an option that newly matches when a rule change brings it in', async () => {
    const saved = await call('POST', '/api/saved-searches', 'other', {
      name: 'Big two-steps',
      query: 'size=333000&profitSplitMin=85',
    });
    // The trader already has 20: one is deleted first.
    expect(saved.statusCode).toBe(409);
    const mine = (await call('GET', '/api/saved-searches', 'other')).json() as { id: number }[];
    expect((await call('DELETE', `/api/saved-searches/${mine[0].id}`, 'other')).statusCode).toBe(204);
    expect(
      (
        await call('POST', '/api/saved-searches', 'other', {
          name: 'Big two-steps',
          query: 'size=333000&profitSplitMin=85',
        })
      ).statusCode,
    ).toBe(201);

    // A new firm, but its profit split of 80% is not a match yet.
    const firm = await createFirm('new-option-firm', [[333_000, 1_500]]);
    expect(await alertsFor('Big two-steps')).toHaveLength(0);
    // The rule change brings it in.
    const { id, version, createdAt: _c, updatedAt: _u, ...input } = firm;
    input.fundingModels[0].profitSplit = 90;
    const res = await call('PUT', `/api/admin/firms/${id}`, 'admin', { version, firm: input });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.jobs.idle();
    const mails = await alertsFor('Big two-steps');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Firm new-option-firm Two-Step $333,000 account now matches, at $1,500');
  });
});

describe('matching one option at a time', () => {
  it('finds exactly the options GET /api/challenges finds, over generated firms', async () => {
    await seedGeneratedFirms(ctx.db, 40, 47);
    const catalog = await loadCatalog(ctx.db);
    expect(catalogRows(catalog).length).toBeGreaterThan(200);
    for (const query of [
      '',
      'size=100000&steps=2',
      'steps=0&steps=1&asset=futures',
      'sizeMin=25000&sizeMax=100000&priceMax=300&news=true',
      'dailyDrawdownMin=4&maxDrawdownMin=8&targetMax=8&profitSplitMin=80',
      'drawdownType=trailing-eod&drawdownType=static&weekend=false&ea=true',
      'platform=metatrader-5&platform=ninjatrader&noTimeLimit=true&refundable=false',
      'country=United%20States&hasCoupon=false&payoutRecord=medium',
    ]) {
      const { parsed } = parseSavedQuery(query);
      const total = listChallenges(catalog, { ...parsed, pageSize: 1 }).total;
      const counted = catalogRows(catalog).filter((row) => matchesFilters(optionFactsOf(row), parsed)).length;
      expect(counted, query).toBe(total);
    }
  });
});
