import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Review, ReviewSummary } from '../../../domain/firms';
import { REPLY_STATS_MONTHS, type ReplyFigures } from '../../../domain/reply-rules';
import type { Db } from '../../db/client';
import {
  firmReplies,
  propFirms,
  publicReplyColumns,
  publishedReply,
  publishedReview,
  reviews,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent } from '../../lib/events';
import { type FirmIndex, firmEntryOf, indexFirms, patchFirmIndex } from '../../lib/firm-index';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { LISTED } from '../firms/service';
import { REVIEWS_PAGE_SIZE, reviewColumns, reviewReplyJoin, toReview } from './service';

/**
 * Every listed firm's published reviews (the newest REVIEWS_PAGE_SIZE, each with the firm's
 * published reply), rating summary and reply figures, in memory (decision 0033), for the firm
 * page's Reviews tab and stars: a first visit reads no table. A reply's change is its review's.
 * A review's change re-reads its firm (review events carry `firmId`); a firm's change re-reads that
 * firm; a user's change (a name shown on reviews, a deleted account) re-reads everything.
 */

/** A review's own columns (`reviewColumns` less the author's, which come from the join). */
const { firstName: _firstName, username: _username, ...ownColumns } = reviewColumns;

interface FirmReviews {
  reviews: Review[];
  summary: ReviewSummary;
  /** Null while the firm has replied to none of the last 12 months' reviews. */
  replies: ReplyFigures | null;
}

export type ReviewModel = FirmIndex<FirmReviews & { id: number; slug: string }>;

/**
 * The reply figures of the firms named (or all) that have a published reply to a review: the share
 * of the window's published reviews (and of its 1-2 star ones) with a published reply, and the
 * median hours from review to reply. Only firms that reply are read.
 */
async function readReplyFigures(db: Db, ids: readonly number[] | undefined, now: Date) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - REPLY_STATS_MONTHS);
  const replying = db
    .selectDistinct({ firmId: firmReplies.propFirmId })
    .from(firmReplies)
    .where(
      and(
        publishedReply,
        isNotNull(firmReplies.reviewId),
        ids ? inArray(firmReplies.propFirmId, [...ids]) : undefined,
      ),
    );
  const low = sql`${reviews.rating} <= 2`;
  const rows = await db
    .select({
      firmId: reviews.propFirmId,
      total: count(),
      replied: count(firmReplies.id),
      low: sql<number>`count(*) filter (where ${low})`.mapWith(Number),
      lowReplied: sql<number>`count(${firmReplies.id}) filter (where ${low})`.mapWith(Number),
      medianHours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by greatest(0, extract(epoch from ${firmReplies.createdAt} - ${reviews.createdAt})) / 3600) filter (where ${firmReplies.id} is not null)`.mapWith(
        (v) => (v == null ? null : Number(v)),
      ),
    })
    .from(reviews)
    .leftJoin(firmReplies, reviewReplyJoin)
    .where(and(publishedReview, gte(reviews.createdAt, since), inArray(reviews.propFirmId, replying)))
    .groupBy(reviews.propFirmId);
  const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;
  return new Map(
    rows
      .filter((r) => r.replied > 0)
      .map((r): [number, ReplyFigures] => [
        r.firmId,
        {
          reviewShare: share(r.replied, r.total),
          lowRatingShare: r.low > 0 ? share(r.lowReplied, r.low) : null,
          medianHours: r.medianHours == null ? null : Math.round(r.medianHours * 10) / 10,
        },
      ]),
  );
}

/**
 * The listed firms named (or all) with their newest REVIEWS_PAGE_SIZE published reviews (each
 * firm's read from `reviews_published_newest_idx`, never all of its reviews, each with the firm's
 * published reply), their count and average (one aggregate over the table), and the reply figures.
 */
async function readFirmReviews(db: Db, ids?: readonly number[], now = new Date()) {
  const of = (column: AnyPgColumn) => (ids ? inArray(column, [...ids]) : undefined);
  // Qualified by hand: drizzle leaves a single table's columns unqualified, and the lateral
  // subquery must name the outer firm.
  const newest = db
    .select(ownColumns)
    .from(reviews)
    .where(and(sql`${reviews.propFirmId} = "prop_firms"."id"`, publishedReview))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .as('newest');
  const [firms, rows, totals, figures] = await Promise.all([
    db
      .select({ id: propFirms.id, slug: propFirms.slug })
      .from(propFirms)
      .where(and(eq(propFirms.status, LISTED), of(propFirms.id))),
    db
      .select({
        firmId: propFirms.id,
        id: newest.id,
        rating: newest.rating,
        title: newest.title,
        comment: newest.comment,
        createdAt: newest.createdAt,
        editedAt: newest.editedAt,
        isManual: newest.isManual,
        authorName: newest.authorName,
        source: newest.source,
        isVerified: newest.isVerified,
        helpfulCount: newest.helpfulCount,
        userId: newest.userId,
        firstName: users.firstName,
        username: users.username,
        ...publicReplyColumns,
      })
      .from(propFirms)
      .crossJoinLateral(newest)
      .leftJoin(users, eq(users.id, newest.userId))
      .leftJoin(firmReplies, and(eq(firmReplies.reviewId, newest.id), publishedReply))
      .where(and(eq(propFirms.status, LISTED), of(propFirms.id)))
      .orderBy(propFirms.id, desc(newest.createdAt), desc(newest.id)),
    db
      .select({
        firmId: reviews.propFirmId,
        count: sql<number>`count(*)`.mapWith(Number),
        sum: sql<number>`sum(${reviews.rating})`.mapWith(Number),
      })
      .from(reviews)
      .where(and(publishedReview, of(reviews.propFirmId)))
      .groupBy(reviews.propFirmId),
    readReplyFigures(db, ids, now),
  ]);
  const byFirm = new Map<number, Review[]>();
  for (const { firmId, ...row } of rows) {
    const list = byFirm.get(firmId);
    if (list) list.push(toReview(row));
    else byFirm.set(firmId, [toReview(row)]);
  }
  const totalOf = new Map(totals.map((t) => [t.firmId, t]));
  return firms.map(({ id, slug }) => {
    const total = totalOf.get(id);
    return {
      id,
      slug,
      reviews: byFirm.get(id) ?? [],
      summary: {
        averageRating: total?.count ? Math.round((total.sum / total.count) * 100) / 100 : 0,
        totalReviews: total?.count ?? 0,
      },
      replies: figures.get(id) ?? null,
    };
  });
}

const affectsReviews = (event: ChangeEvent): ReadModelChange => {
  const [entity] = event.type.split('.');
  if (entity === 'review') return event.firmId !== undefined ? { ids: [event.firmId] } : 'all';
  if (entity === 'firm') return typeof event.id === 'number' ? { ids: [event.id] } : 'all';
  if (entity === 'user') return 'all';
  return 'none';
};

export const createReviewModel = (db: Db) =>
  new ReadModel<ReviewModel>({
    affects: affectsReviews,
    load: async () => indexFirms(await readFirmReviews(db), (entry) => entry),
    refresh: async (ids) => {
      const fresh = await readFirmReviews(db, ids);
      return (current) => patchFirmIndex(current, ids, fresh, (entry) => entry);
    },
  });

/** A listed firm's reviews by slug, or by id when the value is all digits; else 404. */
export function firmReviewsOf(model: ReviewModel, slugOrId: string): FirmReviews & { id: number } {
  const entry = firmEntryOf(model, slugOrId);
  if (!entry) throw notFound('Firm');
  return entry;
}
