import { z } from 'zod';
import { DAY_PATTERN } from './admin-content';
import { ANALYTICS_MAX_DAYS } from './analytics-rules';

const day = z.string().regex(DAY_PATTERN, 'Use the date format YYYY-MM-DD');

/** `?from=&to=`: days in UTC, both included. */
export const AnalyticsRangeQuerySchema = z.object({ from: day, to: day }).superRefine(({ from, to }, ctx) => {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'Not a calendar date' });
    return;
  }
  if (end < start)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must not be before the start' });
  if ((end - start) / 86_400_000 + 1 > ANALYTICS_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `A range is at most ${ANALYTICS_MAX_DAYS} days`,
    });
  }
});
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

const n = z.number();
const RangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
});

/**
 * How a series is cut: by day, or by hour (UTC) when the range is a single day the hourly rollups
 * keep (today or yesterday).
 */
export const GranularitySchema = z.enum(['day', 'hour']);
export type Granularity = z.infer<typeof GranularitySchema>;
/** A series row's period: its UTC day and, by hour, the hour's start (0-23, UTC); null by day. */
const period = { day: z.string(), hour: z.number().int().min(0).max(23).nullable() };

export const ANALYTICS_TOTALS = [
  ['pageViews', 'Page views'],
  ['sessions', 'Unique sessions'],
  ['signUps', 'Sign-ups'],
  ['reviews', 'Reviews'],
  ['giveawayEntries', 'Giveaway entries'],
  ['outboundClicks', 'Outbound clicks'],
  ['couponCopies', 'Coupon copies'],
] as const;
export type AnalyticsTotalKey = (typeof ANALYTICS_TOTALS)[number][0];

export const SiteAnalyticsSchema = z.object({
  range: RangeSchema,
  /** Each total in the range and in the period of the same length just before it. */
  totals: z.record(
    z.enum(ANALYTICS_TOTALS.map(([key]) => key) as [AnalyticsTotalKey, ...AnalyticsTotalKey[]]),
    z.object({ value: n, previous: n }),
  ),
  /** Page views sent by crawlers (by user agent): stored apart, in no other figure. */
  botPageViews: z.object({ value: n, previous: n }),
  granularity: GranularitySchema,
  /**
   * One row per day of the range, or per hour of its day by hour (today's up to the hour under
   * way), empty ones included. Sessions are those seen in the period, each counted once in it.
   */
  series: z.array(z.object({ ...period, pageViews: n, sessions: n, outboundClicks: n })),
  topPages: z.array(z.object({ path: z.string(), views: n, sessions: n })),
  sources: z.array(z.object({ source: z.string(), views: n, sessions: n })),
  campaigns: z.array(z.object({ campaign: z.string(), source: z.string(), medium: z.string(), views: n })),
  devices: z.array(z.object({ device: z.string(), views: n })),
  browsers: z.array(z.object({ browser: z.string(), views: n })),
  /** Page load time in milliseconds, of the views that reported one. */
  loadTime: z.object({ median: n.nullable(), p75: n.nullable(), samples: n }),
  topSearches: z.array(z.object({ query: z.string(), searches: n, averageResults: n })),
  /** What traders looked for that the site does not list. */
  zeroResultSearches: z.array(z.object({ query: z.string(), searches: n })),
  filters: z.array(z.object({ filterType: z.string(), filterValue: z.string(), uses: n })),
});
export type SiteAnalytics = z.infer<typeof SiteAnalyticsSchema>;

export const FirmAnalyticsRowSchema = z.object({
  firmId: n,
  name: z.string(),
  slug: z.string(),
  pageViews: n,
  outboundClicks: n,
  /** Outbound clicks per page view, 0-1; null without views. */
  clickThroughRate: n.nullable(),
  couponCopies: n,
  newReviews: n,
  averageRating: n.nullable(),
  giveawayEntries: n,
});
export type FirmAnalyticsRow = z.infer<typeof FirmAnalyticsRowSchema>;

export const FirmAnalyticsSchema = z.object({ range: RangeSchema, firms: z.array(FirmAnalyticsRowSchema) });
export type FirmAnalytics = z.infer<typeof FirmAnalyticsSchema>;

const Change = z.object({ value: n, previous: n });

/** One firm's page of /admin/firm-analytics/{id}. */
export const FirmAnalyticsDetailSchema = z.object({
  range: RangeSchema,
  firm: z.object({ id: n, name: z.string(), slug: z.string(), listed: z.boolean() }),
  /** Each total in the range and in the period of the same length just before it. */
  totals: z.object({
    pageViews: Change,
    outboundClicks: Change,
    couponCopies: Change,
    newReviews: Change,
    giveawayEntries: Change,
  }),
  /** Outbound clicks per page view in the range, 0-1; null without views. */
  clickThroughRate: n.nullable(),
  averageRating: n.nullable(),
  granularity: GranularitySchema,
  /** One row per day of the range, or per hour of its day by hour (today's up to the hour under way), empty ones included. */
  series: z.array(z.object({ ...period, pageViews: n, outboundClicks: n })),
  /** Where the firm page's views came from (utm_source, '(direct)' without one), busiest first. */
  sources: z.array(z.object({ source: z.string(), views: n })),
});
export type FirmAnalyticsDetail = z.infer<typeof FirmAnalyticsDetailSchema>;
