import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { propFirms } from '../db/schema';
import { insertFirm } from '../db/seed/factories';
import { type ChangeEvent, Changes } from './events';
import { cacheTagsOf } from './response-cache-plugin';

const silent = pino({ level: 'silent' });

describe('change events', () => {
  it('are delivered to every listener of the process', () => {
    const changes = new Changes();
    const seen: ChangeEvent[][] = [];
    changes.subscribe((events) => seen.push([...events]));
    changes.publishCommitted({ type: 'firm.updated', id: 7 }, { type: 'coupon.created', id: 3 });
    changes.publishCommitted();
    expect(seen).toEqual([
      [
        { type: 'firm.updated', id: 7 },
        { type: 'coupon.created', id: 3 },
      ],
    ]);
  });

  it('map to the cache tags they make stale', () => {
    // A change that names its firm drops that firm's own answers; one that names none, every firm's.
    expect(cacheTagsOf([{ type: 'review.created', id: 1, firmId: 4 }]).sort()).toEqual([
      'firm:4',
      'firms',
      'reviews',
    ]);
    expect(cacheTagsOf([{ type: 'review.created', id: 1 }]).sort()).toEqual(['firm', 'firms', 'reviews']);
    expect(cacheTagsOf([{ type: 'coupon.counted', id: 1 }]).sort()).toEqual(['coupons']);
    // A helpful vote's tally shows on its firm's reviews alone; a name on every firm's reviews.
    expect(cacheTagsOf([{ type: 'review.counted', id: 1, firmId: 4 }])).toEqual(['firm:4']);
    expect(cacheTagsOf([{ type: 'user.updated', id: 'u' }]).sort()).toEqual(['firm', 'reviews', 'users']);
    expect(cacheTagsOf([{ type: 'user.created', id: 'u' }])).toEqual(['users']);
    expect(cacheTagsOf([{ type: 'firm.updated', id: 2 }]).sort()).toEqual(['firm:2', 'firms']);
    expect(cacheTagsOf([{ type: 'firm.updated' }]).sort()).toEqual(['firm', 'firms']);
    expect(cacheTagsOf([{ type: 'platform.created', id: 5 }]).sort()).toEqual(['firm', 'firms']);
    expect(cacheTagsOf([{ type: 'firm.updated' }, { type: 'user.deleted', id: 'u' }])).toEqual(['*']);
  });

  it.skipIf(!process.env.REDIS_URL)('reach the other processes through Redis, once each', async () => {
    const channel = `pfc-test-${crypto.randomUUID()}:changes`;
    const redisA = new Redis(process.env.REDIS_URL as string);
    const redisB = new Redis(process.env.REDIS_URL as string);
    const [a, b] = [new Changes(), new Changes()];
    const closeA = await a.connectRedis(redisA, channel, silent);
    const closeB = await b.connectRedis(redisB, channel, silent);
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.subscribe((events) => seenA.push(...events.map((e) => e.type)));
    b.subscribe((events) => seenB.push(...events.map((e) => e.type)));
    try {
      a.publishCommitted({ type: 'firm.updated', id: 1 });
      for (let i = 0; i < 50 && seenB.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seenB).toEqual(['firm.updated']);
      expect(seenA).toEqual(['firm.updated']);
    } finally {
      await closeA();
      await closeB();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});

describe('the response cache follows change events', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close());

  it('drops the answers a published change made stale, and keeps the others', async () => {
    await insertFirm(ctx.db, { name: 'Evented Firm' });
    // Each asked twice: an answer is stored from its second request (decision 0040).
    for (const url of ['/api/firms', '/api/blog', '/api/firms', '/api/blog']) await ctx.app.inject({ url });
    expect((await ctx.app.inject({ url: '/api/firms' })).headers['x-cache']).toBe('hit');
    expect((await ctx.app.inject({ url: '/api/blog' })).headers['x-cache']).toBe('hit');
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: 1 });
    // Dropped once the read models have the change (until then a new answer would be as stale).
    await ctx.app.readModels.settled();
    expect((await ctx.app.inject({ url: '/api/firms' })).headers['x-cache']).toBe('miss');
    expect((await ctx.app.inject({ url: '/api/blog' })).headers['x-cache']).toBe('hit');
  });

  it("keeps a firm's own answers across another firm's change, and drops them on its own", async () => {
    const [mine, other] = [
      await insertFirm(ctx.db, { name: 'Tagged Firm', slug: 'tagged-firm' }),
      await insertFirm(ctx.db, { name: 'Other Tagged', slug: 'other-tagged' }),
    ];
    await ctx.app.readModels.settled();
    const own = ['/api/firms/tagged-firm/details', '/api/firms/tagged-firm/platforms'];
    const cached = async (url: string) => (await ctx.app.inject({ url })).headers['x-cache'];
    for (const url of [...own, ...own]) await ctx.app.inject({ url });
    for (const url of own) expect(await cached(url)).toBe('hit');
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: other.id });
    await ctx.app.readModels.settled();
    for (const url of own) expect(await cached(url)).toBe('hit');
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: mine.id });
    await ctx.app.readModels.settled();
    for (const url of own) expect(await cached(url)).toBe('miss');
  });
});

/**
 * The writes that publish their changes without `Changes.commit`, and why: they committed in a
 * transaction that is not ours, or a job publishes its batch of transactions once.
 */
const PUBLISHED_OUTSIDE_COMMIT: Record<string, string> = {
  'modules/accounts/auth.ts': "Better Auth's hooks, after its own transactions",
  'modules/blog/jobs.ts': 'a scheduled post becomes public by the clock, with no write',
  'modules/payouts/jobs.ts': "each firm's record in its own transaction, published once for the run",
  'modules/price-history/jobs.ts': "each firm's prices in their own transaction, published once for the run",
};

describe('a write and its changes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close());

  it('are published by commit once the transaction has committed, and not when it rolls back', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Committed Firm' });
    const seen: string[] = [];
    ctx.app.changes.subscribe((events) => seen.push(...events.map((e) => e.type)));
    const nameNow = async () =>
      (await ctx.db.select({ name: propFirms.name }).from(propFirms).where(eq(propFirms.id, firm.id)))[0]
        .name;
    const refused = ctx.app.changes.commit(ctx.db, async (tx) => {
      await tx.update(propFirms).set({ name: 'Rolled Back' }).where(eq(propFirms.id, firm.id));
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await nameNow()).toBe('Committed Firm');
    const renamed = await ctx.app.changes.commit(ctx.db, async (tx) => {
      await tx.update(propFirms).set({ name: 'Renamed Firm' }).where(eq(propFirms.id, firm.id));
      expect(seen).toEqual([]);
      return { result: 'renamed', changes: [{ type: 'firm.updated', id: firm.id }] };
    });
    expect(renamed).toBe('renamed');
    expect(seen).toEqual(['firm.updated']);
    expect(await nameNow()).toBe('Renamed Firm');
  });

  it('go through commit everywhere but in the writes listed with their reason', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const callers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(path.join(root, file), 'utf8').includes('.publishCommitted('))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(callers).toEqual(Object.keys(PUBLISHED_OUTSIDE_COMMIT).sort());
  });
});
