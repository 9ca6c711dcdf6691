import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AlertLine, OptionFacts } from '../../../domain/price-alerts';
import { users } from './auth';
import { firmAccounts, propFirms } from './firms';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Every change of an account option's list price or price after its firm's best live coupon, with
 * its time: written by the firm save, coupon saves and the coupon expiry job
 * (modules/price-history/service.ts `recordPriceHistory`), one row per account per change.
 */
export const accountPriceHistory = pgTable(
  'account_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => firmAccounts.id, { onDelete: 'cascade' }),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    listPrice: money('list_price').notNull(),
    priceAfterCoupon: money('price_after_coupon').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_price_history_account_idx').on(t.accountId, t.recordedAt),
    index('account_price_history_firm_idx').on(t.propFirmId),
  ],
);

/** A trader's saved /challenges view: the finder's query string, under a name. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The finder page's query string, as validated (`size=100000&steps=2&pass=20`). */
    query: text('query').notNull(),
    /** The key of the alert emails' one-click unsubscribe link. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** False once the trader unsubscribed from this search's emails (the search stays). */
    alerts: boolean('alerts').notNull().default(true),
    /** When the last alert email of this search was claimed for sending; at most one a day. */
    lastEmailAt: timestamp('last_email_at', { withTimezone: true }),
    /** The last option_alert_changes row an email of this search (or a check that found nothing) took. */
    alertedThrough: bigint('alerted_through', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/**
 * What the alert matching last saw of each account option (its filterable facts and price after
 * coupon): a run compares the catalog against it, records the changes for the searches they
 * concern and moves it on, in one transaction under one lock, so no change is recorded twice.
 */
export const optionAlertStates = pgTable(
  'option_alert_states',
  {
    accountId: integer('account_id').primaryKey(),
    propFirmId: integer('prop_firm_id').notNull(),
    facts: jsonb('facts').$type<OptionFacts>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A firm's save compares only its options' states.
  (t) => [index('option_alert_states_firm_idx').on(t.propFirmId)],
);

/** One alert email of a saved search: claimed, then sent (`sentAt`); a retry sends only unsent ones. */
export const savedSearchAlerts = pgTable('saved_search_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  savedSearchId: integer('saved_search_id')
    .notNull()
    .references(() => savedSearches.id, { onDelete: 'cascade' }),
  /** What the email lists, fixed when it was claimed, so a retry sends the same email. */
  changes: jsonb('changes').$type<AlertLine[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a process took it to send; another may take it again only long after. */
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * One option's change as a matching run saw it (decision 0054): its price after coupon before
 * (null when it is new to the catalog) and after, and the saved searches it concerns at that run:
 * those it newly matches and those it matched and got cheaper for. One row per changed option,
 * whatever the number of searches; each search's next alert email takes the rows after its
 * `alertedThrough`. Settled rows are kept 30 days.
 */
export const optionAlertChanges = pgTable('option_alert_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: integer('account_id').notNull(),
  oldPrice: money('old_price'),
  newPrice: money('new_price').notNull(),
  newFor: integer('new_for').array().notNull(),
  cheaperFor: integer('cheaper_for').array().notNull(),
  /** When every search it concerns had taken it (in an email, or found it cancelled out). */
  settledAt: timestamp('settled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
