import { and, desc, eq } from 'drizzle-orm';
import { findAdminFirm } from '../../modules/admin/service';
import type { Db } from '../client';
import { firmChangeRequests, firmReplies, payoutReports, reviews } from '../schema';
import { DEMO_REP_ID } from './demo-representative';

const HOUR_MS = 3_600_000;

const REVIEW_REPLIES = [
  'Thank you for taking the time to write this. We are glad the payout arrived as promised, and we have passed your notes on the dashboard to our platform team.',
  'We are sorry the evaluation felt this way. Our support team has looked at your account: please write to support with your ticket number so that we can go through the trades with you.',
];

const REPORT_REPLY =
  'We reviewed this denial again. The rule it cites is in section 4 of our terms; we have since made it clearer on our rules page and in the dashboard before purchase.';

/**
 * The claimed firm's voice in the demo (issue #57): its representative's replies to some of its
 * published reviews (the newest high and the newest low rating) and to its newest verified denied
 * payout report, and one correction waiting for an admin (a lower price of its first account).
 */
export async function seedDemoFirmVoice(db: Db, firmId: number, now: Date): Promise<void> {
  const published = await db
    .select({ id: reviews.id, rating: reviews.rating, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.propFirmId, firmId), eq(reviews.status, 'published')))
    .orderBy(desc(reviews.createdAt));
  // The newest high rating and the newest low one (1 or 2 stars) where the firm has one; any other
  // review stays waiting for a reply, as the console lists it.
  const high = published.find((r) => r.rating >= 4) ?? published[0];
  const low = published.find((r) => r.rating <= 2);
  const targets = [high, low].filter((r) => r !== undefined);
  const at = (created: Date, hours: number) =>
    new Date(Math.min(now.getTime(), created.getTime() + hours * HOUR_MS));
  for (const [i, review] of targets.entries()) {
    const createdAt = at(review.createdAt, 6 + i * 20);
    await db.insert(firmReplies).values({
      propFirmId: firmId,
      reviewId: review.id,
      authorId: DEMO_REP_ID,
      body: REVIEW_REPLIES[i],
      notifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const [denied] = await db
    .select({ id: payoutReports.id, createdAt: payoutReports.createdAt })
    .from(payoutReports)
    .where(
      and(
        eq(payoutReports.propFirmId, firmId),
        eq(payoutReports.kind, 'denied'),
        eq(payoutReports.status, 'verified'),
      ),
    )
    .orderBy(desc(payoutReports.createdAt))
    .limit(1);
  if (denied) {
    const createdAt = at(denied.createdAt, 30);
    await db.insert(firmReplies).values({
      propFirmId: firmId,
      payoutReportId: denied.id,
      authorId: DEMO_REP_ID,
      body: REPORT_REPLY,
      notifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const firm = await findAdminFirm(db, firmId);
  const account = firm?.fundingModels[0]?.accounts[0];
  if (!firm || !account) return;
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...values } = firm;
  const price = Math.max(1, Math.round(account.price * 0.9));
  await db.insert(firmChangeRequests).values({
    propFirmId: firmId,
    requestedBy: DEMO_REP_ID,
    base: firm,
    proposal: {
      ...values,
      fundingModels: values.fundingModels.map((model, m) => ({
        ...model,
        accounts: model.accounts.map((a, k) => (m === 0 && k === 0 ? { ...a, price } : a)),
      })),
    },
    note: `Our ${firm.fundingModels[0].name} $${account.capital.toLocaleString('en-US')} account costs $${price} since the start of the month.`,
    source: `${firm.website ?? 'https://example.com'}/pricing`,
    createdAt: new Date(now.getTime() - 2 * HOUR_MS),
  });
}
