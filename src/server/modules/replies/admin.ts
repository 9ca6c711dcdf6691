import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_REPLIES_PAGE_SIZE,
  type ADMIN_REPLY_VIEWS,
  type AdminReplyPage,
} from '../../../domain/replies';
import type { ReplyStatus, ReplyTarget } from '../../../domain/reply-rules';
import type { Db } from '../../db/client';
import { firmReplies, payoutReports, propFirms, reviews, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { type Actor, recordAudit } from '../admin/service';
import { claimReplyNotice, type ReplyDeps, replyChange, sendReplyEmail } from './service';

/**
 * The admins' side of replies: the list of held (and hidden) replies beside the review queue, and
 * publishing or hiding one with a reason its firm's representatives read. Each decision is in the
 * audit log, in the decision's transaction.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Held replies oldest first (the queue); hidden or all the newest first. */
export async function listAdminReplies(
  db: Db,
  query: { view: (typeof ADMIN_REPLY_VIEWS)[number]; page: number },
): Promise<AdminReplyPage> {
  const where: SQL | undefined =
    query.view === 'held'
      ? eq(firmReplies.status, 'held')
      : query.view === 'hidden'
        ? eq(firmReplies.status, 'hidden')
        : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        reply: firmReplies,
        firm: { id: propFirms.id, slug: propFirms.slug, name: propFirms.name },
        author: { id: users.id, email: users.email, username: users.username },
        review: { title: reviews.title, comment: reviews.comment, rating: reviews.rating },
        report: { deniedOn: payoutReports.deniedOn, comment: payoutReports.comment },
      })
      .from(firmReplies)
      .innerJoin(propFirms, eq(propFirms.id, firmReplies.propFirmId))
      .leftJoin(users, eq(users.id, firmReplies.authorId))
      .leftJoin(reviews, eq(reviews.id, firmReplies.reviewId))
      .leftJoin(payoutReports, eq(payoutReports.id, firmReplies.payoutReportId))
      .where(where)
      .orderBy(
        query.view === 'held' ? asc(firmReplies.createdAt) : desc(firmReplies.updatedAt),
        desc(firmReplies.id),
      )
      .limit(ADMIN_REPLIES_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_REPLIES_PAGE_SIZE),
    db.select({ n: count() }).from(firmReplies).where(where),
  ]);
  return {
    replies: rows.map(({ reply, firm, author, review, report }) => ({
      id: reply.id,
      status: reply.status,
      body: reply.body,
      autoChecks: reply.autoChecks,
      hideReason: reply.hideReason,
      moderatedBy: reply.moderatedBy,
      moderatedAt: iso(reply.moderatedAt),
      createdAt: reply.createdAt.toISOString(),
      updatedAt: reply.updatedAt.toISOString(),
      firm,
      author: author?.id ? { id: author.id, email: author.email, username: author.username } : null,
      target:
        reply.reviewId !== null
          ? {
              kind: 'review' as const,
              id: reply.reviewId,
              title: review?.title ?? 'Review',
              text: review?.comment ?? null,
              rating: review?.rating ?? null,
            }
          : {
              kind: 'payout_report' as const,
              id: reply.payoutReportId as number,
              title: `Denied payout${report?.deniedOn ? ` of ${report.deniedOn}` : ''}`,
              text: report?.comment ?? null,
              rating: null,
            },
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: ADMIN_REPLIES_PAGE_SIZE,
  };
}

type Decision = { action: 'hide'; reason: string } | { action: 'publish' };

const targetOf = (reply: { reviewId: number | null; payoutReportId: number | null }) =>
  reply.reviewId !== null
    ? { kind: 'review' as ReplyTarget, id: reply.reviewId }
    : { kind: 'payout_report' as ReplyTarget, id: reply.payoutReportId as number };

/**
 * Hides a reply with a reason, or publishes one (a held reply, or a hidden one again). The status
 * change is conditional on the status it leaves, so of two decisions at once one wins (409 for the
 * other). A reply that shows for the first time emails its reviewer or reporter, once.
 */
export async function moderateReply(
  deps: ReplyDeps,
  admin: Actor,
  id: number,
  decision: Decision,
  now = new Date(),
): Promise<{ id: number; status: ReplyStatus }> {
  const target: ReplyStatus = decision.action === 'hide' ? 'hidden' : 'published';
  const outcome = await deps.changes.commit(deps.db, async (tx) => {
    const [before] = await tx.select().from(firmReplies).where(eq(firmReplies.id, id));
    if (!before) throw notFound('Reply');
    const [after] = await tx
      .update(firmReplies)
      .set({
        status: target,
        hideReason: decision.action === 'hide' ? decision.reason : null,
        moderatedBy: admin.email,
        moderatedAt: now,
      })
      .where(and(eq(firmReplies.id, id), sql`${firmReplies.status} <> ${target}`))
      .returning({ id: firmReplies.id, body: firmReplies.body });
    if (!after) {
      throw new AppError(
        409,
        'reply_decided',
        decision.action === 'hide' ? 'This reply is already hidden.' : 'This reply is already published.',
      );
    }
    const replyTo = targetOf(before);
    await recordAudit(tx, admin, {
      action: 'update',
      entity: 'reply',
      entityId: id,
      summary: `${decision.action === 'hide' ? 'hid' : 'published'} the reply of firm ${before.propFirmId} to ${replyTo.kind === 'review' ? 'review' : 'payout report'} #${replyTo.id}${decision.action === 'hide' ? `: ${decision.reason}` : ''}`,
      before: { status: before.status, body: before.body, hideReason: before.hideReason },
      after: { status: target, hideReason: decision.action === 'hide' ? decision.reason : null },
    });
    const notify = await claimReplyNotice(tx, id, now);
    return {
      result: { notify, body: after.body, replyTo },
      changes: [replyChange({ ...replyTo, firmId: before.propFirmId })],
    };
  });
  if (outcome.notify) await sendReplyEmail(deps, outcome.replyTo, outcome.body);
  return { id, status: target };
}
