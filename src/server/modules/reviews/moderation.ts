import { and, count, desc, eq, gte, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type AdminReview,
  type AdminReviewPage,
  type IntegrityReport,
  type ManualReviewPayload,
  MODERATION_PAGE_SIZE,
  type MODERATION_VIEWS,
  type ModerationPayload,
  type OwnReviewStatus,
  type ReportPayload,
} from '../../../domain/moderation';
import { type AutoCheck, MODERATION_REASONS } from '../../../domain/moderation-rules';
import type { Db } from '../../db/client';
import { propFirms, reviewReports, reviews, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { type Actor, recordAudit } from '../admin/service';

const DAY_MS = 86_400_000;
/** A burst: this many reviews of one firm in a day from accounts younger than a week (decision 0027). */
export const BURST_REVIEWS = 5;
const NEW_ACCOUNT_DAYS = 7;
const LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|io|org|xyz|co|gg|ly|me)\b/i;

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** The `link` check: a link in any of the texts. Replies (modules/replies) use it too. */
export const containsLink = (...texts: string[]) => texts.some((text) => LINK.test(text));

/**
 * The `duplicate` check: `text` is, case and spacing aside, a text already stored in `column` of
 * `table` (another review's comment, another reply's body), leaving out the rows `except` names.
 * Texts under 20 characters never count. Replies (modules/replies) use it too.
 */
export async function isCopiedText(
  db: Db,
  table: PgTable,
  column: AnyPgColumn,
  text: string,
  except?: SQL,
): Promise<boolean> {
  const normalized = normalize(text);
  if (normalized.length < 20) return false;
  const [same] = await db
    .select({ n: count() })
    .from(table)
    .where(and(sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')) = ${normalized}`, except));
  return Number(same.n) > 0;
}

/** Reviews of the firm in the last day from accounts younger than a week: the `burst` check's count. */
async function countRecentNewAccountReviews(db: Db, propFirmId: number, now: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        eq(reviews.propFirmId, propFirmId),
        gte(reviews.createdAt, new Date(now.getTime() - DAY_MS)),
        gte(users.createdAt, new Date(now.getTime() - NEW_ACCOUNT_DAYS * DAY_MS)),
      ),
    );
  return Number(recent.n);
}

/**
 * The automatic checks of a new review (decision 0027): a link in it, the same text as another
 * review, or a burst of reviews of the firm from new accounts. Any of them holds it for an admin.
 * An author's edit (`id`: the review edited) runs the text checks only: its own stored text is no
 * copy, and an edit adds no review to a burst.
 */
export async function runAutoChecks(
  db: Db,
  review: { id?: number; propFirmId: number; title: string; comment: string },
  now = new Date(),
): Promise<AutoCheck[]> {
  const checks: AutoCheck[] = [];
  if (containsLink(review.title, review.comment)) checks.push('link');
  const editing = review.id !== undefined;
  const [copied, recent] = await Promise.all([
    isCopiedText(
      db,
      reviews,
      reviews.comment,
      review.comment,
      editing ? ne(reviews.id, review.id!) : undefined,
    ),
    editing ? 0 : countRecentNewAccountReviews(db, review.propFirmId, now),
  ]);
  if (copied) checks.push('duplicate');
  // A new review is the next one: a burst when it makes BURST_REVIEWS.
  if (!editing && recent + 1 >= BURST_REVIEWS) checks.push('burst');
  return checks;
}

/** A signed-in user's report of a published review of someone else: once per user and review. */
export async function reportReview(db: Db, userId: string, reviewId: number, payload: ReportPayload) {
  const [review] = await db
    .select({ id: reviews.id, userId: reviews.userId, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (review?.status !== 'published') throw notFound('Review');
  if (review.userId === userId) throw new AppError(403, 'own_review', 'You cannot report your own review.');
  const inserted = await db
    .insert(reviewReports)
    .values({ reviewId, userId, reason: payload.reason, note: payload.note || null })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (!inserted.length) throw new AppError(409, 'already_reported', 'You have already reported this review.');
  return { reported: true as const };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The moderation queue and lists: held reviews and reviews with open reports first. The queue
 * (held or reported, the longest-waiting first) reads each kind from its own index in the queue's
 * order, no further than the asked page's end (`reviews_held_idx` for the held,
 * `review_reports_open_queue_idx` for the reported), then reads only the page's reviews, and
 * counts the two kinds' ids: a page costs the same however long the queue has grown (decision 0060).
 */
export async function listReviewsForModeration(
  db: Db,
  query: { view: (typeof MODERATION_VIEWS)[number]; page: number },
): Promise<AdminReviewPage> {
  const offset = (query.page - 1) * MODERATION_PAGE_SIZE;
  // By the ids of held reviews and of open reports, each read from its index
  // (reviews_held_idx, review_reports_open_idx): an `or exists` would test every review.
  const reported = sql`select r.review_id from ${reviewReports} r where r.resolved_at is null`;
  const openReport = sql`${reviews.id} in (${reported})`;
  const end = offset + MODERATION_PAGE_SIZE;
  const firstHeld = sql`select h.id, h.created_at from ${reviews} h where h.status = 'held'
    order by h.created_at, h.id desc limit ${end}`;
  // The open reports carry their review's date (review_reports_open_queue_idx): no review is read.
  const firstReported = sql`select distinct r.review_id, r.review_created_at
    from ${reviewReports} r where r.resolved_at is null
    order by r.review_created_at, r.review_id desc limit ${end}`;
  const where =
    query.view === 'queue'
      ? // The queue's first `end` of both kinds, from their dates alone: only those reviews are read.
        sql`${reviews.id} in (select q.id from ((${firstHeld}) union (${firstReported})) q (id, created_at)
          order by q.created_at, q.id desc limit ${end})`
      : query.view === 'held'
        ? eq(reviews.status, 'held')
        : query.view === 'reported'
          ? openReport
          : query.view === 'hidden'
            ? eq(reviews.status, 'hidden')
            : query.view === 'manual'
              ? eq(reviews.isManual, true)
              : undefined;
  const counted =
    query.view === 'queue'
      ? db
          .select({ total: count() })
          .from(sql`(select h.id from ${reviews} h where h.status = 'held' union ${reported}) as queue`)
      : db.select({ total: count() }).from(reviews).where(where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        review: reviews,
        firm: { id: propFirms.id, name: propFirms.name, slug: propFirms.slug },
        author: { id: users.id, email: users.email, username: users.username, createdAt: users.createdAt },
      })
      .from(reviews)
      .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(
        query.view === 'queue' ? sql`${reviews.createdAt} asc` : desc(reviews.createdAt),
        desc(reviews.id),
      )
      .limit(MODERATION_PAGE_SIZE)
      .offset(offset),
    counted,
  ]);
  const reports = rows.length
    ? await db
        .select()
        .from(reviewReports)
        .where(
          inArray(
            reviewReports.reviewId,
            rows.map((r) => r.review.id),
          ),
        )
    : [];
  const list: AdminReview[] = rows.map(({ review: r, firm, author }) => ({
    id: r.id,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    status: r.status,
    autoChecks: r.autoChecks,
    isManual: r.isManual,
    authorName: r.authorName,
    source: r.source,
    moderationReason: r.moderationReason,
    moderationNote: r.moderationNote,
    moderatedBy: r.moderatedBy,
    moderatedAt: iso(r.moderatedAt),
    createdAt: r.createdAt.toISOString(),
    firm,
    author: author?.id ? { ...author, createdAt: author.createdAt.toISOString() } : null,
    reports: reports
      .filter((p) => p.reviewId === r.id)
      .map((p) => ({
        reason: p.reason,
        note: p.note,
        createdAt: p.createdAt.toISOString(),
        open: !p.resolvedAt,
      })),
  }));
  return { reviews: list, total: Number(total), page: query.page, pageSize: MODERATION_PAGE_SIZE };
}

/**
 * Publish, hide or delete a review, with the reason from the fixed list (the author sees a hidden
 * review's reason in /profile; a deleted one has its text wiped, its copy stays in the audit log).
 * Its open reports are resolved; ratings and caches follow through the change event.
 */
export async function moderateReview(
  db: Db,
  changes: Changes,
  actor: Actor,
  id: number,
  payload: ModerationPayload,
): Promise<void> {
  const now = new Date();
  await changes.commit(db, async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!review) throw notFound('Review');
    if (review.status === 'deleted')
      throw new AppError(409, 'review_deleted', 'A deleted review cannot change.');
    const reason = payload.action === 'publish' ? null : (payload.reason ?? null);
    const note = payload.note || null;
    const summary = `${payload.action} review of firm ${review.propFirmId}${reason ? `: ${MODERATION_REASONS[reason]}` : ''}`;
    const status =
      payload.action === 'publish' ? 'published' : payload.action === 'delete' ? 'deleted' : 'hidden';
    await tx
      .update(reviews)
      .set({
        status,
        moderationReason: reason,
        moderationNote: note,
        moderatedAt: now,
        moderatedBy: actor.email,
        // A deleted review's words are gone (personal data must be); the row stays for its author
        // and the integrity report, and its copy is in the audit log.
        ...(status === 'deleted' ? { title: 'Removed review', comment: '' } : {}),
      })
      .where(eq(reviews.id, id));
    await tx
      .update(reviewReports)
      .set({ resolvedAt: now })
      .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)));
    await recordAudit(tx, actor, {
      action: status === 'deleted' ? 'delete' : 'update',
      entity: 'review',
      entityId: id,
      summary,
      before: review,
      after: { status, reason, note },
    });
    return { changes: [{ type: 'review.updated', id, firmId: review.propFirmId }] };
  });
}

/**
 * Adds a review an admin copied from elsewhere (isManual, with its author's name and source),
 * published at once and counted in the firm's rating like any other; audited. The integrity
 * report counts members' reviews only, so these stay out of its figures.
 */
export async function addManualReview(
  db: Db,
  changes: Changes,
  actor: Actor,
  payload: ManualReviewPayload,
): Promise<{ id: number }> {
  return changes.commit(db, async (tx) => {
    const [firm] = await tx
      .select({ id: propFirms.id })
      .from(propFirms)
      .where(eq(propFirms.id, payload.propFirmId));
    if (!firm) throw notFound('Firm');
    const [row] = await tx
      .insert(reviews)
      .values({
        propFirmId: firm.id,
        userId: null,
        rating: payload.rating,
        title: payload.title,
        comment: payload.comment,
        isManual: true,
        authorName: payload.authorName,
        source: payload.source,
        status: 'published',
        moderatedAt: new Date(),
        moderatedBy: actor.email,
        ...(payload.reviewedOn ? { createdAt: new Date(`${payload.reviewedOn}T12:00:00Z`) } : {}),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'review',
      entityId: row.id,
      summary: `added a review of firm ${firm.id} by ${payload.authorName} from ${payload.source}`,
      after: row,
    });
    return { result: { id: row.id }, changes: [{ type: 'review.created', id: row.id, firmId: firm.id }] };
  });
}

/** A user's own reviews, newest first, with where each stands and why a hidden one was removed. */
export async function listOwnReviewStatuses(db: Db, userId: string): Promise<OwnReviewStatus[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      status: reviews.status,
      moderationReason: reviews.moderationReason,
      createdAt: reviews.createdAt,
      name: propFirms.name,
      slug: propFirms.slug,
    })
    .from(reviews)
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .where(and(eq(reviews.userId, userId), ne(reviews.isManual, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ name, slug, createdAt, ...r }) => ({
    ...r,
    createdAt: createdAt.toISOString(),
    firm: { name, slug },
  }));
}

/**
 * The public integrity report (/review-integrity): per year of posting, members' reviews (manual
 * copies excluded) received, published, held, removed by reason, whether the automatic checks had
 * held the removed ones, reports, and the median hours from posting to a moderator's decision.
 */
export async function getIntegrityReport(db: Db): Promise<IntegrityReport> {
  const year = sql<number>`extract(year from ${reviews.createdAt} at time zone 'UTC')::int`.mapWith(Number);
  const removed = sql`${reviews.status} in ('hidden', 'deleted')`;
  const member = eq(reviews.isManual, false);
  const checked = sql`cardinality(${reviews.autoChecks}) > 0`;
  const [totals, reasons, reports] = await Promise.all([
    db
      .select({
        year,
        received: count(),
        published: sql<number>`count(*) filter (where ${reviews.status} = 'published')`.mapWith(Number),
        held: sql<number>`count(*) filter (where ${reviews.status} = 'held')`.mapWith(Number),
        removed: sql<number>`count(*) filter (where ${removed})`.mapWith(Number),
        removedAfterChecks: sql<number>`count(*) filter (where ${removed} and ${checked})`.mapWith(Number),
        heldByChecks: sql<number>`count(*) filter (where ${checked})`.mapWith(Number),
        medianHours: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${reviews.moderatedAt} - ${reviews.createdAt}) / 3600) filter (where ${reviews.moderatedAt} is not null)`,
      })
      .from(reviews)
      .where(member)
      .groupBy(year)
      .orderBy(desc(year)),
    db
      .select({ year, reason: sql<string>`coalesce(${reviews.moderationReason}, 'other')`, n: count() })
      .from(reviews)
      .where(and(member, removed))
      .groupBy(year, sql`coalesce(${reviews.moderationReason}, 'other')`),
    db
      .select({ year, n: count() })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .where(member)
      .groupBy(year),
  ]);
  return {
    years: totals.map((t) => ({
      year: t.year,
      received: Number(t.received),
      published: t.published,
      held: t.held,
      removed: t.removed,
      removedByReason: reasons
        .filter((r) => r.year === t.year)
        .map((r) => ({ reason: r.reason, count: Number(r.n) }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      removedAfterChecks: t.removedAfterChecks,
      removedAfterReportsOrStaff: t.removed - t.removedAfterChecks,
      heldByChecks: t.heldByChecks,
      reports: Number(reports.find((r) => r.year === t.year)?.n ?? 0),
      medianHoursToDecision: t.medianHours == null ? null : Math.round(Number(t.medianHours) * 10) / 10,
    })),
  };
}
