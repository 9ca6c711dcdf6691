import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FirmConsoleOverview } from '../../../domain/change-requests';
import type { Db } from '../../db/client';
import { coupons, firmReplies, payoutReports, reviews } from '../../db/schema';
import type { SessionUser } from '../../lib/access';
import { getFirmAnalyticsDetail } from '../analytics/service';
import { listFirmChangeRequests, resolveConsoleFirm } from './change-requests';
import { listFirmOptions } from './firm-list';

const DAY_MS = 86_400_000;

/** How many of the reviews and reports waiting for a reply the console lists, newest first. */
const UNANSWERED_LIMIT = 50;

/**
 * `GET /api/firm-console/{slug}/overview`: the firm's last 30 days against the 30 before (the
 * numbers /admin/firm-analytics shows), the published reviews and verified denied payout reports
 * it has not replied to, its replies waiting for a check or hidden, its coupons and its corrections.
 */
export async function getFirmConsoleOverview(
  db: Db,
  user: SessionUser,
  slug: string,
  now = new Date(),
): Promise<FirmConsoleOverview> {
  const firm = await resolveConsoleFirm(db, user, slug);
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const { totals } = await getFirmAnalyticsDetail(db, firm.id, { from, to }, now);
  const unansweredReviews = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      authorName: reviews.authorName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .leftJoin(firmReplies, eq(firmReplies.reviewId, reviews.id))
    .where(and(eq(reviews.propFirmId, firm.id), eq(reviews.status, 'published'), isNull(firmReplies.id)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(UNANSWERED_LIMIT);
  const unansweredReports = await db
    .select({
      id: payoutReports.id,
      amountCents: payoutReports.amountCents,
      reason: payoutReports.denialReason,
      createdAt: payoutReports.createdAt,
    })
    .from(payoutReports)
    .leftJoin(firmReplies, eq(firmReplies.payoutReportId, payoutReports.id))
    .where(
      and(
        eq(payoutReports.propFirmId, firm.id),
        eq(payoutReports.kind, 'denied'),
        eq(payoutReports.status, 'verified'),
        isNull(firmReplies.id),
      ),
    )
    .orderBy(desc(payoutReports.createdAt), desc(payoutReports.id))
    .limit(UNANSWERED_LIMIT);
  const [waiting] = await db
    .select({ n: count() })
    .from(firmReplies)
    .where(and(eq(firmReplies.propFirmId, firm.id), inArray(firmReplies.status, ['held', 'hidden'])));
  const couponRows = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      title: coupons.title,
      discountPercent: coupons.discountPercent,
      expiryDate: coupons.expiryDate,
      isActive: coupons.isActive,
      usageCount: coupons.usageCount,
    })
    .from(coupons)
    .where(eq(coupons.propFirmId, firm.id))
    .orderBy(desc(coupons.isActive), asc(coupons.code));
  const options = await listFirmOptions(db);
  return {
    firm,
    figures: {
      from,
      to,
      pageViews: totals.pageViews,
      outboundClicks: totals.outboundClicks,
      couponCopies: totals.couponCopies,
    },
    unanswered: {
      reviews: unansweredReviews.map((r) => ({
        id: r.id,
        rating: r.rating,
        title: r.title,
        author: r.authorName ?? 'Anonymous',
        createdAt: r.createdAt.toISOString(),
      })),
      payoutReports: unansweredReports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    },
    repliesWaiting: waiting?.n ?? 0,
    options,
    coupons: couponRows.map((c) => ({ ...c, expiryDate: c.expiryDate?.toISOString().slice(0, 10) ?? null })),
    changeRequests: await listFirmChangeRequests(db, firm.id, options),
  };
}
