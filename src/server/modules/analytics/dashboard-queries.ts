import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnalyticsRangeQuery, Granularity } from '../../../domain/admin-analytics';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';
import {
  DAY_MS,
  dayStart,
  HOUR_MS,
  isHourlyDay,
  isoDay,
  pendingCountsSql,
  pendingHourlyCountsSql,
  type Span,
} from './rollups';

/** The range's bounds as instants (the end exclusive) and the period of the same length before it. */
export function boundsOf({ from, to }: AnalyticsRangeQuery) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  const previousStart = start - (end - start);
  return {
    start: new Date(start),
    end: new Date(end),
    previousStart: new Date(previousStart),
    range: { from, to, previousFrom: isoDay(previousStart), previousTo: isoDay(start - DAY_MS) },
  };
}
export type Bounds = ReturnType<typeof boundsOf>;

/** By hour when the range is one day the hourly rollups keep (today or yesterday at `now`), else by day. */
export const granularityOf = ({ from, to }: AnalyticsRangeQuery, now: Date): Granularity =>
  from === to && isHourlyDay(from, now) ? 'hour' : 'day';

/**
 * The series' periods in order: each day of the range, or each hour of its one day that has begun
 * at `now` (today's later hours have no figures yet, rather than zeros).
 */
export function periodsOf(b: Bounds, granularity: Granularity, now: Date) {
  const step = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const end = granularity === 'hour' ? Math.min(b.end.getTime(), now.getTime() + 1) : b.end.getTime();
  const periods: { day: string; hour: number | null; key: string }[] = [];
  for (let t = b.start.getTime(); t < end; t += step) {
    const day = isoDay(t);
    const hour = granularity === 'hour' ? new Date(t).getUTCHours() : null;
    periods.push({ day, hour, key: periodKey(day, hour) });
  }
  return periods;
}
export const periodKey = (day: string, hour: number | null) => (hour == null ? day : `${day}T${hour}`);
/** The UTC hour (0-23) of an hourly rollup row, as a column. */
export const hourColumn = sql`extract(hour from hour at time zone 'UTC')::int`;

export const within = (column: AnyPgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to));
export const int = (value: unknown) => Number(value ?? 0);
export const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The rollup rows of `kinds` over the days [from, to): stored up to where each day is rolled up,
 * computed from the raw rows after that (rollups.ts), so a figure reads a few rows per day (and the
 * raw rows of the few minutes since the rollup job's last run) and is the same either way.
 */
export async function countsOf(db: Db, from: string, to: string, kinds: readonly string[]): Promise<SQL> {
  const rolled = await selectRows<{ day: string; through: Date | string }>(
    db,
    sql`select day::text as day, rolled_through as through from analytics_rolled_days
        where day >= ${from}::date and day < ${to}::date`,
  );
  const rolledThrough = new Map(rolled.map((r) => [r.day, new Date(r.through).getTime()]));
  const spans: Span[] = [];
  for (let t = dayStart(from).getTime(); isoDay(t) < to; t += DAY_MS) {
    const start = Math.max(t, rolledThrough.get(isoDay(t)) ?? t);
    if (start >= t + DAY_MS) continue;
    const last = spans.at(-1);
    if (last && last.end.getTime() === start) last.end = new Date(t + DAY_MS);
    else spans.push({ start: new Date(start), end: new Date(t + DAY_MS) });
  }
  const kindIn = (column: string) => sql`${sql.raw(column)} in (${inList(kinds)})`;
  const stored = sql`(
    select day, kind, key, key2, key3, n, total, samples from analytics_daily_counts
    where day >= ${from}::date and day < ${to}::date and ${kindIn('kind')}
  )`;
  if (!spans.length) return stored;
  return sql`(select * from ${stored} as st
    union all select * from ${pendingCountsSql(spans)} as pe where ${kindIn('pe.kind')})`;
}

/**
 * The hourly rollup rows of `kinds` over `day` (one the hourly rollups keep): stored up to where
 * the day is rolled up, computed from the raw rows after it (an hour split between the two counts
 * each session once), so each hour's figures are the same either way. Columns as countsOf's,
 * `hour` first.
 */
export async function hourlyCountsOf(db: Db, day: string, kinds: readonly string[]): Promise<SQL> {
  const [mark] = await selectRows<{ through: Date | string }>(
    db,
    sql`select rolled_through as through from analytics_rolled_days where day = ${day}::date`,
  );
  const start = dayStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  const rawFrom = new Date(Math.max(start.getTime(), mark ? new Date(mark.through).getTime() : 0));
  const stored = sql`(
    select hour, kind, key, key2, key3, n, total, samples from analytics_hourly_counts
    where hour >= ${start} and hour < ${end} and kind in (${inList(kinds)})
  )`;
  if (rawFrom >= end) return stored;
  return sql`(select * from ${stored} as st
    union all select * from ${pendingHourlyCountsSql([{ start: rawFrom, end }])} as pe where pe.kind in (${inList(kinds)}))`;
}
