import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { cashbackClaims } from '../../db/schema';
import { insertFirm, insertUser } from '../../db/seed/factories';
import { requestCashOut } from './cash-outs';
import { decideClaim } from './cashback';
import { receivePostback } from './offerwalls';

const SECRET = 'invariant-secret-0123456789';
let ctx: TestContext;
/** PGlite and node-postgres both answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestApp({
    OFFERWALL_URL: 'https://wall.example.com/?sub={userId}',
    OFFERWALL_SECRET: SECRET,
  });
}, 120_000);
afterAll(() => ctx.close());

describe('the ledger invariant (issue #20)', () => {
  it('after 200 concurrent operations of each kind, balances equal ledger sums, nothing is credited twice, none below zero', async () => {
    const deps = {
      db: ctx.db,
      changes: ctx.app.changes,
      mailer: ctx.app.mailer,
      publicUrl: 'http://x',
      log: ctx.app.log,
      env: ctx.env,
    };
    const firm = await insertFirm(ctx.db, { cashbackProvided: true, cashbackPercentage: 10 });
    const admin = await insertUser(ctx.db, { role: 'admin' });
    const user = await insertUser(ctx.db, { emailVerified: true });
    const [claim] = await ctx.db
      .insert(cashbackClaims)
      .values({
        userId: user.id,
        propFirmId: firm.id,
        orderReference: 'INV-1',
        amountSpent: 300_000,
        cashbackPercentage: 10,
      })
      .returning();
    const sig = createHmac('sha256', SECRET).update(`INV-T:${user.id}:700:1`).digest('hex');
    const query = { transaction_id: 'INV-T', user_id: user.id, points: '700', status: '1', sig };
    const ops = [
      // the same claim approved 200 times
      ...Array.from({ length: 200 }, () => decideClaim(deps, claim.id, admin.id, { decision: 'approve' })),
      // the same postback 200 times
      ...Array.from({ length: 200 }, () => receivePostback(deps, 'offerwall', query, '127.0.0.1')),
      // 200 cash-outs, together far larger than any balance
      ...Array.from({ length: 200 }, () =>
        requestCashOut(deps, user.id, { method: 'paypal', destination: 'me@example.com', points: 2500 }),
      ),
    ];
    const results = await Promise.allSettled(ops);
    for (const r of results) {
      if (r.status === 'rejected') expect([400, 409]).toContain((r.reason as { status?: number }).status);
    }
    const [check] = await ctx.db
      .execute<{ mismatched: number; negative: number; doubled: number }>(sql`
      select
        (select count(*)::int from users u where u.points <> coalesce((select sum(delta) from points_ledger l where l.user_id = u.id), 0)) as mismatched,
        (select count(*)::int from users where points < 0) as negative,
        (select count(*)::int from (select idempotency_key from points_ledger group by 1 having count(*) > 1) d) as doubled
    `)
      .then((r) => rowsOf<{ mismatched: number; negative: number; doubled: number }>(r));
    expect(Number(check.mismatched)).toBe(0);
    expect(Number(check.negative)).toBe(0);
    expect(Number(check.doubled)).toBe(0);
    // 30,000 from the claim + 700 from the offer, once each: 12 cash-outs of 2,500 fit, leaving 700.
    const [{ claims, offers, cashOuts }] = await ctx.db
      .execute<{ claims: number; offers: number; cashOuts: number }>(sql`
      select
        (select count(*)::int from points_ledger where idempotency_key = ${`claim:${claim.id}`}) as claims,
        (select count(*)::int from points_ledger where idempotency_key = 'offer:offerwall:INV-T') as offers,
        (select count(*)::int from points_ledger where user_id = ${user.id} and reason = 'payout') as "cashOuts"
    `)
      .then((r) => rowsOf<{ claims: number; offers: number; cashOuts: number }>(r));
    expect(Number(claims)).toBe(1);
    expect(Number(offers)).toBe(1);
    expect(Number(cashOuts)).toBeLessThanOrEqual(12);
    const [{ points }] = await ctx.db
      .execute<{ points: number }>(sql`select points from users where id = ${user.id}`)
      .then((r) => rowsOf<{ points: number }>(r));
    expect(Number(points)).toBe(30_700 - 2500 * Number(cashOuts));
  }, 120_000);
});
