import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { SignedInHome } from '../../../domain/home';
import { POINTS_RULES } from '../../../domain/points-rules';
import { cashbackClaims } from '../../db/schema';
import {
  insertCoupon,
  insertFirm,
  insertGiveaway,
  insertGiveawayEntry,
  insertUserReview,
} from '../../db/seed/factories';
import { recordPoints } from './service';

const DAY = 86_400_000;
let ctx: TestContext;
let trader: TestUser;
let other: TestUser;

const homeOf = (user: TestUser | null) =>
  ctx.app.inject({
    url: '/api/home',
    headers: user ? { origin: TEST_ORIGIN, cookie: user.cookie } : { origin: TEST_ORIGIN },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  trader = await signUpUser(ctx, { verified: true, prefix: 'homeowner' });
  other = await signUpUser(ctx, { verified: true, prefix: 'homeother' });
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/home (the signed-in home)', () => {
  it('is for signed-in users only', async () => {
    const res = await homeOf(null);
    expect(res.statusCode).toBe(401);
  });

  it("shows the user's own points, open claims and cash-outs, giveaways, new coupons and reviews, and nobody else's", async () => {
    const firm = await insertFirm(ctx.db, { name: 'Home Test Capital' });
    const points = POINTS_RULES.cashOutMinimumPoints + 300;
    await recordPoints(ctx.db, {
      userId: trader.id,
      delta: points,
      reason: 'cashback',
      idempotencyKey: `home:${trader.id}`,
    });
    await recordPoints(ctx.db, {
      userId: other.id,
      delta: 999,
      reason: 'cashback',
      idempotencyKey: `home:${other.id}`,
    });
    const claim = (orderReference: string, userId: string, status: 'pending' | 'approved') => ({
      userId,
      propFirmId: firm.id,
      orderReference,
      amountSpent: 15_000,
      status,
    });
    await ctx.db
      .insert(cashbackClaims)
      .values([
        claim('HOME-PENDING', trader.id, 'pending'),
        claim('HOME-DONE', trader.id, 'approved'),
        claim('OTHER-PENDING', other.id, 'pending'),
      ]);
    const cashOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/points/cash-outs',
      headers: { origin: TEST_ORIGIN, cookie: trader.cookie },
      payload: {
        method: 'paypal',
        destination: 'trader@example.com',
        points: POINTS_RULES.cashOutMinimumPoints,
      },
    });
    expect(cashOut.statusCode).toBe(201);

    const entered = await insertGiveaway(ctx.db, { title: 'Entered Giveaway' });
    await insertGiveawayEntry(ctx.db, { giveawayId: entered.id, userId: trader.id });
    const won = await insertGiveaway(ctx.db, {
      title: 'Won Giveaway',
      status: 'completed',
      endDate: new Date(Date.now() - DAY),
      completedAt: new Date(),
      winnerUserIds: [trader.id],
      winnerTicketNumbers: [1],
    });
    await insertGiveawayEntry(ctx.db, { giveawayId: won.id, userId: trader.id, ticketNumber: 1 });
    const open = await insertGiveaway(ctx.db, { title: 'Open Giveaway' });
    await insertGiveaway(ctx.db, {
      title: 'Ended Giveaway',
      status: 'completed',
      endDate: new Date(Date.now() - DAY),
    });

    await insertCoupon(ctx.db, {
      code: 'FRESHWEEK',
      propFirmId: firm.id,
      createdAt: new Date(Date.now() - DAY),
    });
    await insertCoupon(ctx.db, {
      code: 'OLDMONTH',
      propFirmId: firm.id,
      createdAt: new Date(Date.now() - 10 * DAY),
    });
    await insertCoupon(ctx.db, { code: 'FRESHOFF', propFirmId: firm.id, isActive: false });
    await insertUserReview(ctx.db, { propFirmId: firm.id, userId: trader.id, title: 'Fast payouts' });
    await insertUserReview(ctx.db, { propFirmId: firm.id, userId: other.id, title: 'Not mine' });

    const res = await homeOf(trader);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/private/);
    const home = res.json() as SignedInHome;
    expect(home.points.balance).toBe(points - POINTS_RULES.cashOutMinimumPoints);
    expect(home.points.recent.map((e) => e.delta)).toEqual([-POINTS_RULES.cashOutMinimumPoints, points]);
    expect(home.openClaims.map((c) => c.orderReference)).toEqual(['HOME-PENDING']);
    expect(home.openCashOuts.map((c) => [c.points, c.status])).toEqual([
      [POINTS_RULES.cashOutMinimumPoints, 'pending'],
    ]);
    expect(home.enteredGiveaways.map((e) => [e.giveaway.title, e.won])).toEqual([
      ['Entered Giveaway', false],
      ['Won Giveaway', true],
    ]);
    expect(home.openGiveaways.map((g) => g.id)).toContain(open.id);
    expect(home.openGiveaways.map((g) => g.title)).not.toContain('Entered Giveaway');
    expect(home.openGiveaways.map((g) => g.title)).not.toContain('Ended Giveaway');
    const codes = home.newCoupons.map((c) => c.code);
    expect(codes).toContain('FRESHWEEK');
    expect(codes).not.toContain('OLDMONTH');
    expect(codes).not.toContain('FRESHOFF');
    expect(home.reviews.map((r) => [r.title, r.firm.name])).toEqual([['Fast payouts', 'Home Test Capital']]);

    const theirs = (await homeOf(other)).json() as SignedInHome;
    expect(theirs.points.balance).toBe(999);
    expect(theirs.openClaims.map((c) => c.orderReference)).toEqual(['OTHER-PENDING']);
    expect(theirs.openCashOuts).toEqual([]);
    expect(theirs.enteredGiveaways).toEqual([]);
    expect(theirs.reviews.map((r) => r.title)).toEqual(['Not mine']);
  });
});
