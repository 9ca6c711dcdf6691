import { z } from 'zod';
import {
  ASSET_FILTER_VALUES,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_MAX_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_QUERY_MAX,
  DIRECTORY_SORTS,
} from '../../../domain/firm-rules';
import { FirmSummaryListSchema } from '../../../domain/firms';

/**
 * Contracts of GET /api/firms and GET /api/firms/stats. Their TypeScript shapes (DirectoryQuery,
 * DirectoryPage, DirectoryStats) are in domain/firm-rules.ts for the browser, which never loads
 * zod for them; the route handlers' types make sure both agree.
 */

const whole = (field: string, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from 1 to ${max}` })
    .int(`${field} must be a whole number from 1 to ${max}`)
    .min(1, `${field} must be a whole number from 1 to ${max}`)
    .max(max, `${field} must be a whole number from 1 to ${max}`);

export const DirectoryQuerySchema = z.object({
  market: z
    .enum(ASSET_FILTER_VALUES, { error: `market must be one of ${ASSET_FILTER_VALUES.join(', ')}` })
    .default('all')
    .describe('Asset class: cfd takes assetType texts containing cfd or forex; all is no filter'),
  sort: z
    .enum(DIRECTORY_SORTS, { error: `sort must be one of ${DIRECTORY_SORTS.join(', ')}` })
    .optional()
    .describe(
      'az: name A-Z ignoring case (also the default order); rating: trust weight (approved 3, caution 2, avoid 1, not tested 0), then name; reviews: average review rating, then review count, then name. The featured firm always comes first.',
    ),
  q: z
    .string()
    .trim()
    .max(DIRECTORY_QUERY_MAX, `q is limited to ${DIRECTORY_QUERY_MAX} characters`)
    .default('')
    .describe('Text the name, short description or assetType must contain (any case)'),
  page: whole('page', DIRECTORY_MAX_PAGE).default(1).describe('Page number, from 1'),
  pageSize: whole('pageSize', DIRECTORY_MAX_PAGE_SIZE)
    .default(DIRECTORY_PAGE_SIZE)
    .describe(`Firms per page, ${DIRECTORY_PAGE_SIZE} unless given`),
});

export const DirectoryPageSchema = z.object({
  firms: FirmSummaryListSchema,
  total: z.number().int().describe('Firms matching market and q, over all pages'),
  page: z.number().int(),
  pageSize: z.number().int(),
  featuredFirmId: z
    .number()
    .int()
    .nullable()
    .describe('The featured firm, first on page 1 whenever it matches the filters'),
});

export const DirectoryStatsSchema = z.object({
  listedCount: z.number().int().describe('Listed firms'),
  approvedCount: z.number().int().describe('Listed firms rated approved (or trusted)'),
  accountCount: z.number().int().describe('Account options of listed firms'),
  activeCouponCount: z.number().int().describe('Active, unexpired coupons of listed firms'),
});
