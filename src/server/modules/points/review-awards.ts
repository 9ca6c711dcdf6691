import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AdminAward, type WeeklyWinner, weekStartOf } from '../../../domain/points';
import { POINTS_RULES, scoreReview } from '../../../domain/points-rules';
import type { Db } from '../../db/client';
import { propFirms, publishedReview, reviewAwards, reviews, reviewVotes, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { ChangeEvent, Changes } from '../../lib/events';
import { defineJob } from '../../lib/jobs';
import { recordPoints } from './service';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A 'Was this helpful?' vote: signed in with a verified email (the route checks), on another
 * user's review (not a review copied from elsewhere, not one's own); once per user and review, a
 * repeat changes nothing. Answers the review's vote count.
 */
export async function voteHelpful(
  db: Db,
  changes: Changes,
  userId: string,
  reviewId: number,
): Promise<{ helpfulCount: number; voted: boolean }> {
  const [review] = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      isManual: reviews.isManual,
      firmId: reviews.propFirmId,
    })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), publishedReview));
  if (!review) throw notFound('Review');
  if (review.isManual || !review.userId) {
    throw new AppError(400, 'not_votable', 'Only reviews by our members can be voted on.');
  }
  if (review.userId === userId) throw new AppError(403, 'own_review', 'You cannot vote on your own review.');
  await changes.commit(db, async (tx) => {
    await tx.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing();
    // The firm's reviews show the count: its read model re-reads that firm alone.
    return { changes: [{ type: 'review.counted', id: reviewId, firmId: review.firmId }] };
  });
  return { helpfulCount: await countHelpful(db, reviewId), voted: true };
}

export async function countHelpful(db: Db, reviewId: number): Promise<number> {
  return db.$count(reviewVotes, eq(reviewVotes.reviewId, reviewId));
}

/** Helpful counts of a firm's reviews, and which of them the viewer voted for. */
export async function listHelpfulVotes(
  db: Db,
  firmSlug: string,
  viewerId: string | null,
): Promise<{ reviewId: number; helpfulCount: number; voted: boolean }[]> {
  const rows = await db
    .select({
      reviewId: reviewVotes.reviewId,
      helpfulCount: sql<number>`count(*)::int`,
      voted: viewerId ? sql<boolean>`bool_or(${reviewVotes.userId} = ${viewerId})` : sql<boolean>`false`,
    })
    .from(reviewVotes)
    .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .where(eq(propFirms.slug, firmSlug))
    .groupBy(reviewVotes.reviewId);
  return rows.map((r) => ({
    reviewId: r.reviewId,
    helpfulCount: Number(r.helpfulCount),
    voted: Boolean(r.voted),
  }));
}

/**
 * Awards the week that began at `weekStart` (a Monday, UTC): its members' reviews are scored by the
 * published rubric (domain/points.ts), one review per author, and the best five get 250 to 50
 * points. Places already awarded are kept (the unique place and ledger keys make a rerun, or two
 * processes, add nothing).
 */
export async function awardWeeklyReviews(db: Db, changes: Changes, weekStart: Date): Promise<WeeklyWinner[]> {
  const start = weekStartOf(weekStart);
  const end = new Date(start.getTime() + 7 * DAY);
  const week = isoDay(start);
  const candidates = await db
    .select({
      id: reviews.id,
      firmId: reviews.propFirmId,
      userId: reviews.userId,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      // Votes from verified members other than the author, cast before the week was judged.
      helpfulVotes: sql<number>`(select count(*)::int from ${reviewVotes} v join ${users} u on u.id = v.user_id
        where v.review_id = ${reviews.id} and u.email_verified and v.user_id <> ${reviews.userId}
        and v.created_at < ${end.toISOString()})`,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        eq(reviews.isManual, false),
        publishedReview,
        gte(reviews.createdAt, start),
        lt(reviews.createdAt, end),
        eq(users.emailVerified, true),
      ),
    );
  const scored = candidates
    .map((c) => ({ ...c, score: scoreReview({ ...c, helpfulVotes: Number(c.helpfulVotes) }) }))
    .filter((c) => c.score.eligible)
    .sort(
      (a, b) => b.score.total - a.score.total || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
    );
  const places: typeof scored = [];
  for (const c of scored) {
    if (places.length === POINTS_RULES.weeklyReviewAwards.length) break;
    if (!places.some((p) => p.userId === c.userId)) places.push(c);
  }
  await changes.commit(db, async (tx) => {
    const awarded: ChangeEvent[] = [];
    for (const [i, place] of places.entries()) {
      const points = POINTS_RULES.weeklyReviewAwards[i];
      const [award] = await tx
        .insert(reviewAwards)
        .values({
          weekStart: week,
          rank: i + 1,
          reviewId: place.id,
          userId: place.userId as string,
          points,
          score: place.score.total,
        })
        .onConflictDoNothing()
        .returning({ id: reviewAwards.id });
      if (!award) continue;
      await recordPoints(tx, {
        userId: place.userId as string,
        delta: points,
        reason: 'review_award',
        reference: `review:${place.id}`,
        idempotencyKey: `review-award:${award.id}`,
      });
      awarded.push(
        { type: 'points.updated', id: place.userId as string },
        { type: 'review.updated', id: place.id, firmId: place.firmId },
      );
    }
    return { changes: awarded };
  });
  return listWeekWinners(db, week);
}

/** The awarded (not revoked) reviews of a week, by place. */
export async function listWeekWinners(db: Db, week: string): Promise<WeeklyWinner[]> {
  const rows = await db
    .select({
      id: reviewAwards.id,
      rank: reviewAwards.rank,
      points: reviewAwards.points,
      score: reviewAwards.score,
      reviewTitle: reviews.title,
      firmName: propFirms.name,
      firmSlug: propFirms.slug,
      username: users.username,
      firstName: users.firstName,
    })
    .from(reviewAwards)
    .innerJoin(reviews, eq(reviews.id, reviewAwards.reviewId))
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .innerJoin(users, eq(users.id, reviewAwards.userId))
    .where(and(eq(reviewAwards.weekStart, week), isNull(reviewAwards.revokedAt)))
    .orderBy(asc(reviewAwards.rank));
  return rows.map(({ username, firstName, ...r }) => ({ ...r, author: username ?? firstName ?? 'A member' }));
}

/** Last week's winners, as /earn-points shows them. */
export async function getLastWeekWinners(db: Db, now = new Date()) {
  const weekStart = isoDay(new Date(weekStartOf(now).getTime() - 7 * DAY));
  return { weekStart, winners: await listWeekWinners(db, weekStart) };
}

export async function listAwardsForAdmin(db: Db): Promise<AdminAward[]> {
  const rows = await db
    .select({
      id: reviewAwards.id,
      weekStart: reviewAwards.weekStart,
      rank: reviewAwards.rank,
      points: reviewAwards.points,
      score: reviewAwards.score,
      reviewTitle: reviews.title,
      firmName: propFirms.name,
      firmSlug: propFirms.slug,
      username: users.username,
      userEmail: users.email,
      revokedAt: reviewAwards.revokedAt,
      revokeReason: reviewAwards.revokeReason,
    })
    .from(reviewAwards)
    .innerJoin(reviews, eq(reviews.id, reviewAwards.reviewId))
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .innerJoin(users, eq(users.id, reviewAwards.userId))
    .orderBy(desc(reviewAwards.weekStart), asc(reviewAwards.rank))
    .limit(100);
  return rows.map(({ username, revokedAt, ...r }) => ({
    ...r,
    author: username ?? 'A member',
    revokedAt: revokedAt?.toISOString() ?? null,
  }));
}

/**
 * Revokes an award: a reversing ledger row (`review-award-revoked:<id>`, naming the admin) in the
 * same transaction. If the trader has already spent the points, the revocation is refused (400)
 * rather than taking the balance below zero.
 */
export async function revokeAward(
  db: Db,
  changes: Changes,
  adminId: string,
  awardId: number,
  reason: string,
): Promise<void> {
  await changes.commit(db, async (tx) => {
    const [award] = await tx
      .update(reviewAwards)
      .set({ revokedAt: new Date(), revokedBy: adminId, revokeReason: reason })
      .where(and(eq(reviewAwards.id, awardId), isNull(reviewAwards.revokedAt)))
      .returning();
    if (!award) {
      const [exists] = await tx
        .select({ id: reviewAwards.id })
        .from(reviewAwards)
        .where(eq(reviewAwards.id, awardId));
      if (!exists) throw notFound('Award');
      throw new AppError(409, 'award_revoked', 'This award has already been revoked.');
    }
    await recordPoints(tx, {
      userId: award.userId,
      delta: -award.points,
      reason: 'review_award_revoked',
      reference: `review:${award.reviewId}`,
      idempotencyKey: `review-award-revoked:${award.id}`,
      createdBy: adminId,
    });
    return {
      changes: [
        { type: 'points.updated', id: award.userId },
        { type: 'review.updated', id: award.reviewId },
      ],
    };
  });
}

/** Every Monday 00:00 UTC: award the week that just ended (or a given week, run by hand). */
export const weeklyReviewAwardsJob = (changes: Changes) =>
  defineJob<{ week?: string } | undefined>({
    name: 'weekly-review-awards',
    schedule: '0 0 * * 1',
    payload: z
      .object({
        week: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      })
      .optional(),
    handler: async ({ db, log, payload, scheduledAt }) => {
      const week = payload?.week
        ? new Date(`${payload.week}T00:00:00Z`)
        : new Date(weekStartOf(scheduledAt).getTime() - 7 * DAY);
      const winners = await awardWeeklyReviews(db, changes, week);
      log.info({ week: isoDay(weekStartOf(week)), winners: winners.length }, 'weekly review awards');
    },
  });
