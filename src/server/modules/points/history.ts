import { desc, eq, inArray, sql } from 'drizzle-orm';
import { POINTS_HISTORY_PAGE_SIZE, type PointsEntry, type PointsHistory } from '../../../domain/points';
import type { PointsReason } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import {
  cashbackClaims,
  cashOuts,
  pointsAdjustments,
  pointsLedger,
  propFirms,
  reviews,
} from '../../db/schema';
import { getPointsBalance } from './service';

const idsOf = (refs: (string | null)[], prefix: string): number[] =>
  refs.flatMap((r) => {
    const m = r?.match(new RegExp(`^${prefix}:(\\d+)$`));
    return m ? [Number(m[1])] : [];
  });

/**
 * One page of a user's ledger, newest first, each row with where its cause is shown: the claim,
 * the review on its firm's page, the cash-out, the offerwall.
 */
export async function getPointsHistory(db: Db, userId: string, page: number): Promise<PointsHistory> {
  const pageSize = POINTS_HISTORY_PAGE_SIZE;
  const [rows, [{ total }], balance] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId)),
    getPointsBalance(db, userId),
  ]);
  const refs = rows.map((r) => r.reference);
  const claimIds = idsOf(refs, 'claim');
  const reviewIds = idsOf(refs, 'review');
  const cashOutIds = idsOf(refs, 'payout');
  const adjustmentIds = idsOf(refs, 'adjustment');
  const [claimFirms, reviewFirms, cashOutRows, adjustmentRows] = await Promise.all([
    claimIds.length
      ? db
          .select({ id: cashbackClaims.id, name: propFirms.name })
          .from(cashbackClaims)
          .innerJoin(propFirms, eq(propFirms.id, cashbackClaims.propFirmId))
          .where(inArray(cashbackClaims.id, claimIds))
      : [],
    reviewIds.length
      ? db
          .select({ id: reviews.id, name: propFirms.name, slug: propFirms.slug })
          .from(reviews)
          .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
          .where(inArray(reviews.id, reviewIds))
      : [],
    cashOutIds.length
      ? db
          .select({ id: cashOuts.id, method: cashOuts.method })
          .from(cashOuts)
          .where(inArray(cashOuts.id, cashOutIds))
      : [],
    adjustmentIds.length
      ? db
          .select({ id: pointsAdjustments.id, reason: pointsAdjustments.reason })
          .from(pointsAdjustments)
          .where(inArray(pointsAdjustments.id, adjustmentIds))
      : [],
  ]);
  const adjustmentById = new Map(adjustmentRows.map((a) => [a.id, a.reason]));
  const claimById = new Map(claimFirms.map((c) => [c.id, c]));
  const reviewById = new Map(reviewFirms.map((r) => [r.id, r]));
  const cashOutById = new Map(cashOutRows.map((c) => [c.id, c]));

  const entries: PointsEntry[] = rows.map((row) => {
    const [kind, rawId] = (row.reference ?? '').split(':');
    const id = Number(rawId);
    let href: string | null = null;
    let detail: string | null = null;
    if (kind === 'claim') {
      href = `/cashback-claims#claim-${id}`;
      detail = claimById.get(id)?.name ?? null;
    } else if (kind === 'review') {
      const review = reviewById.get(id);
      if (review) {
        href = `/firm/${review.slug}?tab=reviews`;
        detail = `Your review of ${review.name}`;
      }
    } else if (kind === 'payout') {
      href = `/profile#cash-out-${id}`;
      const method = cashOutById.get(id)?.method;
      detail = method ? `Cash-out #${id} by ${method === 'paypal' ? 'PayPal' : 'USDT'}` : `Cash-out #${id}`;
    } else if (kind === 'offer') {
      const provider = row.reference?.split(':')[1];
      href = provider === 'adscend' ? '/adscend-offerwall' : '/offerwall';
      detail = provider === 'adscend' ? 'AdscendMedia offer' : 'Offerwall offer';
    } else if (kind === 'payout-report') {
      href = `/profile#payout-report-${id}`;
      detail = `Payout report #${id}`;
    } else if (kind === 'adjustment') {
      detail = adjustmentById.get(id) ?? null;
    }
    return {
      id: row.id,
      delta: row.delta,
      reason: row.reason as PointsReason,
      reference: row.reference,
      href,
      detail,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { balance, entries, page, pageSize, total: Number(total) };
}
