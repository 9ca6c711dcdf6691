import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { ChallengeOption, ChallengePage } from '../../../domain/challenge-rules';
import { seedDemoDataIfEmpty } from '../../db/seed/seed-demo-data';

// The demo data has many instant accounts with a refundable fee, where taking the whole fee back
// once made the true cost $0.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoDataIfEmpty(ctx.db);
}, 120_000);
afterAll(() => ctx.close());

/** Every option of a finder query at the default pass rate and months, all pages. */
async function all(query: string): Promise<ChallengeOption[]> {
  const options: ChallengeOption[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.app.inject(`/api/challenges?${query}&pageSize=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ChallengePage;
    options.push(...body.options);
    if (options.length >= body.total || body.options.length === 0) return options;
  }
}

describe('true cost on the demo data', () => {
  it('is above $0 for every option priced above $0 at the default pass rate', async () => {
    const priced = (await all('sort=trueCost')).filter((o) => o.priceAfterCoupon > 0);
    expect(priced.filter((o) => o.model.feeRefundable && o.model.steps === 0).length).toBeGreaterThan(0);
    expect(priced.filter((o) => o.trueCost <= 0).map((o) => `${o.firm.slug} ${o.account.capital}`)).toEqual(
      [],
    );
  });

  it("costs Brightwell's instant $5K at $40.99 what the formula gives by hand", async () => {
    const [option] = (await all('size=5000&steps=0')).filter(
      (o) => o.firm.slug === 'brightwell' && o.account.price === 40.99,
    );
    expect(option).toMatchObject({ coupon: { discountPercent: 30 }, firm: { cashbackPercentage: 6 } });
    expect(option.model.feeRefundable).toBe(true);
    // fee 40.99 x 0.7 = 28.693; one attempt less 6% cashback = 26.97142; less 28.693 x 0.1 = 24.10212
    expect(option.trueCost).toBe(24.1);
  });

  it('gives a saved search for $10K accounts a lowest true cost above $0', async () => {
    const user = await signUpUser(ctx, { prefix: 'demo-cost', verified: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { name: '$10K', query: 'size=10000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().matching).toBeGreaterThan(0);
    expect(res.json().lowestTrueCost).toBeGreaterThan(0);
  });
});
