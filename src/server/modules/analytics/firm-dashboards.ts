import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AnalyticsRangeQuery,
  FirmAnalytics,
  FirmAnalyticsDetail,
} from '../../../domain/admin-analytics';
import { ANALYTICS_TOP } from '../../../domain/analytics-rules';
import type { Db } from '../../db/client';
import { coupons, couponUses, giveawayEntries, giveaways, propFirms, reviews } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../lib/app-error';
import { LISTED } from '../firms/service';
import {
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
import { DAY_MS, isoDay, OUTBOUND } from './rollups';

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
