import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { POINTS_RULES } from '../../../domain/points-rules';
import { cashbackClaims, pointsLedger, users } from '../../db/schema';
import { insertFirm, insertUserReview } from '../../db/seed/factories';
import { recordPoints } from './service';

let ctx: TestContext;
let admin: TestUser;
const MIN = POINTS_RULES.cashOutMinimumPoints;
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH = `0x${'a1'.repeat(20)}`;

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };
const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload: payload as object } : {}) });

const balanceOf = async (id: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0].points;
const ledgerSum = async (id: string) =>
  Number(
    (
      await ctx.db
        .select({ s: sql<number>`coalesce(sum(${pointsLedger.delta}),0)::int` })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, id))
    )[0].s,
  );

async function traderWith(points: number) {
  const user = await signUpUser(ctx, { verified: true, prefix: 'payee' });
  if (points > 0) {
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: points,
      reason: 'cashback',
      idempotencyKey: `grant:${user.id}`,
    });
  }
  return user;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'payadmin' });
}, 120_000);
afterAll(() => ctx.close());

describe('cash-out requests', () => {
  it('debit the points at once and list the cash-out as pending', async () => {
    const user = await traderWith(MIN + 500);
    const res = await call(user, 'POST', '/api/points/cash-outs', {
      method: 'paypal',
      destination: 'me@example.com',
      points: MIN,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      points: MIN,
      amountUsd: MIN / POINTS_RULES.pointsPerUsd,
    });
    expect(await balanceOf(user.id)).toBe(500);
    const mine = (await call(user, 'GET', '/api/points/cash-outs')).json();
    expect(mine).toHaveLength(1);
    const history = (await call(user, 'GET', '/api/points/history')).json();
    expect(history.balance).toBe(500);
    expect(history.entries[0]).toMatchObject({
      delta: -MIN,
      reason: 'payout',
      reference: `payout:${res.json().id}`,
      href: `/profile#cash-out-${res.json().id}`,
      detail: `Cash-out #${res.json().id} by PayPal`,
    });
  });

  it('validate the method, destination, minimum and balance', async () => {
    const user = await traderWith(MIN);
    const bad = [
      { method: 'paypal', destination: 'not-an-email', points: MIN },
      { method: 'usdt', destination: 'TNotAnAddress', points: MIN },
      { method: 'usdt', destination: '0x123', points: MIN },
      { method: 'bank', destination: 'x', points: MIN },
      { method: 'paypal', destination: 'me@example.com', points: MIN - 1 },
      { method: 'paypal', destination: 'me@example.com', points: MIN + 0.5 },
    ];
    for (const payload of bad) {
      expect(
        (await call(user, 'POST', '/api/points/cash-outs', payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    const tooMuch = await call(user, 'POST', '/api/points/cash-outs', {
      method: 'usdt',
      destination: TRON,
      points: MIN + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('insufficient_points');
    // The refused request left nothing behind.
    expect((await call(user, 'GET', '/api/points/cash-outs')).json()).toHaveLength(0);
    expect(
      (await call(user, 'POST', '/api/points/cash-outs', { method: 'usdt', destination: ETH, points: MIN }))
        .statusCode,
    ).toBe(201);
    expect(await balanceOf(user.id)).toBe(0);
    expect(
      (await call(null, 'POST', '/api/points/cash-outs', { method: 'usdt', destination: TRON, points: MIN }))
        .statusCode,
    ).toBe(401);
    const unverified = await signUpUser(ctx, { prefix: 'payunverified' });
    expect(
      (
        await call(unverified, 'POST', '/api/points/cash-outs', {
          method: 'usdt',
          destination: TRON,
          points: MIN,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('50 requests at once never take the balance below zero', async () => {
    const user = await traderWith(MIN * 3);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(user, 'POST', '/api/points/cash-outs', {
          method: 'paypal',
          destination: 'me@example.com',
          points: MIN,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 400 || r.statusCode === 429)).toBe(
      true,
    );
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});

describe('admin cash-out decisions', () => {
  it('mark paid with a reference, once', async () => {
    const user = await traderWith(MIN);
    const cashOut = (
      await call(user, 'POST', '/api/points/cash-outs', {
        method: 'paypal',
        destination: 'me@example.com',
        points: MIN,
      })
    ).json();
    expect(
      (await call(user, 'POST', `/api/admin/points/cash-outs/${cashOut.id}/paid`, { reference: 'PP-123' }))
        .statusCode,
    ).toBe(403);
    const queue = (await call(admin, 'GET', '/api/admin/points/cash-outs')).json();
    expect(queue.some((p: { id: number }) => p.id === cashOut.id)).toBe(true);
    expect(
      (await call(admin, 'POST', `/api/admin/points/cash-outs/${cashOut.id}/paid`, { reference: '' }))
        .statusCode,
    ).toBe(400);
    const res = await call(admin, 'POST', `/api/admin/points/cash-outs/${cashOut.id}/paid`, {
      reference: 'PP-123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', paymentReference: 'PP-123' });
    expect(
      (await call(admin, 'POST', `/api/admin/points/cash-outs/${cashOut.id}/reject`, { reason: 'oops oops' }))
        .statusCode,
    ).toBe(409);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await mailsTo(ctx, user.email)).at(-1)?.subject).toBe('Your cash-out was sent');
    expect(
      (await call(admin, 'POST', '/api/admin/points/cash-outs/999999/paid', { reference: 'PP-1' }))
        .statusCode,
    ).toBe(404);
  });

  it('reject returns the points as their own ledger row, once even when sent twice at once', async () => {
    const user = await traderWith(MIN);
    const cashOut = (
      await call(user, 'POST', '/api/points/cash-outs', { method: 'usdt', destination: TRON, points: MIN })
    ).json();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(admin, 'POST', `/api/admin/points/cash-outs/${cashOut.id}/reject`, {
          reason: 'Address on the wrong network',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(MIN);
    const history = (await call(user, 'GET', '/api/points/history')).json();
    expect(history.entries[0]).toMatchObject({
      delta: MIN,
      reason: 'payout_returned',
      reference: `payout:${cashOut.id}`,
    });
    expect((await call(user, 'GET', '/api/points/cash-outs')).json()[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address on the wrong network',
    });
  });
});

describe('manual adjustments', () => {
  it('need a reason, name the admin, and cannot take a balance below zero', async () => {
    const user = await traderWith(0);
    const adjust = (payload: unknown) => call(admin, 'POST', '/api/admin/points/adjustments', payload);
    expect((await adjust({ email: user.email, delta: 100, reason: '' })).statusCode).toBe(400);
    expect((await adjust({ email: user.email, delta: 0, reason: 'Goodwill credit' })).statusCode).toBe(400);
    expect(
      (await adjust({ email: 'nobody@example.com', delta: 5, reason: 'Goodwill credit' })).statusCode,
    ).toBe(404);
    const res = await adjust({
      email: user.email.toUpperCase(),
      delta: 300,
      reason: 'Goodwill credit for a lost claim',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ userId: user.id, balance: 300 });
    expect((await adjust({ email: user.email, delta: -301, reason: 'Take back too much' })).statusCode).toBe(
      400,
    );
    const [row] = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(row).toMatchObject({ reason: 'admin_adjustment', createdBy: admin.id, delta: 300 });
    const history = (await call(user, 'GET', '/api/points/history')).json();
    expect(history.entries[0].detail).toBe('Goodwill credit for a lost claim');
    expect(
      (
        await call(user, 'POST', '/api/admin/points/adjustments', {
          email: user.email,
          delta: 5,
          reason: 'self service',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/points/history', () => {
  it('pages the full ledger newest first and links each cause', async () => {
    const user = await traderWith(0);
    const firm = await insertFirm(ctx.db, { name: 'History Firm', slug: 'history-firm' });
    const [claim] = await ctx.db
      .insert(cashbackClaims)
      .values({
        userId: user.id,
        propFirmId: firm.id,
        orderReference: 'H-1',
        amountSpent: 100,
        status: 'approved',
      })
      .returning();
    const review = await insertUserReview(ctx.db, { propFirmId: firm.id, userId: user.id });
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: 10,
      reason: 'cashback',
      reference: `claim:${claim.id}`,
      idempotencyKey: `claim:${claim.id}`,
    });
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: 250,
      reason: 'review_award',
      reference: `review:${review.id}`,
      idempotencyKey: `award-test:${review.id}`,
    });
    for (let i = 0; i < 23; i++) {
      await recordPoints(ctx.db, {
        userId: user.id,
        delta: 1,
        reason: 'offer',
        reference: `offer:adscend:t${i}`,
        idempotencyKey: `offer-h:${user.id}:${i}`,
      });
    }
    const first = (await call(user, 'GET', '/api/points/history')).json();
    expect(first).toMatchObject({ balance: 283, total: 25, page: 1, pageSize: 20 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toMatchObject({ reason: 'offer', href: '/adscend-offerwall' });
    const second = (await call(user, 'GET', '/api/points/history?page=2')).json();
    expect(second.entries).toHaveLength(5);
    expect(second.entries.at(-1)).toMatchObject({
      reason: 'cashback',
      href: `/cashback-claims#claim-${claim.id}`,
      detail: 'History Firm',
    });
    expect(second.entries.at(-2)).toMatchObject({
      reason: 'review_award',
      href: '/firm/history-firm?tab=reviews',
      detail: 'Your review of History Firm',
    });
    expect((await call(user, 'GET', '/api/points/history?page=0')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/points/history')).statusCode).toBe(401);
  });
});
