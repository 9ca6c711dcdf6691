import { z } from 'zod';
import { rowIdParam } from './ids';

/** The contracts of /api/saved-searches and /api/accounts/{id}/price-history. */

export const SavedSearchInputSchema = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name: Give the search a name.')
    .max(80, 'name: At most 80 characters.'),
  query: z
    .string({ error: 'query is required' })
    .max(2000, 'query: At most 2,000 characters.')
    .describe("The finder page's query string, such as size=100000&steps=2&pass=20 (a leading ? is fine)"),
});
export type SavedSearchInput = z.infer<typeof SavedSearchInputSchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string().describe("The finder page's query string, without the leading ?"),
  alerts: z.boolean().describe('Whether alert emails are sent (false once unsubscribed)'),
  matching: z.number().int().describe('Options matching the search now'),
  lowestTrueCost: z
    .number()
    .nullable()
    .describe("The lowest true cost among them at the search's pass rate and months; null when none match"),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);

export const SavedSearchIdParamsSchema = z.object({ id: rowIdParam({ error: 'id must be a number' }) });

export const PricePointSchema = z.object({
  listPrice: z.number(),
  priceAfterCoupon: z.number().describe("After the firm's best live coupon at the time"),
  recordedAt: z.string(),
});

export const PriceHistorySchema = z.object({
  accountId: z.number().int(),
  /** Oldest first: the price in force 12 months ago (when recorded), then every change since. */
  points: z.array(PricePointSchema),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
