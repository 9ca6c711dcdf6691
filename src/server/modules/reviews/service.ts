import { and, desc, eq, sql } from 'drizzle-orm';
import type { OwnReview, Review, ReviewPayload, ReviewSummary } from '../../../domain/firms';
import type { ReviewStatus } from '../../../domain/moderation-rules';
import { publicReplyOf } from '../../../domain/reply-rules';
import type { Db } from '../../db/client';
import {
  cashbackClaims,
  firmReplies,
  propFirms,
  publicReplyColumns,
  publishedReply,
  publishedReview,
  reviews,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { assertNotFirmRepresentative } from '../firm-claims/service';
import { listedFirmWhere, resolveListedFirm } from '../firms/service';
import { runAutoChecks } from './moderation';

// The reviews' automatic checks, which replies (modules/replies) run too.
export { containsLink, isCopiedText } from './moderation';

/** The newest reviews a firm page shows; the summary still counts every review. */
export const REVIEWS_PAGE_SIZE = 100;

export interface ReviewAuthor {
  id: string;
  emailVerified: boolean;
}

export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  editedAt: reviews.editedAt,
  isManual: reviews.isManual,
  authorName: reviews.authorName,
  source: reviews.source,
  isVerified: reviews.isVerified,
  // Named in full: inside the newest-reviews subquery drizzle leaves the table's own columns bare.
  helpfulCount:
    sql<number>`(select count(*) from "review_votes" where "review_votes"."review_id" = "reviews"."id")`
      .mapWith(Number)
      .as('helpful_count'),
  userId: reviews.userId,
  firstName: users.firstName,
  username: users.username,
};

/** A review's firm reply, left joined with `publicReplyColumns` (a new review has none). */
export const reviewReplyJoin = and(eq(firmReplies.reviewId, reviews.id), publishedReply);

interface ReviewRow extends Omit<Review, 'createdAt' | 'editedAt' | 'user' | 'reply'> {
  createdAt: Date;
  editedAt: Date | null;
  userId: string | null;
  firstName: string | null;
  username: string | null;
  replyBody?: string | null;
  replyCreatedAt?: Date | null;
  replyUpdatedAt?: Date | null;
}

/** Only the public parts of the author: never the email or the user id. */
export function toReview({
  userId,
  firstName,
  username,
  createdAt,
  editedAt,
  replyBody,
  replyCreatedAt,
  replyUpdatedAt,
  ...row
}: ReviewRow): Review {
  return {
    ...row,
    createdAt: createdAt.toISOString(),
    editedAt: editedAt ? editedAt.toISOString() : null,
    user: row.isManual || !userId ? null : { firstName, username },
    reply: publicReplyOf({ replyBody, replyCreatedAt, replyUpdatedAt }),
  };
}

/**
 * The review a user wrote of a listed firm, or null if they have not reviewed it (the firm row
 * always comes, so an unknown firm is a 404).
 */
export async function getOwnFirmReview(db: Db, userId: string, slugOrId: string): Promise<OwnReview> {
  const [row] = await db
    .select({
      ...reviewColumns,
      ...publicReplyColumns,
      status: reviews.status,
      moderationReason: reviews.moderationReason,
    })
    .from(propFirms)
    .leftJoin(reviews, and(eq(reviews.propFirmId, propFirms.id), eq(reviews.userId, userId)))
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(firmReplies, reviewReplyJoin)
    .where(listedFirmWhere(slugOrId))
    .limit(1);
  if (!row) throw notFound('Firm');
  if (row.id === null) return { review: null, status: null, moderationReason: null };
  const { status, moderationReason, ...review } = row;
  return { review: toReview(review as ReviewRow), status, moderationReason };
}

/** Average (rounded to 2 places) and count of a firm's reviews; no reviews gives 0 and 0. */
const summaryColumns = {
  average: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v == null ? null : Number(v))),
  total: sql<number>`count(${reviews.id})`.mapWith(Number),
};

const toSummary = (row: { average: number | null; total: number }): ReviewSummary => ({
  averageRating: row.average == null ? 0 : Math.round(row.average * 100) / 100,
  totalReviews: row.total,
});

export async function summarizeFirmReviews(db: Db, propFirmId: number): Promise<ReviewSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(reviews)
    .where(and(eq(reviews.propFirmId, propFirmId), publishedReview));
  return toSummary(row);
}

/**
 * The page after the review `before` of a listed firm's published reviews: the next
 * REVIEWS_PAGE_SIZE in the firm page's order (newest first, then the higher id), read by keyset
 * down one of the firm's date indexes (`reviews_published_newest_idx`, `reviews_firm_created_idx`),
 * so a page costs the same at any depth. `before` must be a
 * review of this firm (a hidden one still marks its place); another gives an empty page.
 */
export async function listFirmReviewsBefore(db: Db, propFirmId: number, before: number): Promise<Review[]> {
  const rows = await db
    .select({ ...reviewColumns, ...publicReplyColumns })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(firmReplies, reviewReplyJoin)
    .where(
      and(
        eq(reviews.propFirmId, propFirmId),
        publishedReview,
        sql`(${reviews.createdAt}, ${reviews.id}) < (select c.created_at, c.id from ${reviews} c where c.id = ${before} and c.prop_firm_id = ${propFirmId})`,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE);
  return rows.map(toReview);
}

/** Signed in (401) with a verified email (403). */
export function assertCanReview(author: ReviewAuthor | null): asserts author is ReviewAuthor {
  if (!author) throw new AppError(401, 'unauthenticated', 'Authentication required');
  if (!author.emailVerified) {
    throw new AppError(
      403,
      'email_unverified',
      'Email verification required: please verify your email address before posting reviews.',
    );
  }
}

/**
 * One review per user per firm. The unique index decides between parallel submissions: the
 * insert that loses does nothing and the author is told they already reviewed the firm.
 */
export async function createReview(
  db: Db,
  changes: Changes,
  author: ReviewAuthor | null,
  propFirmId: number,
  payload: ReviewPayload,
): Promise<Review & { status: ReviewStatus }> {
  assertCanReview(author);
  if (payload.propFirmId !== undefined && payload.propFirmId !== propFirmId) {
    throw new AppError(400, 'firm_mismatch', 'propFirmId must match the firm in the address');
  }
  const firm = await resolveListedFirm(db, String(propFirmId));
  await assertNotFirmRepresentative(db, author.id, firm, 'review');
  // A trader with an approved cashback claim at this firm has shown they bought an account.
  const [claim] = await db
    .select({ id: cashbackClaims.id })
    .from(cashbackClaims)
    .where(
      and(
        eq(cashbackClaims.userId, author.id),
        eq(cashbackClaims.propFirmId, firm.id),
        eq(cashbackClaims.status, 'approved'),
      ),
    )
    .limit(1);
  const autoChecks = await runAutoChecks(db, {
    propFirmId: firm.id,
    title: payload.title,
    comment: payload.comment,
  });
  const created = await changes.commit(db, async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        propFirmId: firm.id,
        userId: author.id,
        rating: payload.rating,
        title: payload.title,
        comment: payload.comment,
        isManual: false,
        isVerified: Boolean(claim),
        // A review an automatic check flags waits for an admin before it shows (decision 0027).
        status: autoChecks.length ? 'held' : 'published',
        autoChecks,
      })
      .onConflictDoNothing({ target: [reviews.propFirmId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!row) throw new AppError(400, 'review_exists', 'You have already reviewed this firm');
    return { result: row, changes: [{ type: 'review.created', id: row.id, firmId: firm.id }] };
  });
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, created.id));
  return { ...toReview(row), status: autoChecks.length ? 'held' : 'published' };
}

/** Moderators' decisions an author's edit cannot undo: a hidden or deleted review stays as it is. */
function assertEditable(status: ReviewStatus): void {
  if (status === 'hidden' || status === 'deleted') {
    throw new AppError(
      409,
      'review_removed',
      `This review was ${status === 'hidden' ? 'hidden' : 'deleted'} by our moderators, so it can no longer be edited.`,
    );
  }
}

/**
 * The author's edit of their review: the same body and automatic checks as a new review (a link or
 * copied text holds it for an admin; a held review stays held), `editedAt` set, the date it was
 * written kept. A hidden or deleted review is 409. A firm's reply stays attached; the weekly awards
 * judge reviews by the week they were written, once (review-awards.ts), so an edit never earns
 * points again. Saving the same words changes nothing.
 */
export async function updateReview(
  db: Db,
  changes: Changes,
  author: ReviewAuthor | null,
  id: number,
  payload: ReviewPayload,
): Promise<Review & { status: ReviewStatus }> {
  assertCanReview(author);
  const [current] = await db
    .select({ userId: reviews.userId, propFirmId: reviews.propFirmId, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!current) throw notFound('Review');
  if (current.userId !== author.id) {
    throw new AppError(403, 'not_author', 'Only the author of a review can edit it.');
  }
  if (payload.propFirmId !== undefined && payload.propFirmId !== current.propFirmId) {
    throw new AppError(400, 'firm_mismatch', 'propFirmId must match the firm of the review');
  }
  assertEditable(current.status);
  const firm = await resolveListedFirm(db, String(current.propFirmId));
  await assertNotFirmRepresentative(db, author.id, firm, 'review');
  const { rating, title, comment } = payload;
  const autoChecks = await runAutoChecks(db, { id, propFirmId: firm.id, title, comment });
  const status = await changes.commit(db, async (tx) => {
    // Under the row's lock: a moderator's decision taken meanwhile wins.
    const [row] = await tx
      .select({
        status: reviews.status,
        autoChecks: reviews.autoChecks,
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
      })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!row) throw notFound('Review');
    assertEditable(row.status);
    if (row.rating === rating && row.title === title && row.comment === comment) {
      return { result: row.status, changes: [] };
    }
    const next: ReviewStatus = autoChecks.length ? 'held' : row.status;
    await tx
      .update(reviews)
      .set({
        rating,
        title,
        comment,
        editedAt: new Date(),
        status: next,
        autoChecks: [...new Set([...row.autoChecks, ...autoChecks])],
      })
      .where(eq(reviews.id, id));
    return { result: next, changes: [{ type: 'review.updated', id, firmId: firm.id }] };
  });
  const [row] = await db
    .select({ ...reviewColumns, ...publicReplyColumns })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(firmReplies, reviewReplyJoin)
    .where(eq(reviews.id, id));
  return { ...toReview(row), status };
}
