import { and, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  AnalyticsRangeQuery,
  AnalyticsTotalKey,
  FirmAnalytics,
  FirmAnalyticsDetail,
  Granularity,
  SiteAnalytics,
} from '../../../domain/admin-analytics';
import { ANALYTICS_TOP } from '../../../domain/analytics-rules';
import type { Db } from '../../db/client';
import { coupons, couponUses, giveawayEntries, giveaways, propFirms, reviews, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../lib/app-error';
import { LISTED } from '../firms/service';
import {
  DAY_MS,
  dayStart,
  HOUR_MS,
  isHourlyDay,
  isoDay,
  OUTBOUND,
  pendingCountsSql,
  pendingHourlyCountsSql,
  type Span,
} from './rollups';

/** The range's bounds as instants (the end exclusive) and the period of the same length before it. */
function boundsOf({ from, to }: AnalyticsRangeQuery) {
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
type Bounds = ReturnType<typeof boundsOf>;

/** By hour when the range is one day the hourly rollups keep (today or yesterday at `now`), else by day. */
const granularityOf = ({ from, to }: AnalyticsRangeQuery, now: Date): Granularity =>
  from === to && isHourlyDay(from, now) ? 'hour' : 'day';

/**
 * The series' periods in order: each day of the range, or each hour of its one day that has begun
 * at `now` (today's later hours have no figures yet, rather than zeros).
 */
function periodsOf(b: Bounds, granularity: Granularity, now: Date) {
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
const periodKey = (day: string, hour: number | null) => (hour == null ? day : `${day}T${hour}`);
/** The UTC hour (0-23) of an hourly rollup row, as a column. */
const hourColumn = sql`extract(hour from hour at time zone 'UTC')::int`;

const within = (column: AnyPgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to));
const int = (value: unknown) => Number(value ?? 0);
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A count in the range and in the period before it, in one pass over both. */
async function countBoth(
  db: Db,
  table: PgTable,
  createdAt: AnyPgColumn,
  b: Bounds,
): Promise<{ value: number; previous: number }> {
  const [row] = await db
    .select({
      value: sql<number>`count(*) filter (where ${createdAt} >= ${b.start})`,
      previous: sql<number>`count(*) filter (where ${createdAt} < ${b.start})`,
    })
    .from(table)
    .where(within(createdAt, b.previousStart, b.end));
  return { value: int(row?.value), previous: int(row?.previous) };
}

/**
 * The rollup rows of `kinds` over the days [from, to): stored up to where each day is rolled up,
 * computed from the raw rows after that (rollups.ts), so a figure reads a few rows per day (and the
 * raw rows of the few minutes since the rollup job's last run) and is the same either way.
 */
async function countsOf(db: Db, from: string, to: string, kinds: readonly string[]): Promise<SQL> {
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
async function hourlyCountsOf(db: Db, day: string, kinds: readonly string[]): Promise<SQL> {
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

/**
 * Exact percentile_cont (PostgreSQL's interpolation) of a distribution given as (value, count)
 * pairs in ascending order of value.
 */
export function percentileOf(distribution: { value: number; count: number }[], p: number): number | null {
  const total = distribution.reduce((sum, d) => sum + d.count, 0);
  if (!total) return null;
  const position = p * (total - 1);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const d of distribution) {
      seen += d.count;
      if (index < seen) return d.value;
    }
    return distribution[distribution.length - 1].value;
  };
  const lower = Math.floor(position);
  const low = valueAt(lower);
  return low + (position - lower) * (valueAt(Math.ceil(position)) - low);
}

/** One point of the dashboard's series: a day, or an hour of it. */
type SeriesRow = { day: string; hour: number | null; views: unknown; sessions: unknown; clicks: unknown };

/** The site dashboard of /admin/analytics: every figure of the range, against the period before. */

export async function getSiteAnalytics(
  db: Db,
  query: AnalyticsRangeQuery,
  now = new Date(),
): Promise<SiteAnalytics> {
  const b = boundsOf(query);
  const granularity = granularityOf(query, now);
  const { from, previousFrom } = b.range;
  const to = isoDay(b.end.getTime());
  // Sessions of a range are those whose previous day seen (key2) is before it (rollups.ts).
  const newIn = (start: string) => sql`(key2 = '' or key2 < ${start})`;
  const current = sql`day >= ${from}::date`;
  const outbound = inList(OUTBOUND);

  const [
    [traffic],
    signUps,
    reviewTotals,
    entries,
    copies,
    series,
    topPages,
    sources,
    campaigns,
    devices,
    browsers,
    loadTimes,
    topSearches,
    zeroResultSearches,
    filters,
  ] = await Promise.all([
    countsOf(db, previousFrom, to, ['views', 'bot_views', 'sessions', 'event']).then((c) =>
      selectRows<Record<string, unknown>>(
        db,
        sql`select
          sum(n) filter (where kind = 'views' and ${current}) as views,
          sum(n) filter (where kind = 'views' and not ${current}) as previous_views,
          sum(n) filter (where kind = 'bot_views' and ${current}) as bots,
          sum(n) filter (where kind = 'bot_views' and not ${current}) as previous_bots,
          sum(n) filter (where kind = 'sessions' and ${current} and ${newIn(from)}) as sessions,
          sum(n) filter (where kind = 'sessions' and not ${current} and ${newIn(previousFrom)}) as previous_sessions,
          sum(n) filter (where kind = 'event' and key in (${outbound}) and ${current}) as clicks,
          sum(n) filter (where kind = 'event' and key in (${outbound}) and not ${current}) as previous_clicks
        from ${c} as c`,
      ),
    ),
    countBoth(db, users, users.createdAt, b),
    countBoth(db, reviews, reviews.createdAt, b),
    countBoth(db, giveawayEntries, giveawayEntries.createdAt, b),
    countBoth(db, couponUses, couponUses.createdAt, b),
    granularity === 'hour'
      ? hourlyCountsOf(db, from, ['views', 'sessions', 'event']).then((c) =>
          selectRows<SeriesRow>(
            db,
            sql`select ${from}::text as day, ${hourColumn} as hour,
              sum(n) filter (where kind = 'views') as views,
              sum(n) filter (where kind = 'sessions') as sessions,
              sum(n) filter (where kind = 'event' and key in (${outbound})) as clicks
            from ${c} as c group by 2`,
          ),
        )
      : countsOf(db, from, to, ['views', 'sessions', 'event']).then((c) =>
          selectRows<SeriesRow>(
            db,
            sql`select day::text as day, null::int as hour,
              sum(n) filter (where kind = 'views') as views,
              sum(n) filter (where kind = 'sessions' and (key2 = '' or key2 < day::text)) as sessions,
              sum(n) filter (where kind = 'event' and key in (${outbound})) as clicks
            from ${c} as c group by day`,
          ),
        ),
    countsOf(db, from, to, ['path', 'path_sessions']).then((c) => topWithSessions(db, c, 'path', from)),
    countsOf(db, from, to, ['source', 'source_sessions']).then((c) => topWithSessions(db, c, 'source', from)),
    countsOf(db, from, to, ['campaign']).then((c) =>
      selectRows<{ campaign: string; source: string; medium: string; views: unknown }>(
        db,
        sql`select key as campaign, key2 as source, key3 as medium, sum(n) as views from ${c} as c
          group by key, key2, key3 order by sum(n) desc, key asc, key2 asc, key3 asc limit ${ANALYTICS_TOP}`,
      ),
    ),
    countsOf(db, from, to, ['device']).then((c) =>
      selectRows<{ key: string; views: unknown }>(
        db,
        sql`select key, sum(n) as views from ${c} as c group by key order by sum(n) desc, key asc`,
      ),
    ),
    countsOf(db, from, to, ['browser']).then((c) =>
      selectRows<{ key: string; views: unknown }>(
        db,
        sql`select key, sum(n) as views from ${c} as c group by key order by sum(n) desc, key asc`,
      ),
    ),
    countsOf(db, from, to, ['load_time']).then((c) =>
      selectRows<{ value: unknown; count: unknown }>(
        db,
        sql`select key::int as value, sum(n) as count from ${c} as c group by key::int order by key::int`,
      ),
    ),
    countsOf(db, from, to, ['search']).then((c) =>
      selectRows<{ query: string; searches: unknown; average: unknown }>(
        db,
        sql`select key as query, sum(n) as searches,
          sum(total)::numeric / nullif(sum(samples), 0) as average
        from ${c} as c group by key order by sum(n) desc, key asc limit ${ANALYTICS_TOP}`,
      ),
    ),
    countsOf(db, from, to, ['search_zero']).then((c) =>
      selectRows<{ query: string; searches: unknown }>(
        db,
        sql`select key as query, sum(n) as searches from ${c} as c
          group by key order by sum(n) desc, key asc limit ${ANALYTICS_TOP}`,
      ),
    ),
    countsOf(db, from, to, ['filter']).then((c) =>
      selectRows<{ filterType: string; filterValue: string; uses: unknown }>(
        db,
        sql`select key as "filterType", key2 as "filterValue", sum(n) as uses from ${c} as c
          group by key, key2 order by sum(n) desc, key asc, key2 asc limit ${ANALYTICS_TOP}`,
      ),
    ),
  ]);

  const byPeriod = new Map(series.map((r) => [periodKey(r.day, r.hour == null ? null : int(r.hour)), r]));
  const periods = periodsOf(b, granularity, now).map(({ day, hour, key }) => {
    const r = byPeriod.get(key);
    return {
      day,
      hour,
      pageViews: int(r?.views),
      sessions: int(r?.sessions),
      outboundClicks: int(r?.clicks),
    };
  });
  const pair = (value: unknown, previous: unknown) => ({ value: int(value), previous: int(previous) });
  const totals: Record<AnalyticsTotalKey, { value: number; previous: number }> = {
    pageViews: pair(traffic?.views, traffic?.previous_views),
    sessions: pair(traffic?.sessions, traffic?.previous_sessions),
    signUps,
    reviews: reviewTotals,
    giveawayEntries: entries,
    outboundClicks: pair(traffic?.clicks, traffic?.previous_clicks),
    couponCopies: copies,
  };
  const distribution = loadTimes.map((r) => ({ value: int(r.value), count: int(r.count) }));
  const round = (v: number | null) => (v == null ? null : Math.round(v));
  return {
    range: b.range,
    totals,
    botPageViews: pair(traffic?.bots, traffic?.previous_bots),
    granularity,
    series: periods,
    topPages: topPages.map((r) => ({ path: r.key, views: r.views, sessions: r.sessions })),
    sources: sources.map((r) => ({ source: r.key, views: r.views, sessions: r.sessions })),
    campaigns: campaigns.map((r) => ({ ...r, views: int(r.views) })),
    devices: devices.map((r) => ({ device: r.key, views: int(r.views) })),
    browsers: browsers.map((r) => ({ browser: r.key, views: int(r.views) })),
    loadTime: {
      median: round(percentileOf(distribution, 0.5)),
      p75: round(percentileOf(distribution, 0.75)),
      samples: distribution.reduce((sum, d) => sum + d.count, 0),
    },
    topSearches: topSearches.map((r) => ({
      query: r.query,
      searches: int(r.searches),
      averageResults: Math.round(Number(r.average ?? 0) * 10) / 10,
    })),
    zeroResultSearches: zeroResultSearches.map((r) => ({ query: r.query, searches: int(r.searches) })),
    filters: filters.map((r) => ({
      filterType: r.filterType,
      filterValue: r.filterValue,
      uses: int(r.uses),
    })),
  };
}

/** The busiest keys of `kind` (path or source) with their views and unique sessions over the range. */
async function topWithSessions(db: Db, counts: SQL, kind: 'path' | 'source', from: string) {
  const rows = await selectRows<{ key: string; views: unknown; sessions: unknown }>(
    db,
    sql`with c as ${counts},
      top as (
        select key, sum(n) as views from c where kind = ${kind}
        group by key order by sum(n) desc, key asc limit ${ANALYTICS_TOP}
      )
      select top.key, top.views, (
        select coalesce(sum(n), 0) from c
        where c.kind = ${`${kind}_sessions`} and c.key = top.key and (c.key2 = '' or c.key2 < ${from})
      ) as sessions
      from top order by top.views desc, top.key asc`,
  );
  return rows.map((r) => ({ key: r.key, views: int(r.views), sessions: int(r.sessions) }));
}

/** Per firm over [start, end): coupon copies, new reviews with their average rating, giveaway entries. */
async function firmActivity(db: Db, start: Date, end: Date, firmId?: number) {
  const only = <C extends AnyPgColumn>(column: C) => (firmId === undefined ? undefined : eq(column, firmId));
  const [copies, newReviews, entries] = await Promise.all([
    db
      .select({ firmId: coupons.propFirmId, n: sql<number>`count(*)::int` })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .where(
        and(
          within(couponUses.createdAt, start, end),
          isNotNull(coupons.propFirmId),
          only(coupons.propFirmId),
        ),
      )
      .groupBy(coupons.propFirmId),
    db
      .select({
        firmId: reviews.propFirmId,
        n: sql<number>`count(*)::int`,
        average: sql<number>`avg(${reviews.rating})`,
      })
      .from(reviews)
      .where(and(within(reviews.createdAt, start, end), only(reviews.propFirmId)))
      .groupBy(reviews.propFirmId),
    db
      .select({ firmId: giveaways.propFirmId, n: sql<number>`count(*)::int` })
      .from(giveawayEntries)
      .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
      .where(
        and(
          within(giveawayEntries.createdAt, start, end),
          isNotNull(giveaways.propFirmId),
          only(giveaways.propFirmId),
        ),
      )
      .groupBy(giveaways.propFirmId),
  ]);
  const reviewsOf = new Map(newReviews.map((r) => [r.firmId, r]));
  return (id: number) => {
    const review = reviewsOf.get(id);
    return {
      couponCopies: int(copies.find((r) => r.firmId === id)?.n),
      newReviews: int(review?.n),
      averageRating: review ? Math.round(Number(review.average) * 10) / 10 : null,
      giveawayEntries: int(entries.find((r) => r.firmId === id)?.n),
    };
  };
}

const clickThrough = (views: number, clicks: number) =>
  views ? Math.round((clicks / views) * 1000) / 1000 : null;

/** Every listed firm over the range: views of its page, clicks out, coupon copies, reviews, entries. */
export async function getFirmAnalytics(db: Db, query: AnalyticsRangeQuery): Promise<FirmAnalytics> {
  const b = boundsOf(query);
  const to = isoDay(b.end.getTime());
  const [firms, views, clicks, activityOf] = await Promise.all([
    db
      .select({ id: propFirms.id, name: propFirms.name, slug: propFirms.slug })
      .from(propFirms)
      .where(eq(propFirms.status, LISTED)),
    countsOf(db, b.range.from, to, ['firm_source']).then((c) =>
      selectRows<{ slug: string; n: unknown }>(
        db,
        sql`select key as slug, sum(n) as n from ${c} as c group by key`,
      ),
    ),
    countsOf(db, b.range.from, to, ['event']).then((c) =>
      selectRows<{ firmId: string; n: unknown }>(
        db,
        sql`select key2 as "firmId", sum(n) as n from ${c} as c
          where key in (${inList(OUTBOUND)}) and key2 <> '' group by key2`,
      ),
    ),
    firmActivity(db, b.start, b.end),
  ]);
  const viewsOf = new Map(views.map((r) => [r.slug, int(r.n)]));
  const clicksOf = new Map(clicks.map((r) => [Number(r.firmId), int(r.n)]));
  const rows = firms.map((f) => {
    const pageViewCount = viewsOf.get(f.slug) ?? 0;
    const outboundClicks = clicksOf.get(f.id) ?? 0;
    return {
      firmId: f.id,
      name: f.name,
      slug: f.slug,
      pageViews: pageViewCount,
      outboundClicks,
      clickThroughRate: clickThrough(pageViewCount, outboundClicks),
      ...activityOf(f.id),
    };
  });
  rows.sort(
    (a, b2) =>
      b2.pageViews - a.pageViews || b2.outboundClicks - a.outboundClicks || a.name.localeCompare(b2.name),
  );
  return { range: b.range, firms: rows };
}

/**
 * One firm's page of /admin/firm-analytics/{id}: its figures over the range against the period
 * before, its views and clicks out by day, and where its page's visitors came from.
 */
export async function getFirmAnalyticsDetail(
  db: Db,
  firmId: number,
  query: AnalyticsRangeQuery,
  now = new Date(),
): Promise<FirmAnalyticsDetail> {
  const [firm] = await db
    .select({ id: propFirms.id, name: propFirms.name, slug: propFirms.slug, status: propFirms.status })
    .from(propFirms)
    .where(eq(propFirms.id, firmId))
    .limit(1);
  if (!firm) throw new AppError(404, 'not_found', 'Firm not found');
  const b = boundsOf(query);
  const { from, previousFrom } = b.range;
  const to = isoDay(b.end.getTime());
  const mine = sql`((kind = 'firm_source' and key = ${firm.slug})
    or (kind = 'event' and key in (${inList(OUTBOUND)}) and key2 = ${String(firm.id)}))`;
  const granularity = granularityOf(query, now);
  const [byDay, byHour, sources, activityNow, activityBefore] = await Promise.all([
    countsOf(db, previousFrom, to, ['firm_source', 'event']).then((c) =>
      selectRows<{ day: string; views: unknown; clicks: unknown }>(
        db,
        sql`select day::text as day, sum(n) filter (where kind = 'firm_source') as views,
          sum(n) filter (where kind = 'event') as clicks
        from ${c} as c where ${mine} group by day`,
      ),
    ),
    granularity === 'hour'
      ? hourlyCountsOf(db, from, ['firm_source', 'event']).then((c) =>
          selectRows<{ hour: number; views: unknown; clicks: unknown }>(
            db,
            sql`select ${hourColumn} as hour, sum(n) filter (where kind = 'firm_source') as views,
              sum(n) filter (where kind = 'event') as clicks
            from ${c} as c where ${mine} group by 1`,
          ),
        )
      : [],
    countsOf(db, from, to, ['firm_source']).then((c) =>
      selectRows<{ source: string; views: unknown }>(
        db,
        sql`select key2 as source, sum(n) as views from ${c} as c where key = ${firm.slug}
          group by key2 order by sum(n) desc, key2 asc limit ${ANALYTICS_TOP}`,
      ),
    ),
    firmActivity(db, b.start, b.end, firm.id),
    firmActivity(db, b.previousStart, b.start, firm.id),
  ]);
  const counted = new Map([
    ...byDay.map((r) => [r.day, { views: int(r.views), clicks: int(r.clicks) }] as const),
    ...byHour.map(
      (r) => [periodKey(from, int(r.hour)), { views: int(r.views), clicks: int(r.clicks) }] as const,
    ),
  ]);
  let previousViews = 0;
  let previousClicks = 0;
  let pageViewTotal = 0;
  let clickTotal = 0;
  for (let t = b.previousStart.getTime(); t < b.end.getTime(); t += DAY_MS) {
    const c = counted.get(isoDay(t)) ?? { views: 0, clicks: 0 };
    if (t < b.start.getTime()) {
      previousViews += c.views;
      previousClicks += c.clicks;
    } else {
      pageViewTotal += c.views;
      clickTotal += c.clicks;
    }
  }
  const series = periodsOf(b, granularity, now).map(({ day, hour, key }) => {
    const c = counted.get(key) ?? { views: 0, clicks: 0 };
    return { day, hour, pageViews: c.views, outboundClicks: c.clicks };
  });
  const current = activityNow(firm.id);
  const before = activityBefore(firm.id);
  return {
    range: b.range,
    firm: { id: firm.id, name: firm.name, slug: firm.slug, listed: firm.status === LISTED },
    totals: {
      pageViews: { value: pageViewTotal, previous: previousViews },
      outboundClicks: { value: clickTotal, previous: previousClicks },
      couponCopies: { value: current.couponCopies, previous: before.couponCopies },
      newReviews: { value: current.newReviews, previous: before.newReviews },
      giveawayEntries: { value: current.giveawayEntries, previous: before.giveawayEntries },
    },
    clickThroughRate: clickThrough(pageViewTotal, clickTotal),
    averageRating: current.averageRating,
    granularity,
    series,
    sources: sources.map((r) => ({ source: r.source, views: int(r.views) })),
  };
}
