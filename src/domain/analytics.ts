import { z } from 'zod';
import { rowId } from './ids';

const shortText = (max: number) => z.string().trim().max(max);

export const DEVICES = ['tablet', 'mobile', 'desktop'] as const;
export const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Unknown'] as const;

export const PageViewSchema = z.object({
  path: shortText(2048).min(1).startsWith('/'),
  title: shortText(300).optional(),
  sessionId: shortText(100).min(8),
  userId: z.string().max(100).nullish(),
  device: z.enum(DEVICES),
  browser: z.enum(BROWSERS),
  loadTime: z.number().int().min(0).max(600_000).optional(),
  utmSource: shortText(200).optional(),
  utmMedium: shortText(200).optional(),
  utmCampaign: shortText(200).optional(),
  utmTerm: shortText(200).optional(),
  utmContent: shortText(200).optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;

export const ACTIVITY_TYPES = [
  'user_signup',
  'user_login',
  'firm_click',
  'coupon_click',
  'giveaway_entry',
  'blog_view',
  'error',
  'api_request',
  'search',
  'filter',
  'link_click',
] as const;

const Metadata = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4000, 'must be at most 4,000 characters of JSON');

export const ActivityLogSchema = z.object({
  activityType: z.enum(ACTIVITY_TYPES),
  userId: z.string().max(100).nullish(),
  metadata: Metadata.optional(),
  referrerUrl: z.string().max(2048).nullish(),
});
export type ActivityLog = z.infer<typeof ActivityLogSchema>;

export const SearchEventSchema = z.object({
  activityType: z.literal('search').default('search'),
  searchQuery: shortText(200).min(1),
  resultsCount: z.number().int().min(0),
  context: shortText(100).optional(),
});

export const FilterEventSchema = z.object({
  activityType: z.literal('filter').default('filter'),
  filterType: shortText(100).min(1),
  filterValue: shortText(200).min(1),
  resultsCount: z.number().int().min(0),
  context: shortText(100).optional(),
});

export const LinkClickEventSchema = z.object({
  url: z.url().max(2048),
  clickType: z.enum(['coupon', 'firm']),
  propFirmId: rowId().nullish(),
  couponId: rowId().nullish(),
});

export const AcceptedSchema = z.object({ ok: z.literal(true) });
