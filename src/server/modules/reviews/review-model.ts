import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Review, ReviewSummary } from '../../../domain/firms';
import type { Db } from '../../db/client';
import { propFirms, publishedReview, reviews, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent } from '../../lib/events';
import { type FirmIndex, firmEntryOf, indexFirms, patchFirmIndex } from '../../lib/firm-index';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { LISTED } from '../firms/service';
import { REVIEWS_PAGE_SIZE, reviewColumns, toReview } from './service';

/**
 * Every listed firm's published reviews (the newest REVIEWS_PAGE_SIZE) and rating summary, in
 * memory (decision 0033), for the firm page's Reviews tab and stars: a first visit reads no table.
 * A review's change re-reads its firm (review events carry `firmId`); a firm's change re-reads that
 * firm; a user's change (a name shown on reviews, a deleted account) re-reads everything.
 */

/** A review's own columns (`reviewColumns` less the author's, which come from the join). */
const { firstName: _firstName, username: _username, ...ownColumns } = reviewColumns;

interface FirmReviews {
  reviews: Review[];
  summary: ReviewSummary;
}

export type ReviewModel = FirmIndex<FirmReviews & { id: number; slug: string }>;

/**
 * The listed firms named (or all) with their newest REVIEWS_PAGE_SIZE published reviews (each
 * firm's read from `reviews_published_newest_idx`, never all of its reviews) and their count and
 * average (one aggregate over the table).
 */
async function readFirmReviews(db: Db, ids?: readonly number[]) {
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
  const [firms, rows, totals] = await Promise.all([
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
        isManual: newest.isManual,
        authorName: newest.authorName,
        source: newest.source,
        isVerified: newest.isVerified,
        userId: newest.userId,
        firstName: users.firstName,
        username: users.username,
      })
      .from(propFirms)
      .crossJoinLateral(newest)
      .leftJoin(users, eq(users.id, newest.userId))
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
    };
  });
}

const affectsReviews = (event: ChangeEvent): ReadModelChange => {
  const [entity, action] = event.type.split('.');
  if (action === 'counted') return 'none';
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
