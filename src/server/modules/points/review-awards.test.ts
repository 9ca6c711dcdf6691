import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { weekStartOf } from '../../../domain/points';
import { scoreReview } from '../../../domain/points-rules';
import { pointsLedger, reviewAwards, users } from '../../db/schema';
import { insertFirm, insertManualReview, insertUser, insertUserReview } from '../../db/seed/factories';

let ctx: TestContext;
let admin: TestUser;

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };
const balanceOf = async (id: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0].points;

const DETAILED =
  'I bought the 50k challenge for $299 and passed phase 1 in 12 days. The daily loss rule is 5% and the drawdown trails. ' +
  'Support answered on live chat within an hour. My first payout request took 3 business days on MT5 and the fee was refunded.';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'awardadmin' });
}, 120_000);
afterAll(() => ctx.close());

describe('the rubric', () => {
  it('never reads the rating or the verdict: praise and criticism with the same facts score alike', () => {
    const praise = scoreReview({
      title: 'Great firm',
      comment: DETAILED.replace('took', 'happily took'),
      helpfulVotes: 2,
    });
    const critique = scoreReview({
      title: 'Awful firm',
      comment: DETAILED.replace('took', 'sadly took'),
      helpfulVotes: 2,
    });
    expect(praise.total).toBe(critique.total);
    expect(praise.total).toBeGreaterThan(0);
    expect(scoreReview({ title: 'Short', comment: 'Too short to judge.', helpfulVotes: 50 }).eligible).toBe(
      false,
    );
    // Votes count up to the cap only.
    const many = scoreReview({ title: 't', comment: DETAILED, helpfulVotes: 500 });
    const capped = scoreReview({ title: 't', comment: DETAILED, helpfulVotes: 10 });
    expect(many.total).toBe(capped.total);
  });

  it('finds the Monday that begins a week, in UTC', () => {
    expect(weekStartOf(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe("'Was this helpful?' votes", () => {
  it('one per verified user and review, never on your own or a copied review', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'votes-firm' });
    const author = await signUpUser(ctx, { verified: true, prefix: 'author' });
    const voter = await signUpUser(ctx, { verified: true, prefix: 'voter' });
    const unverified = await signUpUser(ctx, { prefix: 'novote' });
    const review = await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: author.id,
      comment: DETAILED,
    });
    const manual = await insertManualReview(ctx.db, { propFirmId: firm.id });
    const vote = (user: TestUser | null, id: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: as(user) });
    const shownCount = async () => {
      await ctx.app.readModels.settled();
      const res = await ctx.app.inject('/api/firms/votes-firm/reviews');
      return res.json().find((r: { id: number }) => r.id === review.id).helpfulCount;
    };
    // Asked twice: the second answer is the cached one, which a vote must drop.
    expect(await shownCount()).toBe(0);
    expect(await shownCount()).toBe(0);
    expect((await vote(null, review.id)).statusCode).toBe(401);
    expect((await vote(unverified, review.id)).statusCode).toBe(403);
    expect((await vote(author, review.id)).statusCode).toBe(403);
    expect((await vote(voter, manual.id)).statusCode).toBe(400);
    expect((await vote(voter, 999999)).statusCode).toBe(404);
    expect((await vote(voter, review.id)).json()).toEqual({ helpfulCount: 1, voted: true });
    expect((await vote(voter, review.id)).json()).toEqual({ helpfulCount: 1, voted: true });
    const counts = await ctx.app.inject({ url: '/api/firms/votes-firm/helpful-votes', headers: as(voter) });
    expect(counts.json()).toEqual([{ reviewId: review.id, helpfulCount: 1, voted: true }]);
    const anonymous = await ctx.app.inject('/api/firms/votes-firm/helpful-votes');
    expect(anonymous.json()).toEqual([{ reviewId: review.id, helpfulCount: 1, voted: false }]);
    // Anonymous visitors read the count on the review itself.
    expect(await shownCount()).toBe(1);
  });
});

describe('the weekly award job', () => {
  it('awards 250-50 to the five best reviews of last week, one per author, once across runs, and publishes them', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Award Firm', slug: 'award-firm' });
    const monday = new Date('2026-11-16T00:00:00Z');
    const inWeek = (h: number) => new Date(monday.getTime() + h * 3_600_000);
    const authors = await Promise.all(
      Array.from({ length: 7 }, () => insertUser(ctx.db, { emailVerified: true })),
    );
    // Longer reviews score more; ratings run against the ranking to show they play no part.
    for (const [i, author] of authors.entries()) {
      await insertUserReview(ctx.db, {
        propFirmId: firm.id,
        userId: author.id,
        rating: i % 2 === 0 ? 1 : 5,
        comment: DETAILED + ' More detail about the dashboard.'.repeat(7 - i),
        createdAt: inWeek(i + 1),
      });
    }
    // Outside the week, unverified, or too short: not eligible.
    await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: (await insertUser(ctx.db, { emailVerified: true })).id,
      comment: DETAILED.repeat(5),
      createdAt: inWeek(-1),
    });
    await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: (await insertUser(ctx.db, { emailVerified: false })).id,
      comment: DETAILED.repeat(5),
      createdAt: inWeek(3),
    });

    const nextMonday = new Date('2026-11-23T00:00:00Z');
    // Two processes reach the same scheduled slot: one runs it.
    const runs = await Promise.all([
      ctx.app.jobs.runScheduled('weekly-review-awards', nextMonday),
      ctx.app.jobs.runScheduled('weekly-review-awards', nextMonday),
    ]);
    expect(runs.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    // A manual rerun of the same week adds nothing.
    expect((await ctx.app.jobs.run('weekly-review-awards', { week: '2026-11-16' })).status).toBe('succeeded');

    const awards = await ctx.db.select().from(reviewAwards).where(eq(reviewAwards.weekStart, '2026-11-16'));
    expect(awards.map((a) => a.points).sort((a, b) => b - a)).toEqual([250, 200, 150, 100, 50]);
    const byRank = awards.sort((a, b) => a.rank - b.rank);
    expect(byRank.map((a) => a.userId)).toEqual(authors.slice(0, 5).map((a) => a.id));
    expect(await balanceOf(authors[0].id)).toBe(250);
    expect(await balanceOf(authors[5].id)).toBe(0);
    const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, authors[0].id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'review_award', delta: 250 });
  });

  it('an admin revokes an award with a reason: a reversing row naming them, once', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'revoke-firm' });
    const author = await insertUser(ctx.db, { emailVerified: true });
    await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: author.id,
      comment: DETAILED,
      createdAt: new Date('2026-11-03T10:00:00Z'),
    });
    await ctx.app.jobs.run('weekly-review-awards', { week: '2026-11-02' });
    const [award] = await ctx.db.select().from(reviewAwards).where(eq(reviewAwards.weekStart, '2026-11-02'));
    expect(award.points).toBe(250);
    const revoke = (reason: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/review-awards/${award.id}/revoke`,
        headers: as(admin),
        payload: { reason },
      });
    expect((await revoke('')).statusCode).toBe(400);
    expect((await revoke('Copied from another site')).statusCode).toBe(204);
    expect((await revoke('Copied from another site')).statusCode).toBe(409);
    expect(await balanceOf(author.id)).toBe(0);
    const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, author.id));
    expect(rows.find((r) => r.delta < 0)).toMatchObject({
      reason: 'review_award_revoked',
      delta: -250,
      createdBy: admin.id,
    });
    const list = (await ctx.app.inject({ url: '/api/admin/review-awards', headers: as(admin) })).json();
    expect(list.find((a: { id: number }) => a.id === award.id)).toMatchObject({
      revokeReason: 'Copied from another site',
    });
  });

  it('/api/points/program publishes the rules data: cashback firms, last week and offerwalls', async () => {
    const res = await ctx.app.inject('/api/points/program');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.offerwalls).toEqual({ offerwall: false, adscend: false });
    expect(body.lastWeek.weekStart).toBe(
      new Date(weekStartOf(new Date()).getTime() - 7 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(Array.isArray(body.cashbackFirms)).toBe(true);
  });
});
