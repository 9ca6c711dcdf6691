import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { pointsLedger, users } from '../../db/schema';
import { insertUser } from '../../db/seed/factories';
import { getPointsBalance, recordPoints } from './service';

describe('the points writer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close());

  const ledgerSum = async (userId: string) => {
    const [row] = await ctx.db
      .select({ sum: sql<number>`coalesce(sum(${pointsLedger.delta}), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId));
    return Number(row.sum);
  };

  it('adds a ledger row and moves the balance with it', async () => {
    const user = await insertUser(ctx.db);
    const credit = { userId: user.id, delta: 120, reason: 'cashback' as const, reference: 'claim:1' };
    expect(await recordPoints(ctx.db, { ...credit, idempotencyKey: 'claim:1' })).toEqual({
      applied: true,
      balance: 120,
    });
    expect(
      await recordPoints(ctx.db, { ...credit, delta: -20, reason: 'payout', idempotencyKey: 'payout:1' }),
    ).toEqual({ applied: true, balance: 100 });
    expect(await getPointsBalance(ctx.db, user.id)).toBe(100);
    expect(await ledgerSum(user.id)).toBe(100);
  });

  it('credits a key once: a repeat adds nothing and answers the balance', async () => {
    const user = await insertUser(ctx.db);
    const entry = {
      userId: user.id,
      delta: 50,
      reason: 'offer' as const,
      idempotencyKey: `offer:${user.id}`,
    };
    await recordPoints(ctx.db, entry);
    expect(await recordPoints(ctx.db, entry)).toEqual({ applied: false, balance: 50 });
    expect(await ledgerSum(user.id)).toBe(50);
  });

  it('refuses a debit larger than the balance, and zero or fractional changes, writing nothing', async () => {
    const user = await insertUser(ctx.db);
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: 30,
      reason: 'cashback',
      idempotencyKey: `c:${user.id}`,
    });
    const base = { userId: user.id, reason: 'payout' as const };
    await expect(
      recordPoints(ctx.db, { ...base, delta: -31, idempotencyKey: `p:${user.id}` }),
    ).rejects.toMatchObject({ status: 400, code: 'insufficient_points' });
    for (const delta of [0, 1.5, Number.NaN]) {
      await expect(
        recordPoints(ctx.db, { ...base, delta, idempotencyKey: `x:${delta}` }),
      ).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(
      recordPoints(ctx.db, { ...base, userId: 'nobody', delta: 5, idempotencyKey: 'nobody:1' }),
    ).rejects.toThrow();
    expect(await getPointsBalance(ctx.db, user.id)).toBe(30);
    expect(await ledgerSum(user.id)).toBe(30);
    // The refused key is free: the row was rolled back with the refusal.
    expect(
      (await recordPoints(ctx.db, { ...base, delta: -30, idempotencyKey: `p:${user.id}` })).balance,
    ).toBe(0);
  });

  it('rolls back with the transaction of what caused it', async () => {
    const user = await insertUser(ctx.db);
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordPoints(tx, {
          userId: user.id,
          delta: 10,
          reason: 'cashback',
          idempotencyKey: `t:${user.id}`,
        });
        throw new Error('the claim update failed');
      }),
    ).rejects.toThrow('the claim update failed');
    expect(await getPointsBalance(ctx.db, user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it('keeps balance = ledger sum >= 0 under 200 concurrent debits, credits and repeats', async () => {
    const user = await insertUser(ctx.db);
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: 500,
      reason: 'cashback',
      idempotencyKey: `seed:${user.id}`,
    });
    const debits = Array.from({ length: 200 }, (_, i) =>
      recordPoints(ctx.db, {
        userId: user.id,
        delta: -10,
        reason: 'payout',
        idempotencyKey: `d:${user.id}:${i}`,
      }),
    );
    const repeats = Array.from({ length: 200 }, () =>
      recordPoints(ctx.db, { userId: user.id, delta: 7, reason: 'offer', idempotencyKey: `same:${user.id}` }),
    );
    const results = await Promise.allSettled([...debits, ...repeats]);
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.applied);
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 400 });
    const balance = await getPointsBalance(ctx.db, user.id);
    expect(balance).toBe(await ledgerSum(user.id));
    expect(balance).toBeGreaterThanOrEqual(0);
    const [{ credits }] = await ctx.db
      .select({ credits: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `same:${user.id}`));
    expect(Number(credits)).toBe(1);
    // 500 + 7 allows 50 debits of 10 at most; each applied debit is in the sum above.
    expect(applied.length).toBeLessThanOrEqual(51);
    expect(balance).toBe(507 - 10 * (applied.length - 1));
  });

  it('the database refuses a negative balance even when written around the writer', async () => {
    const user = await insertUser(ctx.db);
    await expect(ctx.db.update(users).set({ points: -1 }).where(eq(users.id, user.id))).rejects.toThrow();
  });
});
