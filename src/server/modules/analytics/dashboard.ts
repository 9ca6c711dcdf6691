import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  AnalyticsRangeQuery,
  AnalyticsTotalKey,
  FirmAnalytics,
  SiteAnalytics,
} from '../../../domain/admin-analytics';
import { ANALYTICS_TOP } from '../../../domain/analytics-rules';
import type { Db } from '../../db/client';
import {
  activityLogs,
  coupons,
  couponUses,
  giveawayEntries,
  giveaways,
  pageViews,
  propFirms,
  reviews,
  users,
} from '../../db/schema';
import { LISTED } from '../firms/service';

const DAY_MS = 86_400_000;
/** The activity rows that are a visitor leaving for a firm: the tracked redirects and link clicks. */
const OUTBOUND = ['firm_click', 'coupon_click', 'link_click'];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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

const within = (column: AnyPgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to));
const int = (value: unknown) => Number(value ?? 0);

/** A count in the range and in the period before it, in one pass over both. */
async function countBoth(
  db: Db,
  table: PgTable,
  createdAt: AnyPgColumn,
  b: Bounds,
  extra?: ReturnType<typeof and>,
  counted = sql`*`,
): Promise<{ value: number; previous: number }> {
  const [row] = await db
    .select({
      value: sql<number>`count(${counted}) filter (where ${createdAt} >= ${b.start})`,
      previous: sql<number>`count(${counted}) filter (where ${createdAt} < ${b.start})`,
    })
    .from(table)
    .where(and(within(createdAt, b.previousStart, b.end), extra));
  return { value: int(row?.value), previous: int(row?.previous) };
}

/** The site dashboard of /admin/analytics: every figure computed from the stored rows of the range. */
export async function getSiteAnalytics(db: Db, query: AnalyticsRangeQuery): Promise<SiteAnalytics> {
  const b = boundsOf(query);
  const views = within(pageViews.createdAt, b.start, b.end);
  const outbound = and(
    inArray(activityLogs.activityType, OUTBOUND),
    within(activityLogs.createdAt, b.start, b.end),
  );
  const searches = and(
    eq(activityLogs.activityType, 'search'),
    within(activityLogs.createdAt, b.start, b.end),
  );
  const searchQuery = sql<string>`lower(btrim(${activityLogs.metadata}->>'searchQuery'))`;
  const resultsCount = sql`(${activityLogs.metadata}->>'resultsCount')::int`;
  const viewsCount = sql<number>`count(*)::int`;
  const sessionsCount = sql<number>`count(distinct ${pageViews.sessionId})::int`;
  const sourceOf = sql<string>`coalesce(nullif(${pageViews.utmSource}, ''), '(direct)')`;
  const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

  const [
    pageViewTotals,
    sessionTotals,
    signUps,
    reviewTotals,
    entries,
    outboundTotals,
    copies,
    viewsByDay,
    clicksByDay,
    topPages,
    sources,
    campaigns,
    devices,
    browsers,
    [load],
    topSearches,
    zeroResultSearches,
    filters,
  ] = await Promise.all([
    countBoth(db, pageViews, pageViews.createdAt, b),
    countBoth(db, pageViews, pageViews.createdAt, b, undefined, sql`distinct ${pageViews.sessionId}`),
    countBoth(db, users, users.createdAt, b),
    countBoth(db, reviews, reviews.createdAt, b),
    countBoth(db, giveawayEntries, giveawayEntries.createdAt, b),
    countBoth(db, activityLogs, activityLogs.createdAt, b, inArray(activityLogs.activityType, OUTBOUND)),
    countBoth(db, couponUses, couponUses.createdAt, b),
    db
      .select({ day: dayOf(pageViews.createdAt), views: viewsCount, sessions: sessionsCount })
      .from(pageViews)
      .where(views)
      .groupBy(dayOf(pageViews.createdAt)),
    db
      .select({ day: dayOf(activityLogs.createdAt), clicks: sql<number>`count(*)::int` })
      .from(activityLogs)
      .where(outbound)
      .groupBy(dayOf(activityLogs.createdAt)),
    db
      .select({ path: pageViews.path, views: viewsCount, sessions: sessionsCount })
      .from(pageViews)
      .where(views)
      .groupBy(pageViews.path)
      .orderBy(desc(viewsCount), asc(pageViews.path))
      .limit(ANALYTICS_TOP),
    db
      .select({ source: sourceOf, views: viewsCount, sessions: sessionsCount })
      .from(pageViews)
      .where(views)
      .groupBy(sourceOf)
      .orderBy(desc(viewsCount), asc(sourceOf))
      .limit(ANALYTICS_TOP),
    db
      .select({
        campaign: sql<string>`${pageViews.utmCampaign}`,
        source: sourceOf,
        medium: sql<string>`coalesce(${pageViews.utmMedium}, '')`,
        views: viewsCount,
      })
      .from(pageViews)
      .where(and(views, isNotNull(pageViews.utmCampaign)))
      .groupBy(pageViews.utmCampaign, sourceOf, sql`coalesce(${pageViews.utmMedium}, '')`)
      .orderBy(desc(viewsCount), asc(pageViews.utmCampaign))
      .limit(ANALYTICS_TOP),
    db
      .select({ device: pageViews.device, views: viewsCount })
      .from(pageViews)
      .where(views)
      .groupBy(pageViews.device)
      .orderBy(desc(viewsCount), asc(pageViews.device)),
    db
      .select({ browser: pageViews.browser, views: viewsCount })
      .from(pageViews)
      .where(views)
      .groupBy(pageViews.browser)
      .orderBy(desc(viewsCount), asc(pageViews.browser)),
    db
      .select({
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${pageViews.loadTime})`,
        p75: sql<number | null>`percentile_cont(0.75) within group (order by ${pageViews.loadTime})`,
        samples: sql<number>`count(${pageViews.loadTime})::int`,
      })
      .from(pageViews)
      .where(views),
    db
      .select({
        query: searchQuery,
        searches: sql<number>`count(*)::int`,
        averageResults: sql<number>`avg(${resultsCount})`,
      })
      .from(activityLogs)
      .where(searches)
      .groupBy(searchQuery)
      .orderBy(desc(sql`count(*)`), asc(searchQuery))
      .limit(ANALYTICS_TOP),
    db
      .select({ query: searchQuery, searches: sql<number>`count(*)::int` })
      .from(activityLogs)
      .where(and(searches, sql`${resultsCount} = 0`))
      .groupBy(searchQuery)
      .orderBy(desc(sql`count(*)`), asc(searchQuery))
      .limit(ANALYTICS_TOP),
    db
      .select({
        filterType: sql<string>`${activityLogs.metadata}->>'filterType'`,
        filterValue: sql<string>`${activityLogs.metadata}->>'filterValue'`,
        uses: sql<number>`count(*)::int`,
      })
      .from(activityLogs)
      .where(and(eq(activityLogs.activityType, 'filter'), within(activityLogs.createdAt, b.start, b.end)))
      .groupBy(sql`${activityLogs.metadata}->>'filterType'`, sql`${activityLogs.metadata}->>'filterValue'`)
      .orderBy(desc(sql`count(*)`), asc(sql`${activityLogs.metadata}->>'filterType'`))
      .limit(ANALYTICS_TOP),
  ]);

  const viewsOn = new Map(viewsByDay.map((r) => [r.day, r]));
  const clicksOn = new Map(clicksByDay.map((r) => [r.day, int(r.clicks)]));
  const series: SiteAnalytics['series'] = [];
  for (let t = b.start.getTime(); t < b.end.getTime(); t += DAY_MS) {
    const day = isoDay(t);
    const v = viewsOn.get(day);
    series.push({
      day,
      pageViews: int(v?.views),
      sessions: int(v?.sessions),
      outboundClicks: clicksOn.get(day) ?? 0,
    });
  }
  const totals: Record<AnalyticsTotalKey, { value: number; previous: number }> = {
    pageViews: pageViewTotals,
    sessions: sessionTotals,
    signUps,
    reviews: reviewTotals,
    giveawayEntries: entries,
    outboundClicks: outboundTotals,
    couponCopies: copies,
  };
  const round = (v: unknown) => (v == null ? null : Math.round(Number(v)));
  return {
    range: b.range,
    totals,
    series,
    topPages: topPages.map((r) => ({ path: r.path, views: int(r.views), sessions: int(r.sessions) })),
    sources: sources.map((r) => ({ source: r.source, views: int(r.views), sessions: int(r.sessions) })),
    campaigns: campaigns.map((r) => ({ ...r, views: int(r.views) })),
    devices: devices.map((r) => ({ device: r.device, views: int(r.views) })),
    browsers: browsers.map((r) => ({ browser: r.browser, views: int(r.views) })),
    loadTime: { median: round(load?.median), p75: round(load?.p75), samples: int(load?.samples) },
    topSearches: topSearches.map((r) => ({
      query: r.query ?? '',
      searches: int(r.searches),
      averageResults: Math.round(Number(r.averageResults ?? 0) * 10) / 10,
    })),
    zeroResultSearches: zeroResultSearches.map((r) => ({ query: r.query ?? '', searches: int(r.searches) })),
    filters: filters.map((r) => ({
      filterType: r.filterType ?? '',
      filterValue: r.filterValue ?? '',
      uses: int(r.uses),
    })),
  };
}

/** Every listed firm over the range: views of its page, clicks out, coupon copies, reviews, entries. */
export async function getFirmAnalytics(db: Db, query: AnalyticsRangeQuery): Promise<FirmAnalytics> {
  const b = boundsOf(query);
  const slugOfPath = sql<string>`split_part(${pageViews.path}, '/', 3)`;
  const [firms, views, clicks, copies, newReviews, entries] = await Promise.all([
    db
      .select({ id: propFirms.id, name: propFirms.name, slug: propFirms.slug })
      .from(propFirms)
      .where(eq(propFirms.status, LISTED)),
    db
      .select({ slug: slugOfPath, n: sql<number>`count(*)::int` })
      .from(pageViews)
      .where(and(within(pageViews.createdAt, b.start, b.end), sql`${pageViews.path} like '/firm/%'`))
      .groupBy(slugOfPath),
    db
      .select({ firmId: activityLogs.propFirmId, n: sql<number>`count(*)::int` })
      .from(activityLogs)
      .where(
        and(
          inArray(activityLogs.activityType, OUTBOUND),
          isNotNull(activityLogs.propFirmId),
          within(activityLogs.createdAt, b.start, b.end),
        ),
      )
      .groupBy(activityLogs.propFirmId),
    db
      .select({ firmId: coupons.propFirmId, n: sql<number>`count(*)::int` })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .where(and(within(couponUses.createdAt, b.start, b.end), isNotNull(coupons.propFirmId)))
      .groupBy(coupons.propFirmId),
    db
      .select({
        firmId: reviews.propFirmId,
        n: sql<number>`count(*)::int`,
        average: sql<number>`avg(${reviews.rating})`,
      })
      .from(reviews)
      .where(within(reviews.createdAt, b.start, b.end))
      .groupBy(reviews.propFirmId),
    db
      .select({ firmId: giveaways.propFirmId, n: sql<number>`count(*)::int` })
      .from(giveawayEntries)
      .innerJoin(giveaways, eq(giveaways.id, giveawayEntries.giveawayId))
      .where(and(within(giveawayEntries.createdAt, b.start, b.end), isNotNull(giveaways.propFirmId)))
      .groupBy(giveaways.propFirmId),
  ]);
  const countsBy = <K>(rows: { key: K; n: number }[]) => new Map(rows.map((r) => [r.key, int(r.n)]));
  const viewsOf = countsBy(views.map((r) => ({ key: r.slug, n: r.n })));
  const clicksOf = countsBy(clicks.map((r) => ({ key: r.firmId, n: r.n })));
  const copiesOf = countsBy(copies.map((r) => ({ key: r.firmId, n: r.n })));
  const entriesOf = countsBy(entries.map((r) => ({ key: r.firmId, n: r.n })));
  const reviewsOf = new Map(newReviews.map((r) => [r.firmId, r]));
  const rows = firms.map((f) => {
    const pageViewCount = viewsOf.get(f.slug) ?? 0;
    const outboundClicks = clicksOf.get(f.id) ?? 0;
    const review = reviewsOf.get(f.id);
    return {
      firmId: f.id,
      name: f.name,
      slug: f.slug,
      pageViews: pageViewCount,
      outboundClicks,
      clickThroughRate: pageViewCount ? Math.round((outboundClicks / pageViewCount) * 1000) / 1000 : null,
      couponCopies: copiesOf.get(f.id) ?? 0,
      newReviews: int(review?.n),
      averageRating: review ? Math.round(Number(review.average) * 10) / 10 : null,
      giveawayEntries: entriesOf.get(f.id) ?? 0,
    };
  });
  rows.sort(
    (a, b2) =>
      b2.pageViews - a.pageViews || b2.outboundClicks - a.outboundClicks || a.name.localeCompare(b2.name),
  );
  return { range: b.range, firms: rows };
}
