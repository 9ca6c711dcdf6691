import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { FirmPayoutRecord, PayoutFlagItem } from '../../../domain/payouts';
import { users } from './auth';
import { firmAccounts, fundingModels, payoutMethods, propFirms } from './firms';

/**
 * A trader's report that a firm paid them or denied a payout, with its evidence (not a points
 * cash-out, `cashOuts`). Only verified reports count in a firm's record.
 */
export const payoutReports = pgTable(
  'payout_reports',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['paid', 'denied'] }).notNull(),
    /** US cents; a denied report may leave it out. */
    amountCents: integer('amount_cents'),
    /** One of the firm's payout methods; null for Other (paid) or a denial. */
    payoutMethodId: integer('payout_method_id').references(() => payoutMethods.id, { onDelete: 'set null' }),
    requestedOn: date('requested_on', { mode: 'string' }),
    receivedOn: date('received_on', { mode: 'string' }),
    deniedOn: date('denied_on', { mode: 'string' }),
    denialReason: text('denial_reason'),
    accountId: integer('account_id').references(() => firmAccounts.id, { onDelete: 'set null' }),
    fundingModelId: integer('funding_model_id').references(() => fundingModels.id, { onDelete: 'set null' }),
    comment: text('comment'),
    showUsername: boolean('show_username').notNull().default(false),
    network: text('network'),
    /** Normalised (payout-rules.ts): lower-case hex without 0x, or a Solana signature. */
    transactionReference: text('transaction_reference'),
    processor: text('processor'),
    /** Normalised: upper case, no spaces. */
    processorReference: text('processor_reference'),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    grade: text('grade', { enum: ['on_chain', 'processor_receipt', 'bank_statement', 'screenshot'] }),
    /** Why it was rejected, or why its verification was revoked. */
    rejectionReason: text('rejection_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How many times it has been verified: each verification's points have their own ledger key. */
    verifications: integer('verifications').notNull().default(0),
    /** Points it earned and still holds (0 after a revocation). */
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** What the automatic checks found when it arrived. */
    flags: jsonb('flags').$type<PayoutFlagItem[]>().notNull().default([]),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The firm's public list and its record: its verified reports, newest verification first.
    index('payout_reports_firm_status_idx').on(t.propFirmId, t.status, t.verifiedAt),
    // The trader's own list and today's count for the daily limit.
    index('payout_reports_user_idx').on(t.userId, t.createdAt),
    // The admin queue by status, oldest first.
    index('payout_reports_status_idx').on(t.status, t.createdAt),
    index('payout_reports_flagged_idx').on(t.createdAt).where(sql`jsonb_array_length(${t.flags}) > 0`),
    // The same amount and date at one firm from another account.
    index('payout_reports_firm_amount_idx').on(t.propFirmId, t.amountCents, t.receivedOn),
    // One transaction is reported once on the whole site; one processor payment once per processor.
    uniqueIndex('payout_reports_transaction_idx').on(t.transactionReference),
    uniqueIndex('payout_reports_processor_ref_idx').on(t.processor, t.processorReference),
    check('payout_reports_amount_range', sql`${t.amountCents} between 100 and 100000000`),
  ],
);

/** An evidence image of a report: private storage, and its 64-bit perceptual hash for the recycled-image check. */
export const payoutReportImages = pgTable(
  'payout_report_images',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => payoutReports.id, { onDelete: 'cascade' }),
    /** 1-4, the order it was sent in (its URL's number). */
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The 64 bits as a signed bigint. */
    imageHash: bigint('image_hash', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_report_images_report_idx').on(t.reportId, t.position)],
);

/** A firm's payout record as last computed from its verified reports (one row per firm with any). */
export const firmPayoutRecords = pgTable('firm_payout_records', {
  propFirmId: integer('prop_firm_id')
    .primaryKey()
    .references(() => propFirms.id, { onDelete: 'cascade' }),
  tier: text('tier', { enum: ['high', 'medium', 'low', 'insufficient'] }).notNull(),
  tierChangedAt: timestamp('tier_changed_at', { withTimezone: true }).notNull(),
  medianDays: doublePrecision('median_days'),
  record: jsonb('record').$type<FirmPayoutRecord>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each change of a firm's tier, kept. */
export const firmPayoutTierHistory = pgTable(
  'firm_payout_tier_history',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: ['high', 'medium', 'low', 'insufficient'] }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firm_payout_tier_history_firm_idx').on(t.propFirmId, t.computedAt)],
);
