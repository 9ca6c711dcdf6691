import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnalyticsRangeQuery, AnalyticsTotalKey, SiteAnalytics } from '../../../domain/admin-analytics';
import { ANALYTICS_TOP } from '../../../domain/analytics-rules';
import type { Db } from '../../db/client';
import { couponUses, giveawayEntries, reviews, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import {
  type Bounds,
  boundsOf,
  countsOf,
  granularityOf,
  hourColumn,
  hourlyCountsOf,
  inList,
  int,
  periodKey,
  periodsOf,
  within,
} from './dashboard-queries';
import { isoDay, OUTBOUND } from './rollups';

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
