import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { propFirms } from './firms';

/**
 * A dated change to a firm's funding rules, prices or account sizes, written in the same
 * transaction as the admin's save. One save is one batch: followers get one email per batch.
 */
export const firmRuleChanges = pgTable(
  'firm_rule_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    /** The funding model's name when the change was made (models can be renamed or removed). */
    fundingModelName: text('funding_model_name'),
    /** The account size an account change is about. */
    accountSize: integer('account_size'),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** Proposed by the firm's representative and approved by an admin (a change request). */
    reportedByFirm: boolean('reported_by_firm').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firm_rule_changes_firm_idx').on(t.propFirmId, t.createdAt)],
);

/** Traders following a firm's rule changes; the token is the one-click unsubscribe link's key. */
export const firmFollows = pgTable(
  'firm_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propFirmId] }), index('firm_follows_firm_idx').on(t.propFirmId)],
);
