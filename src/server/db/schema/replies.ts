import { eq, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPLY_STATUSES } from '../../../domain/reply-rules';
import { users } from './auth';
import { reviews } from './content';
import { propFirms } from './firms';
import { payoutReports } from './payout-reports';

/**
 * A firm's one public reply to a review or to a verified denied payout report, written by one of its
 * representatives (modules/replies). Exactly one target; its unique index makes two replies written
 * at once one. Published replies show under their target; held ones wait for an admin (the reviews'
 * automatic checks, named in `autoChecks`); hidden ones an admin removed with a reason.
 */
export const firmReplies = pgTable(
  'firm_replies',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    payoutReportId: integer('payout_report_id').references(() => payoutReports.id, { onDelete: 'cascade' }),
    /** The representative who wrote its current text; kept as the firm's reply if their account goes. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    status: text('status', { enum: REPLY_STATUSES }).notNull().default('published'),
    autoChecks: text('auto_checks').array().notNull().default([]),
    /** Why an admin hid it; the firm's representatives read it. */
    hideReason: text('hide_reason'),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** When the reviewer (or reporter) was emailed about it: once, when it first showed. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change of its text (equal to `createdAt` until it is edited). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firm_replies_review_idx').on(t.reviewId),
    uniqueIndex('firm_replies_payout_report_idx').on(t.payoutReportId),
    check('firm_replies_one_target', sql`num_nonnulls(${t.reviewId}, ${t.payoutReportId}) = 1`),
    // The firm's replies that do not show (its representatives' list) and its published ones.
    index('firm_replies_firm_status_idx').on(t.propFirmId, t.status),
    // The admins' list of held replies, oldest first.
    index('firm_replies_held_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'held'`),
  ],
);

/** Only published replies show under their review or report. */
export const publishedReply = eq(firmReplies.status, 'published');

/** A published reply's public columns, beside its target's (`publicReplyOf` in domain/reply-rules.ts). */
export const publicReplyColumns = {
  replyBody: firmReplies.body,
  replyCreatedAt: firmReplies.createdAt,
  replyUpdatedAt: firmReplies.updatedAt,
};
