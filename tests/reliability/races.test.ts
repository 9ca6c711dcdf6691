/**
 * Races: what must happen once, tried 200 times at once. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (.ci/run does both). A feature with a "once" rule adds its case here: fire
 * `WAY` identical requests with Promise.all, then assert no 5xx and the rows the rule allows.
 */
import { arrayContains, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_RULES } from '../../src/domain/points-rules';
import {
  couponVotes,
  firmAccounts,
  firmChangeRequests,
  firmReplies,
  firmRepresentatives,
  newsletterSends,
  newsletterSubscribers,
  optionAlertChanges,
  payoutReports,
  pointsLedger,
  reviewReports,
  reviews,
  savedSearchAlerts,
  users,
} from '../../src/server/db/schema';
import {
  insertAccount,
  insertCoupon,
  insertFirm,
  insertFundingModel,
  insertUser,
  insertUserReview,
} from '../../src/server/db/seed/factories';
import { readOutbox } from '../../src/server/lib/mailer';
import { findAdminFirm } from '../../src/server/modules/admin/firm-document';
import { SAVED_SEARCH_ALERTS_JOB } from '../../src/server/modules/challenges/jobs';
import { startDigestSend } from '../../src/server/modules/newsletter/digest';
import { signUpUser } from '../setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../setup/test-app';

const WAY = 200;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const statusesOf = (results: { statusCode: number }[]) => {
  const counts = new Map<number, number>();
  for (const r of results) counts.set(r.statusCode, (counts.get(r.statusCode) ?? 0) + 1);
  return counts;
};
const expectNo5xx = (results: { statusCode: number; body: string }[]) => {
  const failed = results.filter((r) => r.statusCode >= 500);
  expect(failed.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
};

describe(`${WAY} simultaneous requests of one thing that must happen once`, () => {
  it('store one review per user and firm', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'race-review' });
    const user = await signUpUser(ctx, { verified: true, prefix: 'race' });
    const results = await Promise.all(
      Array.from({ length: WAY }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/firms/${firm.id}/reviews`,
          headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip },
          payload: { rating: 4, title: 'Raced review', comment: 'Submitted two hundred times at once.' },
        }),
      ),
    );
    expectNo5xx(results);
    expect(statusesOf(results).get(201)).toBe(1);
    expect(await ctx.db.$count(reviews, eq(reviews.propFirmId, firm.id))).toBe(1);
  });

  it('store one report per user and review', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'race-report' });
    const review = await insertUserReview(ctx.db, { propFirmId: firm.id });
    const user = await signUpUser(ctx, { prefix: 'racereport' });
    const results = await Promise.all(
      Array.from({ length: WAY }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/reviews/${review.id}/report`,
          headers: { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip },
          payload: { reason: 'fake' },
        }),
      ),
    );
    expectNo5xx(results);
    expect(statusesOf(results).get(201)).toBe(1);
    expect(await ctx.db.$count(reviewReports, eq(reviewReports.reviewId, review.id))).toBe(1);
  });

  it("store one firm reply per review, and email its reviewer once, when the firm's representative sends 50 at once", async () => {
    const firm = await insertFirm(ctx.db, { slug: 'race-reply', name: 'Race Reply' });
    const reviewer = await insertUser(ctx.db);
    const review = await insertUserReview(ctx.db, { propFirmId: firm.id, userId: reviewer.id });
    const rep = await signUpUser(ctx, { verified: true, prefix: 'racerep' });
    await ctx.db.insert(firmRepresentatives).values({ propFirmId: firm.id, userId: rep.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/reviews/${review.id}/reply`,
          headers: { origin: TEST_ORIGIN, cookie: rep.cookie, 'x-forwarded-for': rep.ip },
          // Two texts: each request writes or edits the one reply.
          payload: { body: `Thank you for your review, we are on it (${i % 2}).` },
        }),
      ),
    );
    expectNo5xx(results);
    expect(statusesOf(results).get(201)).toBe(1);
    expect(statusesOf(results).get(200)).toBe(49);
    expect(await ctx.db.$count(firmReplies, eq(firmReplies.reviewId, review.id))).toBe(1);
    const mails = (await readOutbox(ctx.dataDir)).filter((m) => m.to === reviewer.email);
    expect(mails).toHaveLength(1);
  });

  it('store one pending correction of a firm sent 50 times at once, and apply it once when approved 50 times at once', async () => {
    // An app of its own: the approval's alert runs stay out of the other cases' catalog and jobs.
    const own = await createTestApp();
    try {
      const account = await insertAccount(own.db, { price: 300 });
      const rep = await signUpUser(own, { verified: true, prefix: 'racefix' });
      const admin = await signUpUser(own, { verified: true, admin: true, prefix: 'racefixadmin' });
      await own.db.insert(firmRepresentatives).values({ propFirmId: account.propFirmId, userId: rep.id });
      const {
        id,
        version,
        createdAt: _c,
        updatedAt: _u,
        ...firm
      } = (await findAdminFirm(own.db, account.propFirmId))!;
      const headers = (user: typeof rep) => ({
        origin: TEST_ORIGIN,
        cookie: user.cookie,
        'x-forwarded-for': user.ip,
      });
      const proposed = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          own.app.inject({
            method: 'POST',
            url: `/api/firm-console/${firm.slug}/change-requests`,
            headers: headers(rep),
            payload: {
              version,
              firm: { ...firm, headquarters: `Office ${i}` },
              note: 'We moved our office this month.',
              source: 'https://example.com/about',
            },
          }),
        ),
      );
      expectNo5xx(proposed);
      expect(statusesOf(proposed).get(201)).toBe(1);
      const [request] = await own.db
        .select()
        .from(firmChangeRequests)
        .where(eq(firmChangeRequests.propFirmId, id));
      const approved = await Promise.all(
        Array.from({ length: 50 }, () =>
          own.app.inject({
            method: 'POST',
            url: `/api/admin/change-requests/${request.id}/approve`,
            headers: headers(admin),
            payload: { version },
          }),
        ),
      );
      expectNo5xx(approved);
      expect(statusesOf(approved).get(200)).toBe(1);
      expect(statusesOf(approved).get(409)).toBe(49);
      expect((await findAdminFirm(own.db, id))?.version).toBe(version + 1);
      await own.app.readModels.settled();
      await own.app.jobs.idle();
    } finally {
      await own.close();
    }
  });

  it('store one vote per coupon and visitor', async () => {
    const coupon = await insertCoupon(ctx.db, { slug: 'race-vote' });
    const results = await Promise.all(
      Array.from({ length: WAY }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/coupons/${coupon.id}/vote`,
          headers: { origin: TEST_ORIGIN, 'user-agent': 'race-agent' },
          remoteAddress: '10.9.9.9',
          payload: { worked: i % 2 === 0 },
        }),
      ),
    );
    expectNo5xx(results);
    expect(await ctx.db.$count(couponVotes, eq(couponVotes.couponId, coupon.id))).toBe(1);
  });

  it('store one newsletter row per address', async () => {
    const email = 'race-newsletter@example.com';
    const results = await Promise.all(
      Array.from({ length: WAY }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers: { origin: TEST_ORIGIN },
          // Each from its own address, so the per-address limit does not hide the race.
          remoteAddress: `10.8.${i >> 8}.${i & 255}`,
          payload: { email, source: 'race' },
        }),
      ),
    );
    expectNo5xx(results);
    expect(
      await ctx.db.$count(newsletterSubscribers, sql`lower(${newsletterSubscribers.email}) = ${email}`),
    ).toBe(1);
  });

  it('open one send of the deals email at a time', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: WAY }, (_, i) =>
        startDigestSend(ctx.db, { trigger: 'admin', by: `admin${i}@example.com` }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(1);
    expect(
      refused.map((r) => (r as PromiseRejectedResult).reason?.status).every((status) => status === 409),
    ).toBe(true);
    expect(await ctx.db.$count(newsletterSends, eq(newsletterSends.status, 'sending'))).toBe(1);
  });

  it('store one payout report of a transaction reference sent 50 times at once by 10 traders', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'race-payout' });
    const traders = await Promise.all(
      Array.from({ length: 10 }, () => signUpUser(ctx, { verified: true, prefix: 'racepayout' })),
    );
    const reference = `0x${'ab'.repeat(32)}`;
    const fields = {
      kind: 'paid',
      amount: '1500',
      method: 'other',
      requestedOn: '2026-01-05',
      receivedOn: '2026-01-08',
      network: 'ethereum',
      transactionReference: reference,
    };
    const boundary = '----pfcracepayout';
    const payload = Buffer.from(
      `${Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--${boundary}--\r\n`,
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const trader = traders[i % traders.length];
        return ctx.app.inject({
          method: 'POST',
          url: `/api/firms/${firm.slug}/payout-reports`,
          headers: {
            origin: TEST_ORIGIN,
            cookie: trader.cookie,
            'x-forwarded-for': trader.ip,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        });
      }),
    );
    expectNo5xx(results);
    expect(statusesOf(results).get(201)).toBe(1);
    expect(statusesOf(results).get(409)).toBe(49);
    expect(await ctx.db.$count(payoutReports, eq(payoutReports.propFirmId, firm.id))).toBe(1);
  });

  it('credit the points of a payout report verified 50 times at once once', async () => {
    const firm = await insertFirm(ctx.db, { slug: 'race-verify' });
    const trader = await signUpUser(ctx, { verified: true, prefix: 'raceverify' });
    const admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'raceadmin' });
    const [report] = await ctx.db
      .insert(payoutReports)
      .values({
        userId: trader.id,
        propFirmId: firm.id,
        kind: 'paid',
        amountCents: 250_000,
        requestedOn: '2026-01-01',
        receivedOn: '2026-01-04',
        processor: 'wise',
        processorReference: '55667788',
      })
      .returning({ id: payoutReports.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/payout-reports/${report.id}/verify`,
          headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'x-forwarded-for': admin.ip },
          payload: { grade: 'processor_receipt' },
        }),
      ),
    );
    expectNo5xx(results);
    expect(statusesOf(results).get(200)).toBe(1);
    expect(statusesOf(results).get(409)).toBe(49);
    expect(await ctx.db.$count(pointsLedger, eq(pointsLedger.reference, `payout-report:${report.id}`))).toBe(
      1,
    );
    const [{ points }] = await ctx.db
      .select({ points: users.points })
      .from(users)
      .where(eq(users.id, trader.id));
    expect(points).toBe(POINTS_RULES.verifiedPayoutReport);
  });

  it('send one alert email when two processes match a price cut at once, 10 runs each', async () => {
    const second = await createTestApp({}, { sharedWith: ctx });
    try {
      const firm = await insertFirm(ctx.db, { slug: 'race-alert', name: 'Race Alert' });
      const model = await insertFundingModel(ctx.db, { propFirmId: firm.id, name: 'Raced' });
      const account = await insertAccount(ctx.db, {
        propFirmId: firm.id,
        fundingModelId: model.id,
        capital: 123_000,
        price: 400,
      });
      const trader = await signUpUser(ctx, { verified: true, prefix: 'race' });
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: { origin: TEST_ORIGIN, cookie: trader.cookie, 'x-forwarded-for': trader.ip },
        payload: { name: 'Raced search', query: 'size=123000' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const changed = [{ type: 'firm.updated' as const, id: firm.id }];
      const runBoth = async () => {
        // Each process hears the change (its catalog re-reads the firm and it starts a run), and
        // runs the job ten more times at once.
        for (const app of [ctx.app, second.app]) app.changes.deliver(changed);
        // The runs below read each process's catalog as it is once it has the change.
        await Promise.all([ctx.app.readModels.settled(), second.app.readModels.settled()]);
        const runs = await Promise.all(
          Array.from({ length: 10 }, () =>
            [ctx.app, second.app].map((app) => app.jobs.run(SAVED_SEARCH_ALERTS_JOB, { firmIds: [firm.id] })),
          ).flat(),
        );
        await Promise.all([ctx.app.jobs.idle(), second.app.jobs.idle()]);
        expect(runs.filter((r) => r.status === 'failed')).toEqual([]);
      };
      await runBoth();
      await ctx.db.update(firmAccounts).set({ price: 300 }).where(eq(firmAccounts.id, account.id));
      await runBoth();
      // Each process writes its own outbox: both are read.
      const mails = [...(await readOutbox(ctx.dataDir)), ...(await readOutbox(second.dataDir))].filter((m) =>
        m.subject.includes('"Raced search"'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('$400 → $300');
      const { id } = saved.json() as { id: number };
      expect(await ctx.db.$count(savedSearchAlerts, eq(savedSearchAlerts.savedSearchId, id))).toBe(1);
      // The price cut is recorded once, for the search, and settled by its email.
      const recorded = await ctx.db
        .select({ settledAt: optionAlertChanges.settledAt })
        .from(optionAlertChanges)
        .where(arrayContains(optionAlertChanges.cheaperFor, [id]));
      expect(recorded).toEqual([{ settledAt: expect.any(Date) }]);
    } finally {
      await second.close();
    }
  });
});
