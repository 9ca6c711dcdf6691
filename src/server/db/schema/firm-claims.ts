import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FIRM_CLAIM_STATUSES } from '../../../domain/firm-claim-rules';
import { users } from './auth';
import { propFirms } from './firms';

/**
 * A user's claim to work at a firm: an address at the firm's domain, proved by a code sent there
 * (kept only as an HMAC), then an admin's decision. Claims are never shown to the public.
 */
export const firmClaims = pgTable(
  'firm_claims',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workEmail: text('work_email').notNull(),
    jobTitle: text('job_title').notNull(),
    note: text('note').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** Codes entered so far: at five the claim is spent, whatever the next one would be. */
    codeTries: integer('code_tries').notNull().default(0),
    status: text('status', { enum: FIRM_CLAIM_STATUSES }).notNull().default('unconfirmed'),
    /** Why an admin rejected it; the claimant reads it. */
    rejectReason: text('reject_reason'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A user's claims of one firm (the pending check) and their own list.
    index('firm_claims_user_idx').on(t.userId, t.propFirmId, t.createdAt),
    // The admins' queue: confirmed claims, oldest first.
    index('firm_claims_waiting_idx').on(t.confirmedAt).where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * Who speaks for a firm: made by an approved claim, removed by an admin with a reason (the row
 * stays, with when, who and why). "Is this user a representative of firm X" is one lookup of the
 * unique index on current rows.
 */
export const firmRepresentatives = pgTable(
  'firm_representatives',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimId: integer('claim_id').references(() => firmClaims.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedReason: text('removed_reason'),
  },
  (t) => [
    uniqueIndex('firm_representatives_current_idx')
      .on(t.propFirmId, t.userId)
      .where(sql`${t.removedAt} is null`),
    // The firms a user represents (the current user's `representativeOf`).
    index('firm_representatives_user_idx').on(t.userId).where(sql`${t.removedAt} is null`),
  ],
);
