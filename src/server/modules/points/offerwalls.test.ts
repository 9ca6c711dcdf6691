import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { offerPostbacks, users } from '../../db/schema';
import { insertUser } from '../../db/seed/factories';
import { recordPoints } from './service';

const SECRET = 'offerwall-secret-0123456789';
const ADSCEND_SECRET = 'adscend-secret-0123456789';
let ctx: TestContext;
let bare: TestContext;
let admin: TestUser;

/** A postback as the provider signs it: HMAC-SHA256 of "txn:user:points:status" with the shared secret. */
function signed(
  p: { txn: string; user: string; points: number | string; status: 1 | 2 | string },
  secret = SECRET,
) {
  const sig = createHmac('sha256', secret).update(`${p.txn}:${p.user}:${p.points}:${p.status}`).digest('hex');
  return new URLSearchParams({
    transaction_id: p.txn,
    user_id: p.user,
    points: String(p.points),
    status: String(p.status),
    sig,
  });
}
const post = (c: TestContext, q: URLSearchParams, provider = 'offerwall') =>
  c.app.inject(`/api/postbacks/${provider}?${q}`);
const balanceOf = async (id: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0].points;

beforeAll(async () => {
  ctx = await createTestApp({
    OFFERWALL_URL: 'https://wall.example.com/?pub=7&sub={userId}',
    OFFERWALL_SECRET: SECRET,
    ADSCEND_PUB_ID: '123',
    ADSCEND_WALL_ID: '456',
    ADSCEND_SECRET,
  });
  bare = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'pbadmin' });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await bare.close();
});

describe('offerwall postbacks', () => {
  it('credit once per transaction: a repeat answers success and credits nothing', async () => {
    const user = await insertUser(ctx.db);
    const q = signed({ txn: 'T-1', user: user.id, points: 120, status: 1 });
    const first = await post(ctx, q);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('1 credited');
    const again = await Promise.all(Array.from({ length: 20 }, () => post(ctx, q)));
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(user.id)).toBe(120);
    // The same transaction id at the other provider is another transaction.
    expect(
      (
        await post(
          ctx,
          signed({ txn: 'T-1', user: user.id, points: 5, status: 1 }, ADSCEND_SECRET),
          'adscend',
        )
      ).body,
    ).toBe('1 credited');
    expect(await balanceOf(user.id)).toBe(125);
  });

  it('refuse a bad or missing signature (constant-time compare) and record why', async () => {
    const user = await insertUser(ctx.db);
    const forged = signed({ txn: 'T-2', user: user.id, points: 999, status: 1 }, 'wrong-secret-000000000');
    expect((await post(ctx, forged)).statusCode).toBe(403);
    const tampered = signed({ txn: 'T-2', user: user.id, points: 1, status: 1 });
    tampered.set('points', '100000');
    expect((await post(ctx, tampered)).statusCode).toBe(403);
    const short = signed({ txn: 'T-2', user: user.id, points: 1, status: 1 });
    short.set('sig', 'abc');
    expect((await post(ctx, short)).statusCode).toBe(403);
    expect((await post(ctx, new URLSearchParams({ transaction_id: 'T-2' }))).statusCode).toBe(400);
    expect(
      (await post(ctx, signed({ txn: 'T-2', user: user.id, points: 'ten', status: 1 }))).statusCode,
    ).toBe(400);
    expect((await post(ctx, signed({ txn: 'T-2', user: user.id, points: 1, status: '9' }))).statusCode).toBe(
      400,
    );
    expect(await balanceOf(user.id)).toBe(0);
    const audit = await ctx.db.select().from(offerPostbacks).where(eq(offerPostbacks.transactionId, 'T-2'));
    expect(audit.length).toBeGreaterThanOrEqual(5);
    expect(audit.every((a) => a.outcome === 'refused')).toBe(true);
    expect(audit.map((a) => a.refusalReason)).toContain('bad signature');
    const queue = (
      await ctx.app.inject({
        url: '/api/admin/postbacks',
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      })
    ).json();
    expect(
      queue.some(
        (p: { transactionId: string; refusalReason: string }) =>
          p.transactionId === 'T-2' && p.refusalReason === 'bad signature',
      ),
    ).toBe(true);
  });

  it('reversals debit what the transaction credited, once; nothing to reverse is refused', async () => {
    const user = await insertUser(ctx.db);
    await post(ctx, signed({ txn: 'T-3', user: user.id, points: 80, status: 1 }));
    const reversal = signed({ txn: 'T-3', user: user.id, points: 80, status: 2 });
    expect((await post(ctx, reversal)).body).toBe('1 reversed');
    expect((await post(ctx, reversal)).body).toBe('1 duplicate');
    expect(await balanceOf(user.id)).toBe(0);
    const orphan = await post(ctx, signed({ txn: 'T-none', user: user.id, points: 10, status: 2 }));
    expect(orphan.statusCode).toBe(200);
    expect(orphan.body).toContain('no credit to reverse');
    // Spent points are not taken below zero: the reversal is refused for an admin to settle.
    await post(ctx, signed({ txn: 'T-4', user: user.id, points: 50, status: 1 }));
    await recordPoints(ctx.db, {
      userId: user.id,
      delta: -50,
      reason: 'payout',
      idempotencyKey: `spend:${user.id}`,
    });
    const late = await post(ctx, signed({ txn: 'T-4', user: user.id, points: 50, status: 2 }));
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('balance too low');
    expect(await balanceOf(user.id)).toBe(0);
    const unknownUser = await post(ctx, signed({ txn: 'T-5', user: 'nobody', points: 5, status: 1 }));
    expect(unknownUser.body).toContain('unknown user');
  });

  it('with no configuration: no wall and postbacks refused (404: no such wall here)', async () => {
    const user = await signUpUser(bare, { verified: true, prefix: 'nowall' });
    const res = await bare.app.inject({
      url: '/api/offerwalls/offerwall',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    expect(res.json()).toEqual({ url: null });
    expect((await post(bare, signed({ txn: 'X', user: user.id, points: 5, status: 1 }))).statusCode).toBe(
      404,
    );
    expect((await bare.app.inject('/api/points/program')).json().offerwalls).toEqual({
      offerwall: false,
      adscend: false,
    });
  });

  it('configured: the wall carries the user id as sub-id and the page may frame it', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'wall' });
    const headers = { origin: TEST_ORIGIN, cookie: user.cookie };
    expect((await ctx.app.inject({ url: '/api/offerwalls/offerwall', headers })).json().url).toBe(
      `https://wall.example.com/?pub=7&sub=${user.id}`,
    );
    expect((await ctx.app.inject({ url: '/api/offerwalls/adscend', headers })).json().url).toBe(
      `https://asmwall.com/adwall/publisher/123/profile/456?subid1=${user.id}`,
    );
    const csp = (await ctx.app.inject('/api/points/program')).headers['content-security-policy'] as string;
    expect(csp).toContain("frame-src 'self' https://wall.example.com https://asmwall.com");
  });
});
