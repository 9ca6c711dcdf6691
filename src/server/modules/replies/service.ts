import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SavedReply, WithheldReply } from '../../../domain/replies';
import { type ReplyAutoCheck, type ReplyTarget, replyEdited } from '../../../domain/reply-rules';
import type { Db, Tx } from '../../db/client';
import { firmReplies, payoutReports, propFirms, reviews, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { ChangeEvent, Changes } from '../../lib/events';
import type { Mailer } from '../../lib/mailer';
import { firmPageUrl, isFirmRepresentative } from '../firm-claims/service';
import { LISTED, resolveListedFirm } from '../firms/service';
import { containsLink, isCopiedText } from '../reviews/service';
import { renderReplyEmail } from './emails';

/**
 * A firm's one public reply to each published review and each verified denied payout report,
 * written by its representatives (firm-claims). The reviews' automatic checks hold a reply with a
 * link or copied text for an admin (admin.ts); the reviewer or reporter is emailed once, when the
 * reply first shows. A reply's change is published as its target's (`review.updated`,
 * `payout.updated` with the firm), so the read models that carry replies re-read that firm.
 */

export interface ReplyDeps {
  db: Db;
  changes: Changes;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

interface Firm {
  id: number;
  slug: string;
  name: string;
}

export interface ReplyTargetRow {
  kind: ReplyTarget;
  id: number;
  firm: Firm;
}

const targetColumn = (kind: ReplyTarget) =>
  kind === 'review' ? firmReplies.reviewId : firmReplies.payoutReportId;

/** The change event of a reply: its target's, naming the firm. */
export const replyChange = (target: { kind: ReplyTarget; id: number; firmId: number }): ChangeEvent =>
  target.kind === 'review'
    ? { type: 'review.updated', id: target.id, firmId: target.firmId }
    : { type: 'payout.updated', id: target.id, firmId: target.firmId };

const firmColumns = {
  id: propFirms.id,
  slug: propFirms.slug,
  name: propFirms.name,
  status: propFirms.status,
};

/**
 * The review or payout report a reply is for, as the public sees it: a published review, or a
 * verified report, of a listed firm; anything else is 404. A verified paid report is found here and
 * refused by `assertRepliable`.
 */
async function findTarget(db: Db, kind: ReplyTarget, id: number) {
  if (kind === 'review') {
    const [row] = await db
      .select({ status: reviews.status, firm: firmColumns })
      .from(reviews)
      .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
      .where(eq(reviews.id, id));
    if (row?.status !== 'published' || row.firm.status !== LISTED) throw notFound('Review');
    return { kind, id, firm: row.firm, denied: false };
  }
  const [row] = await db
    .select({ status: payoutReports.status, reportKind: payoutReports.kind, firm: firmColumns })
    .from(payoutReports)
    .innerJoin(propFirms, eq(propFirms.id, payoutReports.propFirmId))
    .where(eq(payoutReports.id, id));
  if (row?.status !== 'verified' || row.firm.status !== LISTED) throw notFound('Payout report');
  return { kind, id, firm: row.firm, denied: row.reportKind === 'denied' };
}

const NOT_REPRESENTATIVE = {
  review: 'reviews',
  payout_report: 'payout reports',
} as const;

/** 403 unless the user currently represents the firm. */
async function assertRepresents(db: Db, userId: string, firm: Firm, what: string): Promise<void> {
  if (!(await isFirmRepresentative(db, userId, firm.id))) {
    throw new AppError(
      403,
      'not_firm_representative',
      `Only a representative of ${firm.name} can ${what}. Work at ${firm.name}? Claim its profile on its page.`,
    );
  }
}

/**
 * The target a representative may reply to: found (404), their firm's (403), and for a payout
 * report a denied one (409: firms answer denials, a paid report needs no answer).
 */
export async function findRepliableTarget(
  db: Db,
  userId: string,
  kind: ReplyTarget,
  id: number,
): Promise<ReplyTargetRow> {
  const target = await findTarget(db, kind, id);
  await assertRepresents(db, userId, target.firm, `reply to its ${NOT_REPRESENTATIVE[kind]}`);
  if (kind === 'payout_report' && !target.denied) {
    throw new AppError(
      409,
      'reply_not_allowed',
      'Firms reply to denied payout reports only: this report is of a payout that was made.',
    );
  }
  const { status: _status, ...firm } = target.firm;
  return { kind, id, firm };
}

const hiddenError = (reason: string | null) =>
  new AppError(
    409,
    'reply_hidden',
    `Our moderators hid this reply${reason ? `: ${reason}` : ''}. A hidden reply cannot be edited, replaced or deleted.`,
  );

/** The reviews' checks on a reply's text: a link, or the text of another reply or review. */
async function checkReply(db: Db, kind: ReplyTarget, id: number, body: string): Promise<ReplyAutoCheck[]> {
  const [copiedReply, copiedReview] = await Promise.all([
    // Its own earlier text is not a copy.
    isCopiedText(db, firmReplies, firmReplies.body, body, sql`${targetColumn(kind)} is distinct from ${id}`),
    isCopiedText(db, reviews, reviews.comment, body),
  ]);
  const checks: ReplyAutoCheck[] = [];
  if (containsLink(body)) checks.push('link');
  if (copiedReply || copiedReview) checks.push('duplicate');
  return checks;
}

/**
 * Marks the reply as notified if it shows and nobody was told yet, in the caller's transaction:
 * true for the one write that should send the email (the row is locked by the write, so of two at
 * once the second sees it marked).
 */
export async function claimReplyNotice(tx: Tx, replyId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(firmReplies)
    .set({ notifiedAt: now })
    .where(
      and(eq(firmReplies.id, replyId), eq(firmReplies.status, 'published'), isNull(firmReplies.notifiedAt)),
    )
    .returning({ id: firmReplies.id });
  return Boolean(row);
}

const savedColumns = {
  id: firmReplies.id,
  body: firmReplies.body,
  status: firmReplies.status,
  autoChecks: firmReplies.autoChecks,
  createdAt: firmReplies.createdAt,
  updatedAt: firmReplies.updatedAt,
};

const toSaved = (row: {
  id: number;
  body: string;
  status: SavedReply['status'];
  autoChecks: string[];
  createdAt: Date;
  updatedAt: Date;
}): SavedReply => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  edited: replyEdited(row.createdAt, row.updatedAt),
});

/**
 * Writes or edits the firm's one reply to a review or a denied payout report. One statement
 * inserts it or, on the target's unique index, edits it (two written at once make one reply): an
 * edit keeps `createdAt` and moves `updatedAt`, and the same text again changes nothing. The checks
 * hold a reply with a link or copied text; a hidden one stays as the moderators left it (409).
 */
export async function putReply(
  deps: ReplyDeps,
  userId: string,
  kind: ReplyTarget,
  id: number,
  body: string,
  now = new Date(),
): Promise<{ reply: SavedReply; created: boolean }> {
  const { db } = deps;
  const target = await findRepliableTarget(db, userId, kind, id);
  const autoChecks = await checkReply(db, kind, id, body);
  const column = targetColumn(kind);
  const sameText = sql`${firmReplies.body} = excluded.body`;
  const outcome = await deps.changes.commit(db, async (tx) => {
    const [row] = await tx
      .insert(firmReplies)
      .values({
        propFirmId: target.firm.id,
        ...(kind === 'review' ? { reviewId: id } : { payoutReportId: id }),
        authorId: userId,
        body,
        status: autoChecks.length ? 'held' : 'published',
        autoChecks,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: column,
        set: {
          body: sql`excluded.body`,
          authorId: sql`case when ${sameText} then ${firmReplies.authorId} else excluded.author_id end`,
          status: sql`case when ${sameText} then ${firmReplies.status} else excluded.status end`,
          autoChecks: sql`case when ${sameText} then ${firmReplies.autoChecks} else excluded.auto_checks end`,
          updatedAt: sql`case when ${sameText} then ${firmReplies.updatedAt} else excluded.updated_at end`,
        },
        setWhere: sql`${firmReplies.status} <> 'hidden'`,
      })
      .returning({ ...savedColumns, created: sql<boolean>`(xmax = 0)` });
    if (!row) {
      const [hidden] = await tx
        .select({ reason: firmReplies.hideReason })
        .from(firmReplies)
        .where(eq(column, id));
      throw hiddenError(hidden?.reason ?? null);
    }
    const notify = await claimReplyNotice(tx, row.id, now);
    return {
      result: { row, notify },
      changes: [replyChange({ kind, id, firmId: target.firm.id })],
    };
  });
  const { created, ...saved } = outcome.row;
  if (outcome.notify) await sendReplyEmail(deps, { kind, id }, saved.body);
  return { reply: toSaved(saved), created: Boolean(created) };
}

/** Deletes the firm's reply (404 without one); a hidden reply stays (409). */
export async function deleteReply(
  deps: ReplyDeps,
  userId: string,
  kind: ReplyTarget,
  id: number,
): Promise<void> {
  const { db } = deps;
  const target = await findTarget(db, kind, id);
  await assertRepresents(db, userId, target.firm, `delete its replies`);
  const column = targetColumn(kind);
  await deps.changes.commit(db, async (tx) => {
    const [reply] = await tx
      .select({ id: firmReplies.id, status: firmReplies.status, reason: firmReplies.hideReason })
      .from(firmReplies)
      .where(eq(column, id))
      .for('update');
    if (!reply) throw notFound('Reply');
    if (reply.status === 'hidden') throw hiddenError(reply.reason);
    await tx.delete(firmReplies).where(eq(firmReplies.id, reply.id));
    return { changes: [replyChange({ kind, id, firmId: target.firm.id })] };
  });
}

/**
 * The firm's replies that do not show, newest first, for its representatives: held for a check, or
 * hidden with the moderators' reason (the public answers carry only published ones).
 */
export async function listWithheldReplies(db: Db, userId: string, slug: string): Promise<WithheldReply[]> {
  const firm = await resolveListedFirm(db, slug);
  await assertRepresents(db, userId, firm, 'see its replies waiting for a check');
  const rows = await db
    .select({
      id: firmReplies.id,
      reviewId: firmReplies.reviewId,
      payoutReportId: firmReplies.payoutReportId,
      body: firmReplies.body,
      status: firmReplies.status,
      hideReason: firmReplies.hideReason,
      createdAt: firmReplies.createdAt,
      updatedAt: firmReplies.updatedAt,
    })
    .from(firmReplies)
    .where(and(eq(firmReplies.propFirmId, firm.id), inArray(firmReplies.status, ['held', 'hidden'])))
    .orderBy(desc(firmReplies.updatedAt), desc(firmReplies.id))
    .limit(500);
  return rows.map(({ reviewId, payoutReportId, status, createdAt, updatedAt, ...row }) => ({
    ...row,
    target: reviewId === null ? 'payout_report' : 'review',
    targetId: (reviewId ?? payoutReportId) as number,
    status: status as WithheldReply['status'],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    edited: replyEdited(createdAt, updatedAt),
  }));
}

const recipientColumns = {
  email: users.email,
  firstName: users.firstName,
  firm: { name: propFirms.name, slug: propFirms.slug },
};

/**
 * Emails the reviewer (or reporter) the reply and a link to it on the firm's page. Nobody to tell
 * for a review copied from elsewhere or an account gone; the reply stands whether or not the mail
 * goes out (a failed send is logged).
 */
export async function sendReplyEmail(
  deps: ReplyDeps,
  target: { kind: ReplyTarget; id: number },
  body: string,
): Promise<void> {
  const { db } = deps;
  const [row] =
    target.kind === 'review'
      ? await db
          .select({ ...recipientColumns, title: reviews.title })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
          .where(and(eq(reviews.id, target.id), eq(reviews.isManual, false)))
      : await db
          .select({ ...recipientColumns, title: sql<string | null>`null` })
          .from(payoutReports)
          .innerJoin(users, eq(users.id, payoutReports.userId))
          .innerJoin(propFirms, eq(propFirms.id, payoutReports.propFirmId))
          .where(eq(payoutReports.id, target.id));
  if (!row) return;
  const anchor =
    target.kind === 'review' ? `reviews#review-${target.id}` : `payouts#payout-report-${target.id}`;
  const message = renderReplyEmail({
    firmName: row.firm.name,
    target: target.kind,
    title: row.title,
    firstName: row.firstName,
    body,
    url: `${firmPageUrl(deps.publicUrl, row.firm.slug)}?tab=${anchor}`,
  });
  await deps.mailer
    .send({ to: row.email, ...message })
    .catch((err: unknown) => deps.log.error({ err, target }, 'reply email not sent'));
}
