import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdminFirm, FirmValues } from '../../../domain/admin-firms';
import { CHANGE_REQUEST_STATUSES } from '../../../domain/change-requests';
import { users } from './auth';
import { propFirms } from './firms';

/**
 * A correction a firm's representative proposes to its own listing (modules/change-requests): the
 * admin editor's values, made against one version of the firm (kept whole in `base`, so an admin
 * sees what was saved since), waiting for an admin who applies it through the editor's save or
 * rejects it with a reason. One pending request per firm at a time.
 */
export const firmChangeRequests = pgTable(
  'firm_change_requests',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The firm as the editor loaded it when the request was made (its `version` included). */
    base: jsonb('base').$type<AdminFirm>().notNull(),
    /** The proposed values, with the firm's site-only fields as they were. */
    proposal: jsonb('proposal').$type<FirmValues>().notNull(),
    note: text('note').notNull(),
    source: text('source').notNull(),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firm_change_requests_pending_idx').on(t.propFirmId).where(sql`${t.status} = 'pending'`),
    index('firm_change_requests_firm_idx').on(t.propFirmId, t.createdAt),
    index('firm_change_requests_status_idx').on(t.status, t.createdAt),
  ],
);
