import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { adminAuditLog, firmReplies, firmRepresentatives, payoutReports, reviews } from '../../db/schema';
import { insertFirm, insertUser, insertUserReview } from '../../db/seed/factories';

let ctx: TestContext;
let firm: { id: number; slug: string; name: string };
let otherFirm: { id: number; slug: string; name: string };
let rep: TestUser;
let otherRep: TestUser;
let trader: TestUser;
let admin: TestUser;

const HOUR = 3_600_000;
const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };

type Kind = 'reviews' | 'payout-reports';
const putReply = (user: TestUser | null, kind: Kind, id: number, body: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/${kind}/${id}/reply`, headers: as(user), payload: { body } });
const deleteReply = (user: TestUser | null, kind: Kind, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/${kind}/${id}/reply`, headers: as(user) });
const adminPost = (url: string, payload?: object, user = admin) =>
  ctx.app.inject({ method: 'POST', url, headers: as(user), ...(payload ? { payload } : {}) });

/** A published review of the firm by a new trader (each trader reviews a firm once), told to the models. */
async function newReview(
  of = firm,
  values: { rating?: number; createdAt?: Date; status?: 'published' | 'held' } = {},
) {
  const author = await insertUser(ctx.db);
  const review = await insertUserReview(ctx.db, { propFirmId: of.id, userId: author.id, ...values });
  ctx.app.changes.publishCommitted({ type: 'review.created', id: review.id, firmId: of.id });
  await ctx.app.readModels.settled();
  return { review, author };
}

/** A verified (or pending) payout report of the firm by a new trader. */
async function newReport(kind: 'paid' | 'denied', status: 'verified' | 'pending' = 'verified') {
  const author = await insertUser(ctx.db);
  const [report] = await ctx.db
    .insert(payoutReports)
    .values({
      userId: author.id,
      propFirmId: firm.id,
      kind,
      status,
      grade: status === 'verified' ? 'screenshot' : null,
      verifiedAt: status === 'verified' ? new Date() : null,
      ...(kind === 'paid'
        ? { amountCents: 150_000, requestedOn: '2026-01-02', receivedOn: '2026-01-05' }
        : { deniedOn: '2026-01-06', denialReason: 'consistency_rule', comment: 'Denied for consistency.' }),
    })
    .returning();
  ctx.app.changes.publishCommitted({ type: 'payout.updated', id: report.id, firmId: firm.id });
  await ctx.app.readModels.settled();
  return { report, author };
}

type PublicReply = { body: string; createdAt: string; updatedAt: string; edited: boolean } | null;
const reviewsAnswer = async (slug = firm.slug) => {
  const res = await ctx.app.inject(`/api/firms/${slug}/reviews`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, list: res.json() as { id: number; reply: PublicReply }[] };
};
const replyOnReview = async (id: number) => (await reviewsAnswer()).list.find((r) => r.id === id)?.reply;
const replyOnReport = async (id: number) => {
  const res = await ctx.app.inject(`/api/firms/${firm.slug}/payout-reports?pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { reports: { id: number; reply: PublicReply }[] }).reports.find((r) => r.id === id)
    ?.reply;
};

beforeAll(async () => {
  ctx = await createTestApp();
  firm = await insertFirm(ctx.db, { name: 'Reply Co', slug: 'reply-co', website: 'https://replyco.example' });
  otherFirm = await insertFirm(ctx.db, { name: 'Other Desk', slug: 'other-desk' });
  rep = await signUpUser(ctx, { verified: true, prefix: 'replyrep' });
  otherRep = await signUpUser(ctx, { verified: true, prefix: 'replyother' });
  trader = await signUpUser(ctx, { verified: true, prefix: 'replytrader' });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'replyadmin' });
  await ctx.db.insert(firmRepresentatives).values([
    { propFirmId: firm.id, userId: rep.id },
    { propFirmId: otherFirm.id, userId: otherRep.id },
  ]);
  ctx.app.changes.publishCommitted(
    { type: 'firm.updated', id: firm.id },
    { type: 'firm.updated', id: otherFirm.id },
  );
}, 120_000);
afterAll(() => ctx.close());

describe('who may reply', () => {
  it('answers 401 signed out, 403 to a trader and to the representative of another firm, writing nothing', async () => {
    const { review } = await newReview();
    const body = 'Thank you for the review, we are looking into it.';
    expect((await putReply(null, 'reviews', review.id, body)).statusCode).toBe(401);
    for (const user of [trader, otherRep]) {
      const res = await putReply(user, 'reviews', review.id, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'not_firm_representative',
        message: expect.stringContaining('Only a representative of Reply Co can reply to its reviews.'),
      });
      expect((await deleteReply(user, 'reviews', review.id)).statusCode).toBe(403);
    }
    const { report } = await newReport('denied');
    expect((await putReply(otherRep, 'payout-reports', report.id, body)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/firms/${firm.slug}/withheld-replies`, headers: as(otherRep) }))
        .statusCode,
    ).toBe(403);
    expect(await ctx.db.$count(firmReplies, eq(firmReplies.propFirmId, firm.id))).toBe(0);
  });

  it('answers 404 for an unknown review or report, and for a review that does not show', async () => {
    const body = 'Thank you for the review, we are looking into it.';
    expect((await putReply(rep, 'reviews', 999_999, body)).statusCode).toBe(404);
    expect((await putReply(rep, 'payout-reports', 999_999, body)).statusCode).toBe(404);
    expect((await deleteReply(rep, 'reviews', 999_999)).statusCode).toBe(404);
    const { review: held } = await newReview(firm, { status: 'held' });
    expect((await putReply(rep, 'reviews', held.id, body)).statusCode).toBe(404);
    const { review: noReply } = await newReview();
    const none = await deleteReply(rep, 'reviews', noReply.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Reply not found');
  });
});

describe('PUT and DELETE /api/reviews/{id}/reply', () => {
  it('takes 10 to 2,000 characters of plain text once trimmed', async () => {
    const { review } = await newReview();
    for (const body of ['   too short  ', 'x'.repeat(2001), 'Bell \u0007 character here', 42, '']) {
      const res = await putReply(rep, 'reviews', review.id, body);
      expect(res.statusCode, String(body)).toBe(400);
    }
    expect((await putReply(rep, 'reviews', review.id, 'x'.repeat(2000))).statusCode).toBe(201);
    const res = await putReply(rep, 'reviews', review.id, '  Ten chars!\r\n\r\n\r\n\r\nSecond line  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toBe('Ten chars!\n\nSecond line');
  });

  it('publishes a reply at once in the cached reviews answer, emails the reviewer once, and marks an edit', async () => {
    const { review, author } = await newReview(firm, { rating: 2 });
    // Stored from its second request (decision 0040).
    for (let i = 0; i < 2; i++) await reviewsAnswer();
    expect((await reviewsAnswer()).res.headers['x-cache']).toBe('hit');

    const body = 'Sorry to read this. Our support team has written to you\nand will sort the payout today.';
    const created = await putReply(rep, 'reviews', review.id, body);
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({ body, status: 'published', autoChecks: [], edited: false });
    expect(saved.createdAt).toBe(saved.updatedAt);
    expect(await replyOnReview(review.id)).toEqual({
      body,
      createdAt: saved.createdAt,
      updatedAt: saved.createdAt,
      edited: false,
    });

    const mails = await mailsTo(ctx, author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reply Co replied to your review');
    expect(mails[0].text).toContain('and will sort the payout today.');
    expect(mails[0].text).toContain(`${TEST_ORIGIN}/firm/reply-co?tab=reviews#review-${review.id}`);

    // The same text again changes nothing.
    const same = await putReply(rep, 'reviews', review.id, body);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ updatedAt: saved.updatedAt, edited: false });

    const edit = await putReply(
      rep,
      'reviews',
      review.id,
      'We have paid you today. Thank you for your patience.',
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ createdAt: saved.createdAt, edited: true });
    expect(edit.json().updatedAt > saved.updatedAt).toBe(true);
    expect(await replyOnReview(review.id)).toMatchObject({
      body: 'We have paid you today. Thank you for your patience.',
      createdAt: saved.createdAt,
      edited: true,
    });
    // One email, for the first publication only.
    expect(await mailsTo(ctx, author.email)).toHaveLength(1);
    // The rating itself is the review's: the reply never changes it.
    const [row] = await ctx.db
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.id, review.id));
    expect(row.rating).toBe(2);
  });

  it('deletes a reply: gone from the answer at once', async () => {
    const { review } = await newReview();
    expect((await putReply(rep, 'reviews', review.id, 'A reply that will be taken back.')).statusCode).toBe(
      201,
    );
    expect(await replyOnReview(review.id)).not.toBeNull();
    expect((await deleteReply(rep, 'reviews', review.id)).statusCode).toBe(204);
    expect(await replyOnReview(review.id)).toBeNull();
    expect((await deleteReply(rep, 'reviews', review.id)).statusCode).toBe(404);
  });
});

describe("the reviews' automatic checks", () => {
  it('holds a reply with a link; the representative sees it waiting; an admin publishes it and the reviewer is emailed then', async () => {
    const { review, author } = await newReview();
    const res = await putReply(
      rep,
      'reviews',
      review.id,
      'Please write to us at https://replyco.example/help',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'held', autoChecks: ['link'] });
    expect(await replyOnReview(review.id)).toBeNull();
    expect(await mailsTo(ctx, author.email)).toHaveLength(0);

    const withheld = await ctx.app.inject({
      url: `/api/firms/${firm.slug}/withheld-replies`,
      headers: as(rep),
    });
    expect(withheld.statusCode).toBe(200);
    expect(withheld.json()).toContainEqual(
      expect.objectContaining({ target: 'review', targetId: review.id, status: 'held', hideReason: null }),
    );

    const queue = await ctx.app.inject({ url: '/api/admin/replies?view=held', headers: as(admin) });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().replies.find((r: { target: { id: number } }) => r.target.id === review.id);
    expect(item).toMatchObject({
      status: 'held',
      autoChecks: ['link'],
      firm: { slug: firm.slug },
      author: { id: rep.id },
      target: { kind: 'review', rating: review.rating, title: review.title },
    });
    expect((await adminPost(`/api/admin/replies/${item.id}/publish`, undefined, rep)).statusCode).toBe(403);
    const published = await adminPost(`/api/admin/replies/${item.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ id: item.id, status: 'published' });
    expect((await adminPost(`/api/admin/replies/${item.id}/publish`)).statusCode).toBe(409);
    expect(await replyOnReview(review.id)).toMatchObject({ edited: false });
    expect(await mailsTo(ctx, author.email)).toHaveLength(1);
  });

  it('holds a reply whose text is another reply of the firm', async () => {
    const text = 'Thanks for taking the time to share this, we read every review.';
    const first = await newReview();
    const second = await newReview();
    expect((await putReply(rep, 'reviews', first.review.id, text)).json().status).toBe('published');
    // Its own text is no copy: sent again, the first stays published.
    expect((await putReply(rep, 'reviews', first.review.id, text)).json().status).toBe('published');
    const copied = await putReply(rep, 'reviews', second.review.id, `  ${text.toUpperCase()} `);
    expect(copied.json()).toMatchObject({ status: 'held', autoChecks: ['duplicate'] });
  });
});

describe('PUT /api/payout-reports/{id}/reply', () => {
  it('answers a verified denied report only, shows it in the cached payouts answer and emails the reporter', async () => {
    const body = 'We reviewed the trades again: the consistency rule was met, and the payout is on its way.';
    const { report: paid } = await newReport('paid');
    const refused = await putReply(rep, 'payout-reports', paid.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('denied payout reports only');
    const { report: pending } = await newReport('denied', 'pending');
    expect((await putReply(rep, 'payout-reports', pending.id, body)).statusCode).toBe(404);

    const { report, author } = await newReport('denied');
    const url = `/api/firms/${firm.slug}/payout-reports?pageSize=50`;
    for (let i = 0; i < 2; i++) await ctx.app.inject(url);
    expect((await ctx.app.inject(url)).headers['x-cache']).toBe('hit');
    const res = await putReply(rep, 'payout-reports', report.id, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await replyOnReport(report.id)).toMatchObject({ body, edited: false });
    expect(await replyOnReport(paid.id)).toBeNull();
    const mails = await mailsTo(ctx, author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reply Co replied to your denied payout report');
    expect(mails[0].text).toContain(`/firm/reply-co?tab=payouts#payout-report-${report.id}`);
    expect((await deleteReply(rep, 'payout-reports', report.id)).statusCode).toBe(204);
    expect(await replyOnReport(report.id)).toBeNull();
  });
});

describe('admins hide a reply', () => {
  it('with a reason, in the audit log; the representative can then neither edit nor delete it', async () => {
    const { review } = await newReview();
    const put = await putReply(rep, 'reviews', review.id, 'You broke the rules and we will find you.');
    const { id } = put.json();
    expect((await adminPost(`/api/admin/replies/${id}/hide`, { reason: 'x' })).statusCode).toBe(400);
    expect(
      (await adminPost(`/api/admin/replies/${id}/hide`, { reason: 'Threatens the reviewer.' }, rep))
        .statusCode,
    ).toBe(403);
    const hidden = await adminPost(`/api/admin/replies/${id}/hide`, { reason: 'Threatens the reviewer.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ id, status: 'hidden' });
    expect((await adminPost(`/api/admin/replies/${id}/hide`, { reason: 'Again.' })).statusCode).toBe(409);
    expect((await adminPost('/api/admin/replies/999999/hide', { reason: 'Nothing.' })).statusCode).toBe(404);
    expect(await replyOnReview(review.id)).toBeNull();

    const [entry] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'reply'), eq(adminAuditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorEmail: admin.email, action: 'update' });
    expect(entry.summary).toContain('Threatens the reviewer.');

    const edit = await putReply(rep, 'reviews', review.id, 'Sorry, we take that back entirely.');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('Threatens the reviewer.');
    expect((await deleteReply(rep, 'reviews', review.id)).statusCode).toBe(409);
    const withheld = await ctx.app.inject({
      url: `/api/firms/${firm.slug}/withheld-replies`,
      headers: as(rep),
    });
    expect(withheld.json()).toContainEqual(
      expect.objectContaining({ id, status: 'hidden', hideReason: 'Threatens the reviewer.' }),
    );
    const list = await ctx.app.inject({ url: '/api/admin/replies?view=hidden', headers: as(admin) });
    expect(list.json().replies.map((r: { id: number }) => r.id)).toContain(id);
  });
});

describe('the reply figures of the Reviews tab', () => {
  it('are null before the first reply, then the shares and median time of the last 12 months', async () => {
    const figures = await insertFirm(ctx.db, { name: 'Figures Co', slug: 'figures-co' });
    await ctx.db.insert(firmRepresentatives).values({ propFirmId: figures.id, userId: rep.id });
    const at = (hours: number) => new Date(Date.now() - hours * HOUR);
    const low1 = await newReview(figures, { rating: 1, createdAt: at(10) });
    const low2 = await newReview(figures, { rating: 2, createdAt: at(20) });
    const high = await newReview(figures, { rating: 5, createdAt: at(30) });
    await newReview(figures, { rating: 4, createdAt: at(40) });
    // Older than 12 months: outside the figures.
    const old = await newReview(figures, { rating: 1, createdAt: new Date(Date.now() - 400 * 24 * HOUR) });
    const rating = async () => (await ctx.app.inject('/api/firms/figures-co/rating')).json();
    expect(await rating()).toMatchObject({ totalReviews: 5, replies: null });

    for (const { review } of [low1, high, old]) {
      const res = await putReply(
        rep,
        'reviews',
        review.id,
        `Thank you for review number ${review.id} of ours.`,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const { replies } = await rating();
    expect(replies.reviewShare).toBe(0.5);
    expect(replies.lowRatingShare).toBe(0.5);
    // Replies written now to reviews 10 and 30 hours old: a median of 20 hours.
    expect(replies.medianHours).toBeGreaterThanOrEqual(19.9);
    expect(replies.medianHours).toBeLessThanOrEqual(20.1);
    expect(low2.review.rating).toBe(2);
  });
});
