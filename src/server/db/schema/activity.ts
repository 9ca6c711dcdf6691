import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { reviews } from './content';
import { propFirms } from './firms';

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    title: text('title'),
    sessionId: text('session_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    loadTime: integer('load_time'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    /** Sent by a crawler (isbot on the user agent): counted apart, never in the dashboards' figures. */
    isBot: boolean('is_bot').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt), index('page_views_path_idx').on(t.path)],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityType: text('activity_type').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    propFirmId: integer('prop_firm_id').references(() => propFirms.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    referrerUrl: text('referrer_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_type_created_idx').on(t.activityType, t.createdAt),
    // The rollups read and the pruning deletes every type by time.
    index('activity_logs_created_idx').on(t.createdAt),
    index('activity_logs_firm_idx').on(t.propFirmId),
  ],
);

/**
 * Every change of a points balance, written only by `recordPoints` (modules/points/service.ts) in
 * the transaction of what caused it; `users.points` is the cache of each user's sum.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    /** What the row is for, once: a retried or repeated cause (a postback, a claim) credits nothing more. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The admin who wrote it by hand (a manual adjustment, a revoked award), else null. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('points_ledger_idempotency_idx').on(t.idempotencyKey),
    check('points_ledger_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

export const cashbackClaims = pgTable(
  'cashback_claims',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    orderReference: text('order_reference').notNull(),
    /** In cents. */
    amountSpent: integer('amount_spent').notNull(),
    /** The firm's cashback percentage when the claim was made: the rate the trader was shown. */
    cashbackPercentage: doublePrecision('cashback_percentage'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    pointsAwarded: integer('points_awarded'),
    /** Storage key of the receipt (private visibility). */
    proofImage: text('proof_image'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('cashback_claims_user_idx').on(t.userId),
    index('cashback_claims_status_idx').on(t.status),
    // One claim per order at a firm, whoever sends it and however its reference is cased.
    uniqueIndex('cashback_claims_order_idx').on(t.propFirmId, sql`lower(${t.orderReference})`),
    check('cashback_claims_amount_positive', sql`${t.amountSpent} > 0`),
  ],
);

/** A cash-out: a trader's request to turn points into money; the points leave the ledger when it is made. */
export const cashOuts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    method: text('method', { enum: ['paypal', 'usdt'] }).notNull(),
    destination: text('destination').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The payment's reference (PayPal transaction id, chain transaction hash) once paid. */
    paymentReference: text('payment_reference'),
    rejectionReason: text('rejection_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_status_idx').on(t.status),
    check('payouts_points_positive', sql`${t.points} > 0`),
  ],
);

/** A change of a balance made by hand by an admin, with the reason they gave (the ledger row points here). */
export const pointsAdjustments = pgTable(
  'points_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_adjustments_user_idx').on(t.userId)],
);

/** 'Was this helpful?': one vote per user and review, never on one's own (the service checks). */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_votes_one_idx').on(t.reviewId, t.userId)],
);

/** The weekly top reviews (docs/decisions: the rubric), one row per place of a week. */
export const reviewAwards = pgTable(
  'review_awards',
  {
    id: serial('id').primaryKey(),
    /** The Monday (UTC) the judged week began. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    rank: integer('rank').notNull(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    score: integer('score').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_awards_place_idx').on(t.weekStart, t.rank),
    uniqueIndex('review_awards_review_idx').on(t.weekStart, t.reviewId),
  ],
);

/** Every offerwall postback received, accepted or not, with why it was refused (the audit trail). */
export const offerPostbacks = pgTable(
  'offer_postbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['offerwall', 'adscend'] }).notNull(),
    transactionId: text('transaction_id'),
    userId: text('user_id'),
    points: integer('points'),
    kind: text('kind', { enum: ['credit', 'reversal', 'unknown'] }).notNull(),
    outcome: text('outcome', { enum: ['credited', 'reversed', 'duplicate', 'refused'] }).notNull(),
    refusalReason: text('refusal_reason'),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offer_postbacks_created_idx').on(t.createdAt),
    index('offer_postbacks_outcome_idx').on(t.outcome, t.createdAt),
  ],
);
