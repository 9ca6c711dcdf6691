import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PointsReason } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import {
  cashbackClaims,
  cashOuts,
  pointsLedger,
  propFirms,
  reviewAwards,
  reviews,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface PointsEntry {
  userId: string;
  /** Points added (positive) or taken (negative); never zero. */
  delta: number;
  reason: PointsReason;
  /** What caused it, for the history: `claim:12`, `review:40`, `payout:3` ... */
  reference?: string | null;
  /** One row per key, ever: the same cause recorded twice (a retry, a repeated postback) adds nothing. */
  idempotencyKey: string;
  /** The admin who wrote it by hand. */
  createdBy?: string | null;
}

export interface PointsResult {
  /** False when a row with this idempotency key already existed: nothing was added. */
  applied: boolean;
  balance: number;
}

/**
 * The only writer of points_ledger. Adds the row and moves `users.points` by its delta in one
 * transaction (a savepoint inside the caller's transaction, so it commits or rolls back with what
 * caused it). A debit larger than the balance is refused with 400 and writes nothing; the
 * database's CHECK on users.points backs that up.
 */
export async function recordPoints(db: Db, entry: PointsEntry): Promise<PointsResult> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
    throw new AppError(400, 'invalid_points', 'A points change must be a whole number other than zero.');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pointsLedger)
      .values({
        userId: entry.userId,
        delta: entry.delta,
        reason: entry.reason,
        reference: entry.reference ?? null,
        idempotencyKey: entry.idempotencyKey,
        createdBy: entry.createdBy ?? null,
      })
      .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
      .returning({ id: pointsLedger.id });
    if (!row) return { applied: false, balance: await getPointsBalance(tx, entry.userId) };
    // The row lock taken here orders concurrent changes of one balance; the condition is checked
    // again after waiting for it, so two debits can never take the balance below zero.
    const [updated] = await tx
      .update(users)
      .set({ points: sql`${users.points} + ${entry.delta}` })
      .where(sql`${users.id} = ${entry.userId} and ${users.points} + ${entry.delta} >= 0`)
      .returning({ points: users.points });
    if (!updated) {
      const exists = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId));
      if (exists.length === 0) throw new AppError(404, 'user_not_found', 'User not found');
      throw new AppError(400, 'insufficient_points', 'You do not have enough points for this.');
    }
    return { applied: true, balance: updated.points };
  });
}

/** The user's balance (the cache of their ledger's sum); 0 for an unknown user. */
export async function getPointsBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points ?? 0;
}

const DEMO_DAY = 86_400_000;

/**
 * The demo's points economy: claims, weekly awards and cash-outs in every status, each balance change
 * through `recordPoints` like the real flows (the demo seed calls it once, on an empty database).
 */
export async function seedDemoPoints(
  db: Db,
  {
    userIds,
    firmIds,
    adminId,
    now,
  }: { userIds: string[]; firmIds: number[]; adminId?: string | null; now: Date },
): Promise<void> {
  const [a, b, c] = userIds;
  if (!a || !b || !c || firmIds.length === 0) return;
  const firms = await db
    .select({ id: propFirms.id, pct: propFirms.cashbackPercentage })
    .from(propFirms)
    .where(and(inArray(propFirms.id, firmIds), eq(propFirms.cashbackProvided, true)));
  const cashbackFirms = firms.filter((f) => (f.pct ?? 0) > 0);
  if (cashbackFirms.length === 0) return;
  const day = (n: number) => new Date(now.getTime() - n * DEMO_DAY);
  const claimSpecs = [
    { userId: a, status: 'approved', amount: 29_900, daysAgo: 20 },
    { userId: a, status: 'pending', amount: 15_500, daysAgo: 2 },
    { userId: b, status: 'approved', amount: 59_900, daysAgo: 15 },
    { userId: b, status: 'rejected', amount: 9_900, daysAgo: 9 },
    { userId: c, status: 'pending', amount: 34_900, daysAgo: 1 },
  ] as const;
  for (const [i, spec] of claimSpecs.entries()) {
    const firm = cashbackFirms[i % cashbackFirms.length];
    const pct = firm.pct ?? 0;
    const points = Math.floor((spec.amount * pct) / 100);
    const [claim] = await db
      .insert(cashbackClaims)
      .values({
        userId: spec.userId,
        propFirmId: firm.id,
        orderReference: `DEMO-${1000 + i}`,
        amountSpent: spec.amount,
        cashbackPercentage: pct,
        purchaseDate: day(spec.daysAgo + 1)
          .toISOString()
          .slice(0, 10),
        status: spec.status,
        pointsAwarded: spec.status === 'approved' ? points : null,
        rejectionReason: spec.status === 'rejected' ? 'The receipt does not show the order reference.' : null,
        reviewedBy: spec.status === 'pending' ? null : (adminId ?? null),
        reviewedAt: spec.status === 'pending' ? null : day(spec.daysAgo - 1),
        createdAt: day(spec.daysAgo),
      })
      .returning({ id: cashbackClaims.id });
    if (spec.status === 'approved' && points > 0) {
      await recordPoints(db, {
        userId: spec.userId,
        delta: points,
        reason: 'cashback',
        reference: `claim:${claim.id}`,
        idempotencyKey: `claim:${claim.id}`,
      });
    }
  }

  // Last week's awards: the longest reviews by three members; the third one revoked.
  const lastWeek = new Date(now.getTime() - 7 * DEMO_DAY);
  lastWeek.setUTCHours(0, 0, 0, 0);
  lastWeek.setUTCDate(lastWeek.getUTCDate() - ((lastWeek.getUTCDay() + 6) % 7));
  const week = lastWeek.toISOString().slice(0, 10);
  const awardReviews = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(and(inArray(reviews.userId, [a, b, c]), eq(reviews.isManual, false)))
    .orderBy(desc(sql`length(${reviews.comment})`))
    .limit(20);
  const picked: { id: number; userId: string }[] = [];
  for (const r of awardReviews) {
    if (r.userId && !picked.some((p) => p.userId === r.userId)) picked.push({ id: r.id, userId: r.userId });
  }
  const prizes = [250, 200, 150];
  for (const [i, review] of picked.slice(0, 3).entries()) {
    const [award] = await db
      .insert(reviewAwards)
      .values({
        weekStart: week,
        rank: i + 1,
        reviewId: review.id,
        userId: review.userId,
        points: prizes[i],
        score: 40 - i * 5,
      })
      .returning({ id: reviewAwards.id });
    await recordPoints(db, {
      userId: review.userId,
      delta: prizes[i],
      reason: 'review_award',
      reference: `review:${review.id}`,
      idempotencyKey: `review-award:${award.id}`,
    });
    if (i === 2) {
      await db
        .update(reviewAwards)
        .set({
          revokedAt: now,
          revokedBy: adminId ?? null,
          revokeReason: 'Demo: the review repeated another site.',
        })
        .where(eq(reviewAwards.id, award.id));
      await recordPoints(db, {
        userId: review.userId,
        delta: -prizes[i],
        reason: 'review_award_revoked',
        reference: `review:${review.id}`,
        idempotencyKey: `review-award-revoked:${award.id}`,
        createdBy: adminId ?? null,
      });
    }
  }

  // Cash-outs in every status, from the first member's balance (topped up to cover them).
  const cashOutSpecs = [
    { status: 'paid', method: 'paypal', destination: 'trader@example.com' },
    { status: 'rejected', method: 'usdt', destination: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    { status: 'pending', method: 'paypal', destination: 'trader@example.com' },
  ] as const;
  const minimum = 2500;
  await recordPoints(db, {
    userId: a,
    delta: minimum * 2,
    reason: 'admin_adjustment',
    reference: 'demo cash-out balance',
    idempotencyKey: `demo-cash-out-balance:${a}`,
    createdBy: adminId ?? null,
  });
  for (const [i, spec] of cashOutSpecs.entries()) {
    const [cashOut] = await db
      .insert(cashOuts)
      .values({
        userId: a,
        points: minimum,
        method: spec.method,
        destination: spec.destination,
        status: spec.status,
        paymentReference: spec.status === 'paid' ? 'DEMO-PAYPAL-7781' : null,
        rejectionReason: spec.status === 'rejected' ? 'The address is on a network we do not pay to.' : null,
        decidedBy: spec.status === 'pending' ? null : (adminId ?? null),
        decidedAt: spec.status === 'pending' ? null : day(5 - i),
        createdAt: day(8 - i),
      })
      .returning({ id: cashOuts.id });
    await recordPoints(db, {
      userId: a,
      delta: -minimum,
      reason: 'payout',
      reference: `payout:${cashOut.id}`,
      idempotencyKey: `payout:${cashOut.id}`,
    });
    if (spec.status === 'rejected') {
      await recordPoints(db, {
        userId: a,
        delta: minimum,
        reason: 'payout_returned',
        reference: `payout:${cashOut.id}`,
        idempotencyKey: `payout-return:${cashOut.id}`,
      });
    }
  }
}
