import { bigint, boolean, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The analytics rollups (decision 0031): one row per day and figure, so the dashboards read small
 * tables instead of every page view. `kind` names the figure and what the keys mean
 * (modules/analytics/rollups.ts), one row per day and distinct keys; `n` is a count, `total` and `samples` a sum and how many values
 * it adds (an average is total / samples).
 */
export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull().default(''),
    key2: text('key2').notNull().default(''),
    key3: text('key3').notNull().default(''),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    samples: bigint('samples', { mode: 'number' }).notNull().default(0),
  },
  // No unique key over the keys: a path may be longer than a btree entry can hold.
  (t) => [
    index('analytics_daily_counts_kind_idx').on(t.kind, t.day),
    index('analytics_daily_counts_day_idx').on(t.day),
  ],
);

/**
 * Each session's pages and sources of one day, and its last view of the day rolled up: what the
 * rollup job looks back in to know when a session was last seen before a day (and in the hour a
 * run adds to), so unique sessions over any range, and of each hour, add up exactly.
 */
export const analyticsSessionDays = pgTable(
  'analytics_session_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sessionId: text('session_id').notNull(),
    paths: text('paths').array().notNull(),
    sources: text('sources').array().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.sessionId] }),
    index('analytics_session_days_session_idx').on(t.sessionId, t.day),
  ],
);

/**
 * The days rolled up, and up to which instant: today's is the rollup job's watermark, a few minutes
 * back. The dashboards read a day's rollups and its raw rows from `rolledThrough` on; the job adds
 * the raw rows after it. A day rolled through its end is final: its raw rows may be pruned.
 */
export const analyticsRolledDays = pgTable('analytics_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledThrough: timestamp('rolled_through', { withTimezone: true }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
  final: boolean('final').notNull(),
});

/**
 * The analytics rollups by hour (decision 0031), for the days the dashboards chart by hour: today
 * and yesterday (UTC), older rows deleted by the rollup job. The same columns as the daily table;
 * `hour` is the hour's start. Kinds: views, bot_views, path, source, firm_source and event as by
 * day, and sessions (the distinct sessions seen in the hour).
 */
export const analyticsHourlyCounts = pgTable(
  'analytics_hourly_counts',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull().default(''),
    key2: text('key2').notNull().default(''),
    key3: text('key3').notNull().default(''),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    samples: bigint('samples', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('analytics_hourly_counts_kind_idx').on(t.kind, t.hour)],
);
