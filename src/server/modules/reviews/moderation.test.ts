import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import {
  type AdminReviewPage,
  type IntegrityReport,
  MODERATION_PAGE_SIZE,
  type OwnReviewStatus,
} from '../../../domain/moderation';
import { adminAuditLog, reviewReports, reviews } from '../../db/schema';
import { insertFirm, insertUser, insertUserReview } from '../../db/seed/factories';
import { selectRows } from '../../db/select-rows';
import { BURST_REVIEWS } from './moderation';

let ctx: TestContext;
let admin: TestUser;
let reporter: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie, 'x-forwarded-for': who.ip } : {}) },
    ...(payload ? { payload } : {}),
  });
const post = (who: TestUser, firmId: number, title: string, comment: string, rating = 4) =>
  call(who, 'POST', `/api/firms/${firmId}/reviews`, { rating, title, comment });
const ratingOf = async (slug: string) => (await ctx.app.inject(`/api/firms/${slug}/rating`)).json();
const listOf = async (slug: string) =>
  ((await ctx.app.inject(`/api/firms/${slug}/reviews`)).json() as { id: number }[]).map((r) => r.id);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'modadmin' });
  reporter = await signUpUser(ctx, { verified: true, prefix: 'reporter' });
}, 120_000);
afterAll(() => ctx.close());

describe('automatic checks on a new review', () => {
  it('hold a review with a link: not listed, not counted, its author told it waits', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-link' });
    const author = await signUpUser(ctx, { verified: true, prefix: 'linker' });
    const res = await post(
      author,
      firm.id,
      'Great firm',
      'Get 90% off at www.cheap-evals.xyz today, trust me.',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('held');
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, res.json().id));
    expect(row).toMatchObject({ status: 'held', autoChecks: ['link'] });
    expect(await listOf('mod-link')).toEqual([]);
    expect(await ratingOf('mod-link')).toEqual({ averageRating: 0, totalReviews: 0, replies: null });
    const own = await call(author, 'GET', '/api/firms/mod-link/my-review');
    expect(own.json()).toMatchObject({ status: 'held', moderationReason: null });
  });

  it('hold the same text as another review', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-dup' });
    const text = 'Best prop firm ever, payouts in one day, highly recommended to everyone.';
    await insertUserReview(ctx.db, { propFirmId: firm.id, comment: text });
    const author = await signUpUser(ctx, { verified: true, prefix: 'dup' });
    const res = await post(author, firm.id, 'Amazing', `  ${text.toUpperCase()}  `);
    expect(res.json().status).toBe('held');
  });

  it(`hold the ${BURST_REVIEWS}th review of a firm in a day from accounts younger than a week`, async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-burst' });
    const statuses: string[] = [];
    for (let i = 0; i < BURST_REVIEWS; i++) {
      const author = await signUpUser(ctx, { verified: true, prefix: `burst${i}` });
      statuses.push(
        (await post(author, firm.id, `Review ${i}`, `My own experience number ${i} with this firm.`)).json()
          .status,
      );
    }
    expect(statuses).toEqual([...Array(BURST_REVIEWS - 1).fill('published'), 'held']);
  });
});

describe('reports and moderation', () => {
  it('takes one report per user, refuses the author, anonymous callers and unknown reviews', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-report' });
    const author = await insertUser(ctx.db);
    const review = await insertUserReview(ctx.db, { propFirmId: firm.id, userId: author.id });
    const url = `/api/reviews/${review.id}/report`;
    expect((await call(null, 'POST', url, { reason: 'fake' })).statusCode).toBe(401);
    expect((await call(reporter, 'POST', url, { reason: 'nonsense' })).statusCode).toBe(400);
    expect(
      (await call(reporter, 'POST', url, { reason: 'fake', note: 'Posted by their staff' })).statusCode,
    ).toBe(201);
    const again = await call(reporter, 'POST', url, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this review.');
    expect((await call(reporter, 'POST', '/api/reviews/999999/report', { reason: 'fake' })).statusCode).toBe(
      404,
    );
    expect(await ctx.db.$count(reviewReports, eq(reviewReports.reviewId, review.id))).toBe(1);
  });

  it('lets an admin clear the queue: hide with a reason (out of the rating at once, the author told why), publish, delete', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-queue' });
    const author = await signUpUser(ctx, { verified: true, prefix: 'modauthor' });
    const good = await insertUserReview(ctx.db, { propFirmId: firm.id, rating: 5 });
    const bad = (
      await post(author, firm.id, 'Paid review', 'They paid me to write this glowing review, honestly.', 1)
    ).json();
    expect(bad.status).toBe('published');
    expect(
      (await call(reporter, 'POST', `/api/reviews/${bad.id}/report`, { reason: 'fake' })).statusCode,
    ).toBe(201);
    expect(await ratingOf('mod-queue')).toEqual({ averageRating: 3, totalReviews: 2, replies: null });

    expect((await call(reporter, 'GET', '/api/admin/reviews')).statusCode).toBe(403);
    const queue = (await call(admin, 'GET', '/api/admin/reviews')).json() as AdminReviewPage;
    const queued = queue.reviews.find((r) => r.id === bad.id);
    expect(queued).toMatchObject({
      status: 'published',
      firm: { slug: 'mod-queue' },
      reports: [{ reason: 'fake', open: true }],
    });
    expect(queued?.author?.email).toBe(author.email);

    const url = `/api/admin/reviews/${bad.id}/moderate`;
    expect((await call(admin, 'POST', url, { action: 'hide' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', url, { action: 'hide', reason: 'other' })).statusCode).toBe(400);
    expect(
      (await call(admin, 'POST', url, { action: 'hide', reason: 'fake_or_incentivised' })).statusCode,
    ).toBe(204);
    expect(await ratingOf('mod-queue')).toEqual({ averageRating: 5, totalReviews: 1, replies: null });
    expect(await listOf('mod-queue')).toEqual([good.id]);
    const mine = (await call(author, 'GET', '/api/profile/reviews')).json() as OwnReviewStatus[];
    expect(mine).toEqual([
      expect.objectContaining({ id: bad.id, status: 'hidden', moderationReason: 'fake_or_incentivised' }),
    ]);
    const after = (await call(admin, 'GET', '/api/admin/reviews')).json() as AdminReviewPage;
    expect(after.reviews.map((r) => r.id)).not.toContain(bad.id);
    const hidden = (await call(admin, 'GET', '/api/admin/reviews?view=hidden')).json() as AdminReviewPage;
    expect(hidden.reviews.find((r) => r.id === bad.id)).toMatchObject({
      moderationReason: 'fake_or_incentivised',
      moderatedBy: admin.email,
    });
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'review'));
    expect(audit.map((a) => a.entityId)).toContain(String(bad.id));

    expect((await call(admin, 'POST', url, { action: 'publish' })).statusCode).toBe(204);
    expect(await ratingOf('mod-queue')).toEqual({ averageRating: 3, totalReviews: 2, replies: null });

    const del = await call(admin, 'POST', url, {
      action: 'delete',
      reason: 'other',
      note: 'Duplicate account',
    });
    expect(del.statusCode).toBe(204);
    const [wiped] = await ctx.db.select().from(reviews).where(eq(reviews.id, bad.id));
    expect(wiped).toMatchObject({
      status: 'deleted',
      title: 'Removed review',
      comment: '',
      moderationReason: 'other',
    });
    expect(await listOf('mod-queue')).toEqual([good.id]);
    expect((await call(admin, 'POST', url, { action: 'publish' })).statusCode).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/admin/reviews/999999/moderate', { action: 'publish' })).statusCode,
    ).toBe(404);
  });
});

describe('the moderation queue, page by page', () => {
  it('lists every held or reported review once, the longest-waiting first (ties: the newest id), and counts them', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-pages' });
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1 + n));
    // Held and reported reviews interleaved in time, two on the same instant, one both held and
    // reported twice, one reported once its report was resolved (out of the queue), one published.
    const ids: Record<string, number> = {};
    const add = async (name: string, created: Date, status: 'held' | 'published') => {
      ids[name] = (await insertUserReview(ctx.db, { propFirmId: firm.id, status, createdAt: created })).id;
    };
    for (let i = 0; i < MODERATION_PAGE_SIZE + 3; i++) await add(`held${i}`, day(2 * i), 'held');
    for (let i = 0; i < 6; i++) await add(`reported${i}`, day(2 * i + 1), 'published');
    await add('tie', day(4), 'published');
    await add('resolved', day(0), 'published');
    await add('quiet', day(3), 'published');
    const report = async (name: string, resolvedAt: Date | null = null) =>
      ctx.db
        .insert(reviewReports)
        .values({ reviewId: ids[name], userId: (await insertUser(ctx.db)).id, reason: 'spam', resolvedAt });
    for (let i = 0; i < 6; i++) await report(`reported${i}`);
    await report('tie');
    await report('held1');
    await report('held1');
    await report('resolved', new Date());

    // The queue as one query over every review: what the pages must add up to.
    const expected = (
      await selectRows<{ id: number }>(
        ctx.db,
        sql`select id from reviews where status = 'held'
          or id in (select review_id from review_reports where resolved_at is null)
          order by created_at asc, id desc`,
      )
    ).map((r) => r.id);
    expect(expected).toContain(ids.tie);
    expect(expected).not.toContain(ids.resolved);
    expect(expected).not.toContain(ids.quiet);
    const pages: AdminReviewPage[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / MODERATION_PAGE_SIZE) + 1; page++)
      pages.push((await call(admin, 'GET', `/api/admin/reviews?view=queue&page=${page}`)).json());
    expect(pages.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(expected);
    expect(pages.map((p) => p.total)).toEqual(pages.map(() => expected.length));
    expect(pages.at(-1)?.reviews).toEqual([]);
    const both = pages.flatMap((p) => p.reviews).find((r) => r.id === ids.held1);
    expect(both?.reports).toHaveLength(2);
  });
});

describe('GET /api/review-integrity', () => {
  it('counts, per year, the members reviews received, published, held and removed, from the rows', async () => {
    const before = (await ctx.app.inject('/api/review-integrity')).json() as IntegrityReport;
    const year = new Date().getUTCFullYear();
    const base = before.years.find((y) => y.year === year);
    const firm = await insertFirm(ctx.db, { slug: 'mod-integrity' });
    const author = await signUpUser(ctx, { verified: true, prefix: 'integ' });
    const held = (
      await post(author, firm.id, 'Link', 'Visit www.example-evals.xyz for a discount please.')
    ).json();
    expect(held.status).toBe('held');
    const res = await call(admin, 'POST', `/api/admin/reviews/${held.id}/moderate`, {
      action: 'hide',
      reason: 'spam',
    });
    expect(res.statusCode).toBe(204);
    const after = (await ctx.app.inject('/api/review-integrity')).json() as IntegrityReport;
    const now = after.years.find((y) => y.year === year);
    expect(now?.received).toBe((base?.received ?? 0) + 1);
    expect(now?.removed).toBe((base?.removed ?? 0) + 1);
    expect(now?.removedAfterChecks).toBe((base?.removedAfterChecks ?? 0) + 1);
    expect(now?.heldByChecks).toBe((base?.heldByChecks ?? 0) + 1);
    expect(now?.removedByReason.find((r) => r.reason === 'spam')?.count).toBe(
      (base?.removedByReason.find((r) => r.reason === 'spam')?.count ?? 0) + 1,
    );
    expect(now?.medianHoursToDecision).not.toBeNull();
  });
});

describe('manual reviews added by an admin', () => {
  it('publishes at once with author and source, counts in the rating, stays out of the integrity figures', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-manual' });
    const before = (await call(null, 'GET', '/api/review-integrity')).json() as IntegrityReport;
    const payload = {
      propFirmId: firm.id,
      rating: 2,
      title: 'Slow payout',
      comment: 'Waited three weeks for my first payout, support answered once.',
      authorName: 'Dana K.',
      source: 'Email to the editors',
      reviewedOn: '2026-03-14',
    };
    expect((await call(reporter, 'POST', '/api/admin/reviews', payload)).statusCode).toBe(403);
    const res = await call(admin, 'POST', '/api/admin/reviews', payload);
    expect(res.statusCode).toBe(201);
    const listed = (await ctx.app.inject('/api/firms/mod-manual/reviews')).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: res.json().id,
        isManual: true,
        authorName: 'Dana K.',
        source: 'Email to the editors',
        user: null,
        createdAt: expect.stringMatching(/^2026-03-14/),
      }),
    ]);
    expect(await ratingOf('mod-manual')).toEqual({ averageRating: 2, totalReviews: 1, replies: null });
    const manual = (await call(admin, 'GET', '/api/admin/reviews?view=manual')).json() as AdminReviewPage;
    expect(manual.reviews.map((r) => r.id)).toContain(res.json().id);
    const [audit] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(res.json().id)));
    expect(audit.summary).toContain('by Dana K. from Email to the editors');
    const after = (await call(null, 'GET', '/api/review-integrity')).json() as IntegrityReport;
    expect(after).toEqual(before);
  });

  it('refuses a missing firm, a date in the future and a missing source, storing nothing', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'mod-manual-bad' });
    ctx.app.changes.publishCommitted({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    const good = {
      propFirmId: firm.id,
      rating: 5,
      title: 'Fine',
      comment: 'A perfectly fine firm with quick support and fair rules.',
      authorName: 'Lee',
      source: 'Forum',
    };
    expect(
      (await call(admin, 'POST', '/api/admin/reviews', { ...good, propFirmId: 999999 })).statusCode,
    ).toBe(404);
    const future = await call(admin, 'POST', '/api/admin/reviews', { ...good, reviewedOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toContain('future');
    expect((await call(admin, 'POST', '/api/admin/reviews', { ...good, source: '' })).statusCode).toBe(400);
    expect(await listOf('mod-manual-bad')).toEqual([]);
  });
});
