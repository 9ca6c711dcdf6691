import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { cashbackClaims, reviews, users } from '../../db/schema';
import {
  buildUser,
  buildUserReview,
  insertFirm,
  insertManualReview,
  insertUser,
  insertUserReview,
} from '../../db/seed/factories';
import { createReview, REVIEWS_PAGE_SIZE } from './service';

let ctx: TestContext;
let firmId: number;
let verified: TestUser;

const valid = {
  rating: 4,
  title: 'Fast payouts',
  comment: 'Passed in two weeks and the first payout came in three days.',
};

beforeAll(async () => {
  ctx = await createTestApp();
  firmId = (await insertFirm(ctx.db, { name: 'Reviewable', slug: 'reviewable' })).id;
  verified = await signUpUser(ctx, { verified: true, prefix: 'rev' });
});
afterAll(() => ctx.close());

const post = (user: TestUser | null, payload: unknown, id: number | string = firmId, origin = TEST_ORIGIN) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/firms/${id}/reviews`,
    headers: { origin, ...(user ? { cookie: user.cookie, 'x-forwarded-for': user.ip } : {}) },
    payload: payload as Record<string, unknown>,
  });

describe('GET reviews and rating', () => {
  it('lists reviews newest first with public author fields only', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'listing' });
    const author = await insertUser(ctx.db, {
      firstName: 'Maya',
      username: 'maya_t',
      email: 'maya@secret.test',
    });
    await insertManualReview(ctx.db, {
      propFirmId: firm.id,
      rating: 3,
      authorName: 'Jordan P.',
      source: 'Trustpilot',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    await insertUserReview(ctx.db, {
      propFirmId: firm.id,
      userId: author.id,
      rating: 5,
      isVerified: true,
      createdAt: new Date('2025-02-01T00:00:00Z'),
    });
    const res = await ctx.app.inject(`/api/firms/listing/reviews`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      rating: 5,
      isManual: false,
      isVerified: true,
      user: { firstName: 'Maya', username: 'maya_t' },
    });
    expect(list[1]).toMatchObject({
      isManual: true,
      authorName: 'Jordan P.',
      source: 'Trustpilot',
      user: null,
    });
    expect(list[0].createdAt).toBe('2025-02-01T00:00:00.000Z');
    expect(res.body).not.toContain('maya@secret.test');
    expect(res.body).not.toContain(author.id);

    const rating = (await ctx.app.inject('/api/firms/listing/rating')).json();
    expect(rating).toEqual({ averageRating: 4, totalReviews: 2, replies: null });
    const byId = (await ctx.app.inject(`/api/firms/${firm.id}/rating`)).json();
    expect(byId).toEqual(rating);
  });

  it('gives a zero summary without reviews and 404 for unknown firms', async () => {
    expect((await ctx.app.inject('/api/firms/reviewable/rating')).json()).toEqual({
      averageRating: 0,
      totalReviews: 0,
      replies: null,
    });
    const empty = await ctx.app.inject('/api/firms/reviewable/reviews');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    for (const url of ['/api/firms/nope/reviews', '/api/firms/nope/rating', '/api/firms/999999/rating']) {
      expect((await ctx.app.inject(url)).statusCode).toBe(404);
    }
  });
});

describe('GET reviews beyond the first page', () => {
  it("pages by keyset after the review `before`: every published review once, in the first page's order", async () => {
    const firm = await insertFirm(ctx.db, { slug: 'paged-reviews' });
    const count = REVIEWS_PAGE_SIZE + 30;
    const authors = await ctx.db
      .insert(users)
      .values(Array.from({ length: count }, () => buildUser()))
      .returning({ id: users.id });
    // Newest first by a day each, with runs of three on the same instant (ordered by id), one held.
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) - Math.floor(i / 3) * 86_400_000);
    await ctx.db.insert(reviews).values(
      authors.map((a, i) =>
        buildUserReview({
          propFirmId: firm.id,
          userId: a.id,
          createdAt: at(i),
          status: i === 7 ? 'held' : 'published',
        }),
      ),
    );
    ctx.app.changes.publishCommitted({ type: 'review.created', firmId: firm.id });
    await ctx.app.readModels.settled();
    const expected = (
      await ctx.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.propFirmId, firm.id), eq(reviews.status, 'published')))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(count - 1);

    const page = async (before?: number) => {
      const res = await ctx.app.inject(
        `/api/firms/paged-reviews/reviews${before === undefined ? '' : `?before=${before}`}`,
      );
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number }[]).map((r) => r.id);
    };
    const first = await page();
    const second = await page(first.at(-1));
    expect(first).toHaveLength(REVIEWS_PAGE_SIZE);
    expect([...first, ...second]).toEqual(expected);
    expect(await page(second.at(-1))).toEqual([]);
    // From the middle of a run of equal times, and from a review of another firm (nothing).
    expect(await page(expected[40])).toEqual(expected.slice(41));
    const other = await insertUserReview(ctx.db);
    expect(await page(other.id)).toEqual([]);
    expect((await ctx.app.inject('/api/firms/paged-reviews/reviews?before=latest')).statusCode).toBe(400);
    expect((await ctx.app.inject('/api/firms/no-such-firm/reviews?before=1')).statusCode).toBe(404);
  });
});

describe('POST /api/firms/{slug}/reviews (the firm id)', () => {
  it('refuses anonymous visitors with 401 Authentication required', async () => {
    const res = await post(null, valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });

  it('refuses an unverified email with 403 mentioning verification', async () => {
    const unverified = await signUpUser(ctx, { prefix: 'unv' });
    const res = await post(unverified, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('verification');
  });

  it('refuses cross-origin posts', async () => {
    const res = await post(verified, valid, firmId, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cross_origin');
  });

  it('names the field of an invalid payload', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'bad' });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, rating: 0 }, 'rating'],
      [{ ...valid, rating: 6 }, 'rating'],
      [{ ...valid, rating: 2.5 }, 'rating'],
      [{ ...valid, title: 'ab' }, 'title'],
      [{ ...valid, title: '      ' }, 'title'],
      [{ ...valid, title: 'x'.repeat(121) }, 'title'],
      [{ ...valid, comment: `   ${'short'}   ` }, 'comment'],
      [{ ...valid, comment: 'x'.repeat(5001) }, 'comment'],
      [{ rating: 5 }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    // A second account: the first has used its ten attempts of the rate limit.
    const other = await signUpUser(ctx, { verified: true, prefix: 'bad' });
    const mismatch = await post(other, { ...valid, propFirmId: firmId + 1000 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('propFirmId');
    const nonNumeric = await post(other, valid, 'abc');
    expect(nonNumeric.statusCode).toBe(400);
    expect(nonNumeric.json().message).toContain('Firm id must be a number');
    expect((await post(other, valid, 999_999)).statusCode).toBe(404);
  });

  it('creates a trimmed plain-text review, then refuses a second with already', async () => {
    const payload = {
      ...valid,
      propFirmId: firmId,
      title: '  <b>Great</b> firm  ',
      comment: `  ${valid.comment}  `,
    };
    const res = await post(verified, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rating: 4,
      title: '<b>Great</b> firm',
      comment: valid.comment,
      isManual: false,
      isVerified: false,
      user: { firstName: 'Test', username: verified.username },
    });
    const again = await post(verified, valid);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('already');
    const rating = (await ctx.app.inject('/api/firms/reviewable/rating')).json();
    expect(rating).toEqual({ averageRating: 4, totalReviews: 1, replies: null });
  });

  it('updates the cached rating and reviews at once', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'cached' });
    ctx.app.changes.publishCommitted({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    // Stored from its second request (decision 0040).
    for (let i = 0; i < 2; i++) await ctx.app.inject('/api/firms/cached/rating');
    expect((await ctx.app.inject('/api/firms/cached/rating')).headers['x-cache']).toBe('hit');
    const user = await signUpUser(ctx, { verified: true, prefix: 'cache' });
    const comment = 'A text of its own: the same text as another review waits for a check.';
    expect((await post(user, { ...valid, rating: 2, comment }, firm.id)).statusCode).toBe(201);
    const after = await ctx.app.inject('/api/firms/cached/rating');
    expect(after.json()).toEqual({ averageRating: 2, totalReviews: 1, replies: null });
  });

  it("keeps other firms' cached reviews and ratings when one firm's reviews change", async () => {
    const [voted, other] = await Promise.all([
      insertFirm(ctx.db, { slug: 'voted-on' }),
      insertFirm(ctx.db, { slug: 'left-alone' }),
    ]);
    ctx.app.changes.publishCommitted(
      { type: 'firm.created', id: voted.id },
      { type: 'firm.created', id: other.id },
    );
    const review = await insertUserReview(ctx.db, { propFirmId: voted.id });
    ctx.app.changes.publishCommitted({ type: 'review.created', id: review.id, firmId: voted.id });
    await ctx.app.readModels.settled();
    const paths = [
      '/api/firms/voted-on/reviews',
      '/api/firms/left-alone/reviews',
      '/api/firms/left-alone/rating',
    ];
    const cacheOf = async (url: string) => (await ctx.app.inject(url)).headers['x-cache'];
    // Stored from its second request (decision 0040).
    for (const url of paths) for (let i = 0; i < 2; i++) await ctx.app.inject(url);
    for (const url of paths) expect(await cacheOf(url), url).toBe('hit');

    // A helpful vote moves one review's tally: its firm's reviews are read again, no other answer.
    const voter = await signUpUser(ctx, { verified: true, prefix: 'tally' });
    const vote = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/helpful`,
      headers: { origin: TEST_ORIGIN, cookie: voter.cookie, 'x-forwarded-for': voter.ip },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const after = await ctx.app.inject(paths[0]);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().find((r: { id: number }) => r.id === review.id).helpfulCount).toBe(1);
    expect(await cacheOf(paths[1])).toBe('hit');
    expect(await cacheOf(paths[2])).toBe('hit');

    // A new review changes the directory's ratings, and the reviews of its own firm alone.
    expect((await post(verified, valid, voted.id)).statusCode).toBe(201);
    expect(await cacheOf(paths[0])).toBe('miss');
    expect(await cacheOf(paths[1])).toBe('hit');
    expect(await cacheOf('/api/firms/left-alone/rating')).toBe('hit');
  });

  it('creates exactly one review from five parallel submissions', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'parallel' });
    const user = await signUpUser(ctx, { verified: true, prefix: 'par' });
    const results = await Promise.all(Array.from({ length: 5 }, () => post(user, valid, firm.id)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json().message).toContain('already');
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.propFirmId, firm.id));
    expect(rows).toHaveLength(1);
  });

  it('rate limits one account', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'rl' });
    const statuses: number[] = [];
    const firm = await insertFirm(ctx.db, { slug: 'limited' });
    for (let i = 0; i < 10; i++) statuses.push((await post(user, valid, firm.id)).statusCode);
    // The first is published; the others are refused as a second review, and still counted.
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    const limited = await post(user, valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('createReview', () => {
  it('marks the review verified when the author has an approved cashback claim at the firm', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'claimed' });
    const user = await insertUser(ctx.db);
    await ctx.db.insert(cashbackClaims).values({
      userId: user.id,
      propFirmId: firm.id,
      orderReference: 'A1',
      amountSpent: 100,
      status: 'approved',
    });
    const review = await createReview(
      ctx.db,
      ctx.app.changes,
      { id: user.id, emailVerified: true },
      firm.id,
      valid,
    );
    expect(review.isVerified).toBe(true);
  });
});

describe('GET /api/firms/{slug}/my-review', () => {
  const mine = (user: TestUser | null, slug: string) =>
    ctx.app.inject({
      url: `/api/firms/${slug}/my-review`,
      headers: user ? { cookie: user.cookie, 'x-forwarded-for': user.ip } : {},
    });

  it('gives the signed-in user null, then their own review once posted, and only theirs', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mine' });
    const other = await insertUser(ctx.db);
    await insertUserReview(ctx.db, { propFirmId: firm.id, userId: other.id, rating: 2 });
    const author = await signUpUser(ctx, { verified: true, prefix: 'mine' });

    const before = await mine(author, 'mine');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ review: null, status: null, moderationReason: null });
    // The answer is the visitor's own: never stored by a shared cache.
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect(before.headers['x-cache']).toBeUndefined();

    const posted = await post(author, valid, firm.id);
    expect(posted.statusCode).toBe(201);
    const after = await mine(author, String(firm.id));
    expect(after.statusCode).toBe(200);
    expect(after.json().review).toMatchObject({ id: posted.json().id, rating: 4, title: valid.title });
  });

  it('refuses anonymous visitors with 401 and unknown firms with 404', async () => {
    const anonymous = await mine(null, 'mine');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Authentication required');
    const unknown = await mine(verified, 'no-such-firm');
    expect(unknown.statusCode).toBe(404);
  });
});
