import {
  AccountCountListSchema,
  AccountWithDetailsListSchema,
  FeaturedFirmSchema,
  FirmDetailsSchema,
  FirmResourceListSchema,
  FirmSlugParamsSchema,
  FirmSummaryListSchema,
  HeroStatsSchema,
  SearchQuerySchema,
  SearchResultListSchema,
  UnlistedFirmListSchema,
} from '../../../domain/firms';
import type { Http } from '../../lib/http';
import {
  getFeaturedFirm,
  getFirmDetails,
  getHeroStats,
  listAccountCounts,
  listAccountsWithDetails,
  listFirmPayoutMethods,
  listFirmPlatforms,
  listFirms,
  listUnlistedFirms,
  searchFirms,
} from './service';

const tags = ['firms'];
const firmsCache = { cacheTags: ['firms'] };

export async function firmsRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/firms',
    {
      schema: {
        tags,
        summary: 'Listed firms for the directory, compact: counts and best coupon instead of full lists',
        response: { 200: FirmSummaryListSchema },
      },
      config: { cacheTags: ['firms', 'coupons', 'reviews'] },
    },
    () => listFirms(db),
  );

  app.get(
    '/api/unlisted-firms',
    {
      schema: {
        tags,
        summary: 'Firms not yet listed: pending first, then sortOrder, then name',
        response: { 200: UnlistedFirmListSchema },
      },
      config: firmsCache,
    },
    () => listUnlistedFirms(db),
  );

  app.get(
    '/api/firms/account-counts',
    { schema: { tags, response: { 200: AccountCountListSchema } }, config: firmsCache },
    () => listAccountCounts(db),
  );

  app.get(
    '/api/accounts-with-details',
    { schema: { tags, response: { 200: AccountWithDetailsListSchema } }, config: firmsCache },
    () => listAccountsWithDetails(db),
  );

  app.get(
    '/api/hero-stats',
    {
      schema: { tags, response: { 200: HeroStatsSchema } },
      config: { cacheTags: ['firms', 'coupons', 'users', 'newsletter'] },
    },
    () => getHeroStats(db),
  );

  app.get(
    '/api/featured-firm',
    { schema: { tags, response: { 200: FeaturedFirmSchema } }, config: firmsCache },
    () => getFeaturedFirm(db),
  );

  app.get(
    '/api/search/firms',
    {
      schema: {
        tags,
        summary: 'Fuzzy firm search by name: best match first, at most 10',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultListSchema },
      },
      config: firmsCache,
    },
    (request) => searchFirms(db, request.query.q),
  );

  app.get(
    '/api/firms/:slug/details',
    {
      schema: { tags, params: FirmSlugParamsSchema, response: { 200: FirmDetailsSchema } },
      config: { cacheTags: ['firms', 'coupons'] },
    },
    (request) => getFirmDetails(db, request.params.slug),
  );

  app.get(
    '/api/firms/:slug/platforms',
    {
      schema: { tags, params: FirmSlugParamsSchema, response: { 200: FirmResourceListSchema } },
      config: firmsCache,
    },
    (request) => listFirmPlatforms(db, request.params.slug),
  );

  app.get(
    '/api/firms/:slug/payout-methods',
    {
      schema: { tags, params: FirmSlugParamsSchema, response: { 200: FirmResourceListSchema } },
      config: firmsCache,
    },
    (request) => listFirmPayoutMethods(db, request.params.slug),
  );
}
