import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Review, ReviewSummary } from '../../../domain/firms';
import type { Db } from '../../db/client';
import { propFirms, publishedReview, reviews, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { ChangeEvent } from '../../lib/events';
import { ReadModel, type ReadModelChange } from '../../lib/read-model';
import { LISTED } from '../firms/service';
import { REVIEWS_PAGE_SIZE, reviewColumns, toReview } from './service';

/**
 * Every listed firm's published reviews (the newest REVIEWS_PAGE_SIZE) and rating summary, in
 * memory (decision 0033), for the firm page's Reviews tab and stars: a first visit reads no table.
 * A review's change re-reads its firm (review events carry `firmId`); a firm's change re-reads that
 * firm; a user's change (a name shown on reviews, a deleted account) re-reads everything.
 */

interface FirmReviews {
  reviews: Review[];
  summary: ReviewSummary;
}

export interface ReviewModel {
  bySlug: Map<string, FirmReviews>;
  byId: Map<number, FirmReviews & { slug: string }>;
}

async function readFirmReviews(db: Db, ids?: readonly number[]) {
  const of = (column: AnyPgColumn) => (ids ? inArray(column, [...ids]) : undefined);
  const [firms, rows] = await Promise.all([
    db
      .select({ id: propFirms.id, slug: propFirms.slug })
      .from(propFirms)
      .where(and(eq(propFirms.status, LISTED), of(propFirms.id))),
    db
      .select({ ...reviewColumns, firmId: reviews.propFirmId })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(and(publishedReview, of(reviews.propFirmId)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  ]);
  const byFirm = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byFirm.get(row.firmId);
    if (list) list.push(row);
    else byFirm.set(row.firmId, [row]);
  }
  return firms.map(({ id, slug }) => {
    const list = byFirm.get(id) ?? [];
    const total = list.reduce((sum, r) => sum + r.rating, 0);
    return {
      id,
      slug,
      reviews: list.slice(0, REVIEWS_PAGE_SIZE).map(({ firmId: _f, ...row }) => toReview(row)),
      summary: {
        averageRating: list.length ? Math.round((total / list.length) * 100) / 100 : 0,
        totalReviews: list.length,
      },
    };
  });
}

function indexReviews(entries: Iterable<FirmReviews & { id: number; slug: string }>): ReviewModel {
  const bySlug = new Map<string, FirmReviews>();
  const byId = new Map<number, FirmReviews & { slug: string }>();
  for (const entry of entries) {
    bySlug.set(entry.slug, entry);
    byId.set(entry.id, entry);
  }
  return { bySlug, byId };
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
    load: async () => indexReviews(await readFirmReviews(db)),
    refresh: async (current, ids) => {
      const byId = new Map([...current.byId].map(([id, entry]) => [id, { ...entry, id }]));
      for (const id of ids) byId.delete(id);
      for (const entry of await readFirmReviews(db, ids)) byId.set(entry.id, entry);
      return indexReviews(byId.values());
    },
  });

/** A listed firm's reviews by slug, or by id when the value is all digits; else 404. */
export function firmReviewsOf(model: ReviewModel, slugOrId: string): FirmReviews {
  const entry = /^\d{1,9}$/.test(slugOrId) ? model.byId.get(Number(slugOrId)) : model.bySlug.get(slugOrId);
  if (!entry) throw notFound('Firm');
  return entry;
}
