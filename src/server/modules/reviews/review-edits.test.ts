import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { firmReplies, pointsLedger, reviewAwards, reviews, users } from '../../db/schema';
import { insertFirm, insertManualReview, insertUser, insertUserReview } from '../../db/seed/factories';
import { awardWeeklyReviews } from '../points/review-awards';

let ctx: TestContext;
let admin: TestUser;

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };
const postReview = (user: TestUser, firmId: number, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/firms/${firmId}/reviews`, headers: as(user), payload });
const putReview = (user: TestUser | null, id: number, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/reviews/${id}`,
    headers: as(user),
    payload: payload as Record<string, unknown>,
  });
const rowOf = async (id: number) => (await ctx.db.select().from(reviews).where(eq(reviews.id, id)))[0];
const listOf = async (slug: string) =>
  (await ctx.app.inject(`/api/firms/${slug}/reviews`)).json() as {
    id: number;
    rating: number;
    comment: string;
    createdAt: string;
    editedAt: string | null;
    reply: { body: string } | null;
  }[];

const original = {
  rating: 4,
  title: 'Fast payouts',
  comment: 'Passed in two weeks and the first payout came in three days.',
};
const textOf = (slug: string) => `Passed ${slug} in two weeks and the first payout came in three days.`;

/**
 * A firm, and a published review of it by a new verified trader, written through the API (by
 * default `original` with the firm's name in it: no two tests' reviews share a text).
 */
async function reviewed(slug: string, payload: typeof original = { ...original, comment: textOf(slug) }) {
  const firm = await insertFirm(ctx.db, { slug, name: `Firm ${slug}` });
  const author = await signUpUser(ctx, { verified: true, prefix: slug });
  const res = await postReview(author, firm.id, payload);
  expect(res.statusCode, res.body).toBe(201);
  return {
    firm,
    author,
    review: res.json() as { id: number; status: string; createdAt: string },
    sent: payload,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'editadmin' });
}, 120_000);
afterAll(() => ctx.close());

describe('PUT /api/reviews/{id}: the author edits their review', () => {
  it('changes the words and rating, marks it edited, moves the average, keeps the date and the reply', async () => {
    const { firm, author, review } = await reviewed('edit-average');
    await insertUserReview(ctx.db, { propFirmId: firm.id, userId: (await insertUser(ctx.db)).id, rating: 2 });
    await ctx.db.insert(firmReplies).values({ propFirmId: firm.id, reviewId: review.id, body: 'Thanks!' });
    ctx.app.changes.publishCommitted({ type: 'review.updated', firmId: firm.id });
    await ctx.app.readModels.settled();
    expect((await ctx.app.inject('/api/firms/edit-average/rating')).json()).toMatchObject({
      averageRating: 3,
      totalReviews: 2,
    });
    expect((await listOf('edit-average')).find((r) => r.id === review.id)?.editedAt).toBeNull();

    const res = await putReview(author, review.id, {
      rating: 5,
      title: 'Fast payouts, and support too',
      comment: 'Passed in two weeks; the first payout came in three days and support was quick.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      id: review.id,
      rating: 5,
      title: 'Fast payouts, and support too',
      status: 'published',
      createdAt: review.createdAt,
      reply: { body: 'Thanks!' },
    });
    expect(Date.parse(edited.editedAt)).toBeGreaterThanOrEqual(Date.parse(review.createdAt));

    // The firm's rating, the reviews list and the firm record all follow the edit.
    expect((await ctx.app.inject('/api/firms/edit-average/rating')).json()).toMatchObject({
      averageRating: 3.5,
      totalReviews: 2,
    });
    const directory = (await ctx.app.inject('/api/firms?q=edit-average')).json();
    expect(directory.firms).toMatchObject([{ slug: 'edit-average', averageRating: 3.5, totalReviews: 2 }]);
    const listed = (await listOf('edit-average')).find((r) => r.id === review.id);
    expect(listed).toMatchObject({
      rating: 5,
      createdAt: review.createdAt,
      editedAt: edited.editedAt,
      reply: { body: 'Thanks!' },
    });
    const own = (
      await ctx.app.inject({ url: '/api/firms/edit-average/my-review', headers: as(author) })
    ).json();
    expect(own).toMatchObject({ status: 'published', review: { rating: 5, editedAt: edited.editedAt } });
  });

  it('keeps its own unchanged text from counting as a copy, and saving the same words changes nothing', async () => {
    const { author, review, sent } = await reviewed('edit-same-text');
    const rated = await putReview(author, review.id, { ...sent, rating: 2 });
    expect(rated.json()).toMatchObject({ status: 'published', rating: 2 });
    const editedAt = rated.json().editedAt;
    expect(editedAt).not.toBeNull();
    const same = await putReview(author, review.id, { ...sent, rating: 2 });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'published', editedAt });
  });

  it('refuses the signed out (401), the unverified and anyone but the author (403), an unknown review (404)', async () => {
    const { firm, author, review } = await reviewed('edit-access');
    const other = await signUpUser(ctx, { verified: true, prefix: 'edit-other' });
    const unverified = await signUpUser(ctx, { prefix: 'edit-unverified' });
    const manual = await insertManualReview(ctx.db, { propFirmId: firm.id });
    const change = { ...original, rating: 1, title: 'Not my words' };
    expect((await putReview(null, review.id, change)).statusCode).toBe(401);
    expect((await putReview(unverified, review.id, change)).statusCode).toBe(403);
    const refused = await putReview(other, review.id, change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_author');
    expect((await putReview(admin, review.id, change)).statusCode).toBe(403);
    expect((await putReview(other, manual.id, change)).statusCode).toBe(403);
    expect((await putReview(author, 999_999, change)).statusCode).toBe(404);
    expect(await rowOf(review.id)).toMatchObject({ rating: 4, title: 'Fast payouts', editedAt: null });
  });

  it('answers a bad body with 400 and changes nothing', async () => {
    const { firm, author, review, sent } = await reviewed('edit-bad-body');
    for (const body of [
      { ...sent, rating: 6 },
      { ...sent, rating: 4.5 },
      { ...sent, title: 'ab' },
      { ...sent, comment: 'Too short.' },
      { rating: 3 },
      { ...sent, propFirmId: firm.id + 1000 },
    ]) {
      const res = await putReview(author, review.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/reviews/${review.id}`,
      headers: { ...as(author), 'content-type': 'application/json' },
      payload: '{"rating": 5, "title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await rowOf(review.id)).toMatchObject({
      rating: 4,
      title: sent.title,
      comment: sent.comment,
      status: 'published',
      editedAt: null,
    });
  });

  it('holds an edit that adds a link: no longer listed or counted until an admin publishes it', async () => {
    const { author, review, sent } = await reviewed('edit-link');
    expect((await ctx.app.inject('/api/firms/edit-link/rating')).json().totalReviews).toBe(1);
    const res = await putReview(author, review.id, {
      ...original,
      comment: 'Passed in two weeks. Get 90% off your next challenge at www.cheap-evals.xyz today.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('held');
    expect(await rowOf(review.id)).toMatchObject({ status: 'held', autoChecks: ['link'] });
    expect(await listOf('edit-link')).toEqual([]);
    expect((await ctx.app.inject('/api/firms/edit-link/rating')).json().totalReviews).toBe(0);
    const own = (await ctx.app.inject({ url: '/api/firms/edit-link/my-review', headers: as(author) })).json();
    expect(own.status).toBe('held');
    // A held review can be edited again; taking the link out does not publish it: an admin does.
    const again = await putReview(author, review.id, sent);
    expect(again.json().status).toBe('held');
    expect(await rowOf(review.id)).toMatchObject({ status: 'held', autoChecks: ['link'] });
  });

  it('holds an edit that copies another review', async () => {
    const { firm, author, review } = await reviewed('edit-copy');
    const text = 'Best prop firm ever, payouts in one day, highly recommended to everyone.';
    await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: (await insertUser(ctx.db)).id,
      comment: text,
    });
    const res = await putReview(author, review.id, { ...original, comment: text });
    expect(res.json().status).toBe('held');
    expect(await rowOf(review.id)).toMatchObject({ autoChecks: ['duplicate'] });
  });

  it('refuses (409) to edit a review the moderators hid or deleted, naming why', async () => {
    for (const action of ['hide', 'delete'] as const) {
      const { author, review } = await reviewed(`edit-${action}`);
      const moderated = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${review.id}/moderate`,
        headers: as(admin),
        payload: { action, reason: 'spam' },
      });
      expect(moderated.statusCode, moderated.body).toBe(204);
      const before = await rowOf(review.id);
      const res = await putReview(author, review.id, { ...original, rating: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(
        action === 'hide' ? 'hidden by our moderators' : 'deleted by our moderators',
      );
      expect(await rowOf(review.id)).toEqual(before);
    }
  });

  it('never awards points again: the edit adds no ledger row, and the week judged again adds none', async () => {
    const detailed =
      'I bought the 50k challenge for $299 and passed phase 1 in 12 days. The daily loss rule is 5% and the drawdown trails. ' +
      'Support answered on live chat within an hour. My first payout request took 3 business days on MT5 and the fee was refunded.';
    const { firm, author, review } = await reviewed('edit-points', {
      rating: 5,
      title: 'Detailed and honest',
      comment: detailed,
    });
    // Written in a week already over (a Wednesday; its week began on Monday 2025-03-03).
    await ctx.db
      .update(reviews)
      .set({ createdAt: new Date('2025-03-05T10:00:00Z') })
      .where(eq(reviews.id, review.id));
    ctx.app.changes.publishCommitted({ type: 'review.updated', id: review.id, firmId: firm.id });
    const week = new Date('2025-03-03T00:00:00Z');
    const winners = await awardWeeklyReviews(ctx.db, ctx.app.changes, week);
    expect(winners.map((w) => w.reviewTitle)).toEqual(['Detailed and honest']);
    const awardRows = () =>
      ctx.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, author.id), eq(pointsLedger.reason, 'review_award')));
    const balance = async () =>
      (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, author.id)))[0].points;
    expect(await awardRows()).toHaveLength(1);
    const awarded = await balance();
    expect(awarded).toBeGreaterThan(0);

    const res = await putReview(author, review.id, {
      rating: 4,
      title: 'Detailed and honest, updated',
      comment: `${detailed} Three months on, my second payout was just as quick.`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await awardRows()).toHaveLength(1);
    expect(await balance()).toBe(awarded);
    // Judging the week again (a rerun by hand) awards the edited review nothing more.
    await awardWeeklyReviews(ctx.db, ctx.app.changes, week);
    expect(await awardRows()).toHaveLength(1);
    expect(await ctx.db.select().from(reviewAwards).where(eq(reviewAwards.reviewId, review.id))).toHaveLength(
      1,
    );
    expect(await balance()).toBe(awarded);
  });
});
